/**
 * The limits of a request body, in one place: the zod schemas state them, and the hand-written
 * fast path of POST /tax/calculations (fast-calculation-request.ts) checks the same numbers, so
 * raising a limit in one cannot leave the other behind. Lengths are in characters as zod counts
 * them (code points); "max" and "min" bounds are inclusive. Constants only, no functions: the
 * file adds nothing to the code a request runs through.
 */

/** `address_line_1` and `address_line_2`. */
export const ADDRESS_LINE_MAX_LENGTH = 500;
export const ADDRESS_CITY_MAX_LENGTH = 200;
export const ADDRESS_PROVINCE_MAX_LENGTH = 100;
export const ADDRESS_POSTAL_CODE_MAX_LENGTH = 20;
/** `address_country`: required, so at least one character, and at most this many. */
export const ADDRESS_COUNTRY_MAX_LENGTH = 3;

/** A caller's own id: `reference_line_item_id`, `reference_product_id`, `reference_customer_id`. */
export const REFERENCE_ID_MAX_LENGTH = 255;

/** `customer_currency_code`: exactly this many characters (the currency list decides the rest). */
export const CURRENCY_CODE_LENGTH = 3;

/** Line items of one calculation (docs/interface.md §2.3). */
export const MAX_CALCULATION_LINE_ITEMS = 1000;

/** A metadata value's JSON text must be shorter than this (docs/interface.md §8): exclusive. */
export const METADATA_VALUE_LENGTH_LIMIT = 255;

/**
 * Keys of one metadata object (calculations, transactions, merchants), and a key's length. With
 * values under {@link METADATA_VALUE_LENGTH_LIMIT}, one object holds at most
 * 50 × (40 + 254) characters, about 15 KB: what a public key can make the server keep per
 * calculation.
 */
export const MAX_METADATA_KEYS = 50;
export const METADATA_KEY_MAX_LENGTH = 40;

/** `product_category` and `fallback_product_category`: the longest category name is far shorter. */
export const PRODUCT_CATEGORY_MAX_LENGTH = 100;

/** `customer.id`: taxkit's `cust_…` id or the caller's `reference_customer_id`. */
export const CUSTOMER_ID_MAX_LENGTH = REFERENCE_ID_MAX_LENGTH;

/** `customer.ip.value`: an IPv6 address with a zone is under 64 characters. */
export const IP_ADDRESS_MAX_LENGTH = 100;

/** A tax id's `type` and `value`. */
export const TAX_ID_TYPE_MAX_LENGTH = 50;
export const TAX_ID_VALUE_MAX_LENGTH = 100;

/** `quantity` of a line item: a safe integer, at least this. */
export const LINE_QUANTITY_MIN = 1;

/** `tax_date`: Unix seconds, a safe integer, at least this (no date before 1970). */
export const UNIX_SECONDS_MIN = 0;

/**
 * Every Unix-seconds field the interface takes: at most 9999-12-31T23:59:59Z. A JavaScript date
 * ends in the year 275760, so a larger value could be stored but never shown; and a time sent
 * in milliseconds by mistake (1767225600000) is over this bound, so it is refused rather than
 * read as a date in the year 57970.
 */
export const UNIX_SECONDS_MAX = 253_402_300_799;

/** Whether `value` is Unix seconds taxkit takes: a safe integer from {@link UNIX_SECONDS_MIN} to {@link UNIX_SECONDS_MAX}. */
export function isUnixSeconds(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isSafeInteger(value) && value >= UNIX_SECONDS_MIN && value <= UNIX_SECONDS_MAX
  );
}

/** The message of a refused Unix-seconds field. */
export const UNIX_SECONDS_MESSAGE =
  'must be Unix seconds, a whole number from 0 to 253402300799 (9999-12-31T23:59:59Z)';
