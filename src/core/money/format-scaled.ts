import { RATE_SCALE_DIGITS } from './rate-scale.ts';

/**
 * Formats an integer count of 10^-8 units as an exact decimal string with no trailing zeros:
 * 65_625_000_000n → "656.25", -5n → "-0.00000005", 0 → "0". Used for `tax_due_decimal` and
 * for rates; exact because it is string work on an integer, never float division.
 */
export function formatScaled(units: bigint | number): string {
  const value = typeof units === 'bigint' ? units : BigInt(units);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(RATE_SCALE_DIGITS + 1, '0');
  const whole = digits.slice(0, -RATE_SCALE_DIGITS);
  const fraction = digits.slice(-RATE_SCALE_DIGITS).replace(/0+$/, '');
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative && text !== '0' ? `-${text}` : text;
}
