import { isTaxError, TaxError } from '../core/errors.ts';
import { addressFields } from './address-fields.ts';
import { mapFields } from './field-map.ts';

/**
 * Runs `run` (an address check of the core), and turns a TaxError keyed by an address field
 * (`['postalCode']`) into one that names the field the caller sent
 * (`customer.address.address_postal_code`), in `details.field` and in the message. The core
 * knows what is wrong; only the wire layer knows where the caller put it. An error that already
 * names a request field (`details.field`) gets `prefix` in front of it.
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
  if (error.key !== undefined) return mapFields(error, (key) => atPrefix(prefix, addressFields(key)));
  const field = error.details?.field;
  if (typeof field !== 'string' || field === '' || field.startsWith(`${prefix}.`)) {
    if (field !== undefined) return error;
    return new TaxError(error.type, error.message, { details: { ...error.details, field: prefix }, cause: error });
  }
  const path = `${prefix}.${field}`;
  const message = error.message.startsWith(field) ? `${prefix}.${error.message}` : error.message;
  return new TaxError(error.type, message, { details: { ...error.details, field: path }, cause: error });
}

function atPrefix(prefix: string, field: string | undefined): string {
  return field === undefined ? prefix : `${prefix}.${field}`;
}
