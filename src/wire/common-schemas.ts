import { z } from 'zod';
import {
  ADDRESS_CITY_MAX_LENGTH,
  ADDRESS_COUNTRY_MAX_LENGTH,
  ADDRESS_LINE_MAX_LENGTH,
  ADDRESS_POSTAL_CODE_MAX_LENGTH,
  ADDRESS_PROVINCE_MAX_LENGTH,
  MAX_METADATA_KEYS,
  METADATA_KEY_MAX_LENGTH,
  METADATA_VALUE_LENGTH_LIMIT,
  REFERENCE_ID_MAX_LENGTH,
  isUnixSeconds,
  UNIX_SECONDS_MESSAGE,
} from './request-bounds.ts';
import { taxIssue, taxRule } from './tax-rule.ts';

/**
 * Schema pieces shared by every request body. A check that answers with a particular TaxError
 * type says so with {@link taxRule}; parse-body.ts reads it from the zod issue.
 */

/**
 * A string that must not be empty: an empty one is a MISSING_FIELD, as if it had not been sent.
 * `max` (characters) is INVALID_VALUE.
 */
export function requiredString(max: number) {
  return z
    .string()
    .refine((value) => value.length > 0, taxRule('MISSING_FIELD', 'must not be empty'))
    .refine((value) => value.length <= max, taxRule('INVALID_VALUE', `must be at most ${max} characters`))
    .meta({ minLength: 1, maxLength: max });
}

/** Integer minor units within the safe range; `sign` constrains it. */
export function minorAmount(sign: 'any' | 'nonnegative' | 'positive' | 'nonpositive' = 'any') {
  // No .int(): zod reports unsafe integers as "too big"; one refine names the real rule.
  let schema = z
    .number()
    .refine(
      Number.isSafeInteger,
      taxRule('INCORRECT_TYPE', 'must be an integer number of minor units within ±9007199254740991'),
    );
  if (sign === 'nonnegative')
    schema = schema.refine((value) => value >= 0, taxRule('POSITIVE_NUMBER_REQUIRED', 'must be zero or more'));
  if (sign === 'positive')
    schema = schema.refine((value) => value > 0, taxRule('POSITIVE_NUMBER_REQUIRED', 'must be greater than zero'));
  if (sign === 'nonpositive') {
    schema = schema.refine(
      (value) => value <= 0,
      taxRule('NEGATIVE_NUMBER_REQUIRED', 'refunded amounts are sent as negative numbers'),
    );
  }
  return schema;
}

/** Unix seconds. */
export const unixSeconds = z.number().refine(isUnixSeconds, taxRule('INVALID_VALUE', UNIX_SECONDS_MESSAGE));

/** Caller's ids: non-empty strings of reasonable length. */
export const referenceId = requiredString(REFERENCE_ID_MAX_LENGTH);

/**
 * docs/interface.md §8: metadata values are shorter than 255 characters (measured as their JSON
 * text); at most {@link MAX_METADATA_KEYS} keys of at most {@link METADATA_KEY_MAX_LENGTH}
 * characters (docs/reliability.md, "Bounds"). The key count is checked before any value is
 * looked at, so an object of 80,000 keys costs a count, not a walk.
 *
 * Checked by hand rather than with `z.record`, whose parsing skips a `"__proto__"` key: a
 * caller's metadata is kept whole, `__proto__` included, as an own key (docs/reliability.md).
 */
export const metadata = z
  .custom<Record<string, unknown>>(
    (value) => hasTooManyKeys(value) || isJsonObject(value, 0),
    taxRule('INCORRECT_TYPE', 'metadata must be an object of JSON values (at most 32 levels deep)'),
  )
  .superRefine((value, context) => {
    if (hasTooManyKeys(value)) {
      context.addIssue(taxIssue('METADATA_TOO_LONG', `metadata holds at most ${MAX_METADATA_KEYS} keys`, []));
      return;
    }
    for (const [key, entry] of Object.entries(value)) {
      if (key.length > METADATA_KEY_MAX_LENGTH) {
        context.addIssue(
          taxIssue('METADATA_TOO_LONG', `metadata keys must be at most ${METADATA_KEY_MAX_LENGTH} characters`, [key]),
        );
      } else if (!isShortMetadataValue(entry)) {
        context.addIssue(
          taxIssue(
            'METADATA_TOO_LONG',
            `metadata.${key} must be shorter than ${METADATA_VALUE_LENGTH_LIMIT} characters`,
            [key],
          ),
        );
      }
    }
  })
  .meta({
    type: 'object',
    maxProperties: MAX_METADATA_KEYS,
    propertyNames: { maxLength: METADATA_KEY_MAX_LENGTH },
    description: `At most ${MAX_METADATA_KEYS} keys of at most ${METADATA_KEY_MAX_LENGTH} characters; each value's JSON text shorter than ${METADATA_VALUE_LENGTH_LIMIT} characters.`,
  });

/** Whether `value` passes the {@link metadata} schema: the same checks, without zod (the fast path). */
export function isValidMetadata(value: unknown): value is Record<string, unknown> {
  if (hasTooManyKeys(value) || !isJsonObject(value, 0)) return false;
  for (const key in value) {
    if (key.length > METADATA_KEY_MAX_LENGTH || !isShortMetadataValue(value[key])) return false;
  }
  return true;
}

/**
 * Objects found to hold too many keys: the fast path, zod's check and its refinement each ask,
 * and enumerating 80,000 keys costs about 10 ms each time.
 */
const oversized = new WeakSet<object>();

/** An object with more than {@link MAX_METADATA_KEYS} own keys; no value is read. */
function hasTooManyKeys(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (oversized.has(value)) return true;
  let count = 0;
  for (const key in value) {
    if (Object.hasOwn(value, key) && ++count > MAX_METADATA_KEYS) {
      oversized.add(value);
      return true;
    }
  }
  return false;
}

function isShortMetadataValue(entry: unknown): boolean {
  const text = typeof entry === 'string' ? entry : JSON.stringify(entry);
  return text.length < METADATA_VALUE_LENGTH_LIMIT;
}

/** An address of the wire (docs/interface.md §2.1). Only the country is always required; see resolveAddress. */
export const addressSchema = z.strictObject({
  address_line_1: z.string().max(ADDRESS_LINE_MAX_LENGTH).optional(),
  address_line_2: z.string().max(ADDRESS_LINE_MAX_LENGTH).optional(),
  address_city: z.string().max(ADDRESS_CITY_MAX_LENGTH).optional(),
  address_province: z.string().max(ADDRESS_PROVINCE_MAX_LENGTH).optional(),
  address_postal_code: z.string().max(ADDRESS_POSTAL_CODE_MAX_LENGTH).optional(),
  address_country: requiredString(ADDRESS_COUNTRY_MAX_LENGTH),
  address_type: z.enum(['shipping', 'billing']).optional(),
});
export type WireAddress = z.infer<typeof addressSchema>;

/** How deep metadata may nest; also what keeps a cyclic object (from a library caller) out. */
const MAX_JSON_DEPTH = 32;

/** A plain object whose values are JSON values: what `JSON.parse` can give. */
function isJsonObject(value: unknown, depth: number): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > MAX_JSON_DEPTH) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((entry) => isJsonValue(entry, depth + 1));
}

function isJsonValue(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return depth <= MAX_JSON_DEPTH && value.every((entry) => isJsonValue(entry, depth + 1));
  return isJsonObject(value, depth);
}
