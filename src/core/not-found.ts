import { type DomainKey, keyedError, TaxError, type TaxErrorType } from './errors.ts';

const NOT_FOUND_TYPE = {
  calculation: 'CALCULATION_NOT_FOUND',
  transaction: 'TRANSACTION_NOT_FOUND',
  refund: 'REFUND_NOT_FOUND',
  customer: 'CUSTOMER_NOT_FOUND',
  merchant: 'MERCHANT_NOT_FOUND',
  registration: 'REGISTRATION_NOT_FOUND',
  certificate: 'CERTIFICATE_NOT_FOUND',
  'certificate request': 'CERTIFICATE_REQUEST_NOT_FOUND',
  // A GET of an unknown product is 404; a calculation line naming one stays 400 PRODUCT_NOT_FOUND.
  product: 'PRODUCT_NOT_FOUND_BY_ID',
} as const satisfies Record<string, TaxErrorType>;

/** The kinds of record a caller can name by id. */
export type RecordKind = keyof typeof NOT_FOUND_TYPE;

/**
 * The one error for a record the caller named that does not exist in its account and mode
 * (or was deleted): 404 `<KIND>_NOT_FOUND`, worded alike for every kind. `key` is the domain
 * key of the input that named it (the wire layer maps it to the request field).
 */
export function notFound(kind: RecordKind, idOrReference: string, key?: DomainKey): TaxError {
  const message = `No ${kind} "${idOrReference}" exists in this account and mode.`;
  if (key !== undefined) return keyedError(NOT_FOUND_TYPE[kind], key, message);
  return new TaxError(NOT_FOUND_TYPE[kind], message);
}
