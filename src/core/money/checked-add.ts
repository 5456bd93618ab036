import { type DomainKey, keyedError, type TaxError } from '../errors.ts';

/** The largest amount taxkit accepts or produces, in minor units: 2^53 − 1. */
export const MAX_MINOR = Number.MAX_SAFE_INTEGER;

/**
 * `a + b` for amounts in minor units, or a 400 INVALID_VALUE about `key` when the sum
 * leaves the safe-integer range (README "Limits"). Exact: when both are safe integers and the
 * float sum is a safe integer too, the float addition was exact, since every integer up to
 * 2^53 is representable and rounding is monotonic.
 */
export function checkedAdd(a: number, b: number, key: DomainKey): number {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) throw amountTooLarge(key);
  return sum;
}

/** `value` when it is a safe integer, else the same 400 as {@link checkedAdd}. */
export function checkedMinor(value: number, key: DomainKey): number {
  if (!Number.isSafeInteger(value)) throw amountTooLarge(key);
  return value;
}

/** The error for an amount or total that would pass {@link MAX_MINOR}. */
export function amountTooLarge(key: DomainKey): TaxError {
  return keyedError(
    'INVALID_VALUE',
    key,
    `{field}: the amounts, with tax, or their total would exceed ${MAX_MINOR} minor units (2^53 − 1), the largest amount taxkit computes exactly.`,
    { max: MAX_MINOR },
  );
}
