/**
 * The one error type of taxkit. Every failure a caller can cause — bad input, a missing record,
 * a duplicate, a business rule — is a `TaxError` whose `type` is the SCREAMING_SNAKE name the
 * hosted API uses, and whose `status` is the HTTP status the service interface answers with.
 *
 * Anything thrown that is not a `TaxError` is a bug in taxkit and surfaces as INTERNAL_ERROR.
 *
 * @module
 */

/** Every error type taxkit can report, with its HTTP status. See docs/interface.md §7 and docs/decisions.md. */
export const TAX_ERROR_STATUS = {
  // validation (400)
  ERROR: 400,
  INVALID_JSON: 400,
  MISSING_FIELD: 400,
  INCORRECT_TYPE: 400,
  UNRECOGNIZED_FIELD: 400,
  POSITIVE_NUMBER_REQUIRED: 400,
  NEGATIVE_NUMBER_REQUIRED: 400,
  INVALID_EMAIL: 400,
  INVALID_VALUE: 400,
  MALFORMED_ADDRESS: 400,
  ZIP_STATE_MISMATCH: 400,
  INVALID_COUNTRY_CODE: 400,
  INVALID_CURRENCY: 400,
  INVALID_PRODUCT_CATEGORY: 400,
  INVALID_TAX_ID: 400,
  METADATA_TOO_LONG: 400,
  MISSING_ORIGIN_ADDRESS: 400,
  PRODUCT_NOT_FOUND: 400,
  CALCULATION_EXPIRED: 400,
  INVALID_IP_FORMAT: 400,
  INVALID_API_VERSION: 400,
  UNSUPPORTED_API_VERSION: 400,
  // IP resolution in strict mode (422)
  IP_RESOLUTION_FAILED: 422,
  IP_RESOLUTION_INSUFFICIENT_US: 422,
  IP_RESOLUTION_INSUFFICIENT_CA: 422,
  // authentication (401)
  UNAUTHORIZED: 401,
  // missing records (404)
  ROUTE_NOT_FOUND: 404,
  CALCULATION_NOT_FOUND: 404,
  TRANSACTION_NOT_FOUND: 404,
  REFUND_NOT_FOUND: 404,
  CUSTOMER_NOT_FOUND: 404,
  MERCHANT_NOT_FOUND: 404,
  REGISTRATION_NOT_FOUND: 404,
  PRODUCT_NOT_FOUND_BY_ID: 404,
  CERTIFICATE_NOT_FOUND: 404,
  CERTIFICATE_REQUEST_NOT_FOUND: 404,
  RATE_TABLE_NOT_FOUND: 404,
  // HTTP plumbing
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  // malformed HTTP, answered before any route (node:http's parser refused the request)
  MALFORMED_REQUEST: 400,
  REQUEST_TIMEOUT: 408,
  REQUEST_HEADERS_TOO_LARGE: 431,
  // conflicts (409)
  DUPLICATE_REFERENCE_ORDER_ID: 409,
  DUPLICATE_PRODUCT: 409,
  DUPLICATE_CUSTOMER: 409,
  DUPLICATE_MERCHANT: 409,
  CALCULATION_ALREADY_RECORDED: 409,
  REFUND_EXCEEDS_REMAINING: 409,
  TRANSACTION_FULLY_REFUNDED: 409,
  REFUND_ALREADY_REVERSED: 409,
  REQUEST_ALREADY_FULFILLED: 409,
  REQUEST_INVALID: 409,
  /** A filing file (the OSS return) needs a sale's euro amount, and its reference rate is not in the store. */
  FILING_RATE_MISSING: 409,
  // failures that are not the caller's
  STORAGE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const;

export type TaxErrorType = keyof typeof TAX_ERROR_STATUS;

export interface TaxErrorOptions {
  /** Extra machine-readable facts, e.g. `{ field: 'customer.address.address_postal_code' }`. */
  readonly details?: Readonly<Record<string, unknown>>;
  readonly cause?: unknown;
  /** The domain key the error is about (see {@link keyedError}); the wire layer maps it to a request field. */
  readonly key?: DomainKey;
  /** The message with `{field}` where the request field's path goes (see {@link keyedError}). */
  readonly template?: string;
}

/**
 * Where in an operation's domain input an error lies, in the core's own camelCase names:
 * `['lines', 2, 'amount']`, `['customer', 'address', 'postalCode']`, `['calculationId']`.
 * The core knows what is wrong; only the wire layer knows the field the caller sent it in, so
 * it maps the key to a request path per operation and version (src/wire/field-map.ts).
 */
export type DomainKey = readonly (string | number)[];

/** A key as a dotted path (`lines[2].amount`), the message a keyed error has until it is mapped. */
export function dottedKey(key: DomainKey): string {
  let text = '';
  for (const part of key) text += typeof part === 'number' ? `[${part}]` : text === '' ? part : `.${part}`;
  return text;
}

/**
 * A TaxError about domain key `key`, for the core and the engine operations: `template` says what
 * is wrong with `{field}` where the request field's path goes. Mapped by the wire layer, the
 * error names the field the caller sent in its message and `details.field`.
 *
 * @example
 * throw keyedError('POSITIVE_NUMBER_REQUIRED', ['lines', 0, 'quantity'], '{field} must be a positive integer.');
 */
export function keyedError(
  type: TaxErrorType,
  key: DomainKey,
  template: string,
  details: Readonly<Record<string, unknown>> = {},
): TaxError {
  return new TaxError(type, renderTemplate(template, key, dottedKey), { details, key, template });
}

/**
 * A keyed error's message: `{field}` is the path of `key`, `{field:name}` the path of its
 * sibling `name` (same parent, last part `name`), `{parent}` the path of its parent, and
 * `{name:name}` only the last segment of the sibling's path (`reference_line_item_id`).
 * `pathOf` gives the path of a key: dotted in the core, the request's field once mapped.
 */
export function renderTemplate(template: string, key: DomainKey, pathOf: (key: DomainKey) => string): string {
  return template.replace(/\{(field|parent|name)(?::([A-Za-z]+))?\}/g, (_, kind: string, sibling?: string) => {
    if (kind === 'parent') return pathOf(key.slice(0, -1));
    const path = pathOf(sibling === undefined ? key : [...key.slice(0, -1), sibling]);
    return kind === 'name' ? (path.split('.').at(-1) ?? path) : path;
  });
}

export class TaxError extends Error {
  override readonly name = 'TaxError';
  readonly type: TaxErrorType;
  readonly status: number;
  readonly details: Readonly<Record<string, unknown>> | undefined;
  /** The domain key of an error made by {@link keyedError}, until the wire layer maps it. */
  readonly key: DomainKey | undefined;
  /** The `{field}` template of an error made by {@link keyedError}. */
  readonly template: string | undefined;

  /**
   * @throws TypeError when `type` is not a {@link TaxErrorType}. The compiler rules that out for
   * typed callers; the run-time check keeps a cast or a JavaScript caller from making an error
   * without a status, which a transport could otherwise answer as a success.
   */
  constructor(type: TaxErrorType, message: string, options: TaxErrorOptions = {}) {
    if (!isTaxErrorType(type)) {
      throw new TypeError(`taxkit: ${JSON.stringify(type)} is not a TaxError type.`);
    }
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.type = type;
    // PRODUCT_NOT_FOUND_BY_ID is our internal name for a GET of an unknown product: the wire
    // type stays PRODUCT_NOT_FOUND, as the hosted API names it, but the status is 404.
    this.status = TAX_ERROR_STATUS[type];
    this.details = options.details;
    this.key = options.key;
    this.template = options.template;
  }

  /** The type a client sees: the hosted API's name. */
  get wireType(): string {
    return this.type === 'PRODUCT_NOT_FOUND_BY_ID' ? 'PRODUCT_NOT_FOUND' : this.type;
  }
}

/**
 * Runs `run` and puts `prefix` in front of the domain key of its keyed errors: an address
 * check keyed `['postalCode']` run as `underKey(['defaultAddress'], …)` reports
 * `['defaultAddress', 'postalCode']`.
 */
export function underKey<T>(prefix: DomainKey, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!isTaxError(error) || error.key === undefined || error.template === undefined) throw error;
    throw keyedError(error.type, [...prefix, ...error.key], error.template, error.details);
  }
}

/** Whether `value` is a TaxError (a taxkit failure the caller caused, or a 5xx it may retry). */
export function isTaxError(value: unknown): value is TaxError {
  return value instanceof TaxError;
}

/** Whether `type` names a TaxError type. */
export function isTaxErrorType(type: unknown): type is TaxErrorType {
  return typeof type === 'string' && Object.hasOwn(TAX_ERROR_STATUS, type);
}
