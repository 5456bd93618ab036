import { isTaxError, TaxError } from '../core/errors.ts';

/**
 * Runs `run`, and turns a TaxError that names a domain key (`details.field`, e.g.
 * `address_postal_code`, as the core reports it) into one that names the field the caller
 * sent (`customer.address.address_postal_code`), in `details.field` and in the message. The
 * core knows what is wrong; only the wire layer knows where the caller put it.
 *
 * @example
 * atField('origin_address', () => resolveAddress(origin, tables)); // ZIP_STATE_MISMATCH names origin_address.address_postal_code
 */
export function atField<T>(prefix: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw prefixed(error, prefix);
  }
}

/** {@link atField} for async work. */
export async function atFieldAsync<T>(prefix: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw prefixed(error, prefix);
  }
}

function prefixed(error: unknown, prefix: string): unknown {
  if (!isTaxError(error)) return error;
  const field = error.details?.field;
  if (typeof field !== 'string' || field === '' || field.startsWith(`${prefix}.`)) {
    if (field !== undefined) return error;
    return new TaxError(error.type, error.message, { details: { ...error.details, field: prefix }, cause: error });
  }
  const path = `${prefix}.${field}`;
  const message = error.message.startsWith(field) ? `${prefix}.${error.message}` : error.message;
  return new TaxError(error.type, message, { details: { ...error.details, field: path }, cause: error });
}
