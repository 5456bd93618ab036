import { divideHalfUp, divideHalfUpBig } from './divide-half-up.ts';
import { RATE_SCALE } from './rate-scale.ts';

const RATE_SCALE_BIG = BigInt(RATE_SCALE);

/**
 * Exact tax of `amountMinor` at `rateUnits` (10^-8), in 10^-8 minor units: an integer, so the
 * exact taxes of several jurisdictions can be summed before anything is rounded. A number
 * while the product is a safe integer, a BigInt beyond.
 */
export function exactTax(amountMinor: number, rateUnits: number): number | bigint {
  const product = amountMinor * rateUnits;
  return Number.isSafeInteger(product) ? product : BigInt(amountMinor) * BigInt(rateUnits);
}

/** Rounds a count of 10^-8 minor units half up to whole minor units. */
export function roundScaled(scaled: number | bigint): number {
  return typeof scaled === 'number'
    ? divideHalfUp(scaled, RATE_SCALE)
    : Number(divideHalfUpBig(scaled, RATE_SCALE_BIG));
}

/**
 * `amountMinor × rate`, rounded half up to whole minor units: the one rounding rule of taxkit
 * (README "Rounding"): exact products, one half-up rounding per line.
 */
export function applyRate(amountMinor: number, rateUnits: number): number {
  return roundScaled(exactTax(amountMinor, rateUnits));
}

/** Adds two exact scaled amounts, staying in numbers while it is safe. */
export function addScaled(a: number | bigint, b: number | bigint): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    const sum = a + b;
    if (Number.isSafeInteger(sum)) return sum;
  }
  return BigInt(a) + BigInt(b);
}

/**
 * The tax-exclusive part of a tax-inclusive amount: `round(amount / (1 + rate))`, half up,
 * exact. The tax is then `amount − excluded`, so excluded + tax == amount to the unit.
 */
export function excludeTax(amountMinor: number, rateUnits: number): number {
  const numerator = amountMinor * RATE_SCALE;
  const denominator = RATE_SCALE + rateUnits;
  return Number.isSafeInteger(numerator)
    ? divideHalfUp(numerator, denominator)
    : Number(divideHalfUpBig(BigInt(amountMinor) * RATE_SCALE_BIG, BigInt(denominator)));
}
