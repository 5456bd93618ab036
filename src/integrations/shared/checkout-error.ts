import { isTaxError } from '../../index.ts';

/**
 * What a checkout framework gets when taxkit cannot tax an order: taxkit's own message and
 * error type, never an empty list of tax lines that would let the order through untaxed.
 * `type` is `invalid_data`, which Medusa's error handler answers with 400 and this message.
 */
export class TaxkitCheckoutError extends Error {
  override readonly name = 'TaxkitCheckoutError';
  readonly type = 'invalid_data';
  /** taxkit's error type: `ZIP_STATE_MISMATCH`, `INVALID_COUNTRY_CODE`, … */
  readonly taxkitType: string;
  /** The request field taxkit named, when it named one. */
  readonly field: string | undefined;

  constructor(taxkitType: string, message: string, field: string | undefined) {
    super(message);
    this.taxkitType = taxkitType;
    this.field = field;
  }
}

/** A TaxError turned into a {@link TaxkitCheckoutError}; anything else is rethrown as it is. */
export function checkoutError(error: unknown): unknown {
  if (!isTaxError(error)) return error;
  const field = (error.details as { field?: unknown } | undefined)?.field;
  return new TaxkitCheckoutError(
    error.type,
    `taxkit cannot calculate tax for this order: ${error.message}`,
    typeof field === 'string' ? field : undefined,
  );
}
