import { RATE_SCALE, RATE_SCALE_DIGITS } from './rate-scale.ts';

/**
 * Formats an integer count of 10^-8 units as an exact decimal string with no trailing zeros:
 * 65_625_000_000 → "656.25", -5 → "-0.00000005", 0 → "0". Used for `tax_due_decimal` and for
 * rates; exact because it is digit work on an integer, never float division.
 */
export function formatScaled(units: bigint | number): string {
  if (typeof units === 'number' && Number.isSafeInteger(units)) {
    const magnitude = units < 0 ? -units : units;
    const whole = Math.floor(magnitude / RATE_SCALE);
    const fraction = magnitude - whole * RATE_SCALE;
    return join(units < 0, String(whole), fraction === 0 ? '' : String(fraction).padStart(RATE_SCALE_DIGITS, '0'));
  }
  const value = typeof units === 'bigint' ? units : BigInt(units);
  const digits = (value < 0n ? -value : value).toString().padStart(RATE_SCALE_DIGITS + 1, '0');
  return join(value < 0n, digits.slice(0, -RATE_SCALE_DIGITS), digits.slice(-RATE_SCALE_DIGITS));
}

function join(negative: boolean, whole: string, fraction: string): string {
  let end = fraction.length;
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end -= 1; // trailing '0's
  const text = end === 0 ? whole : `${whole}.${fraction.slice(0, end)}`;
  return negative && text !== '0' ? `-${text}` : text;
}
