/** Significant digits of a filing rate taxkit derives (an inverse or a cross rate). */
export const FILING_RATE_DIGITS = 10;

/**
 * The rate from `saleCurrency` to `filingCurrency` (units of the filing currency for one unit of
 * the sale's) from a source's rates of both against its base, each "units of the currency for
 * one unit of the base" (the base's own rate is "1"): `filingPerBase / salePerBase`, rounded
 * half up to {@link FILING_RATE_DIGITS} significant digits, exactly (BigInt, no floating point).
 *
 * A USD sale filed in EUR with ECB's EUR/USD 1.0856: 1 / 1.0856 = 0.9211495947. The one
 * rounding here moves a converted amount by less than one part in 10^9 of it, so an amount under
 * 10^8 minor units converts to the same minor unit as with the exact quotient but where that
 * quotient lies within that margin of a half.
 */
export function filingRate(filingPerBase: string, salePerBase: string): string {
  const [a, aScale] = scaled(filingPerBase);
  const [b, bScale] = scaled(salePerBase);
  // q = (a / 10^aScale) / (b / 10^bScale) = (a * 10^bScale) / (b * 10^aScale)
  const numerator = a * 10n ** BigInt(bScale);
  const denominator = b * 10n ** BigInt(aScale);
  // Find k with 10^(D-1) ≤ q·10^k < 10^D, then round q·10^k half up.
  let k = FILING_RATE_DIGITS - 1 - (digits(numerator) - digits(denominator));
  for (;;) {
    const whole = k >= 0 ? (numerator * 10n ** BigInt(k)) / denominator : numerator / (denominator * 10n ** BigInt(-k));
    if (digits(whole) > FILING_RATE_DIGITS) k -= 1;
    else if (digits(whole) < FILING_RATE_DIGITS) k += 1;
    else break;
  }
  const top = k >= 0 ? numerator * 10n ** BigInt(k) : numerator;
  const bottom = k >= 0 ? denominator : denominator * 10n ** BigInt(-k);
  let rounded = (top * 2n + bottom) / (bottom * 2n);
  let scale = k;
  if (digits(rounded) > FILING_RATE_DIGITS) {
    // 9.999999999|5 rounded up to 10.00000000: one digit fewer after the point.
    rounded /= 10n;
    scale -= 1;
  }
  return formatScaled(rounded, scale);
}

/** A positive decimal as an integer and its count of digits after the point. */
function scaled(decimal: string): [bigint, number] {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return [BigInt(`${whole}${fraction}`), fraction.length];
}

function digits(value: bigint): number {
  return value === 0n ? 0 : value.toString().length;
}

/** `value / 10^scale` as a plain decimal without trailing zeros ("0.9211495947", "17000"). */
function formatScaled(value: bigint, scale: number): string {
  if (scale <= 0) return (value * 10n ** BigInt(-scale)).toString();
  const text = value.toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
