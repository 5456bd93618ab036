import { TaxError } from '../errors.ts';
import { RATE_SCALE } from '../money/rate-scale.ts';
import type { CompiledCategoryRule } from './compiled-category-rule.ts';

const RATE_SCALE_BIG = BigInt(RATE_SCALE);

/**
 * A partial base is applied as one exact rate, the jurisdiction's rate × the taxed fraction
 * (Texas: 6.25 % × 80 % = 5 %). That product must itself be exact at 8 decimals, or the tax
 * would be rounded before the line is; checked once here, at load, for every rate the rule meets.
 */
export function checkExactPartials(
  jurisdictionId: string,
  rate: string,
  rateUnits: number,
  categories: ReadonlyMap<string, CompiledCategoryRule> | undefined,
): void {
  if (categories === undefined) return;
  for (const [category, rule] of categories) {
    if (rule.kind !== 'partial') continue;
    if ((BigInt(rateUnits) * BigInt(rule.units)) % RATE_SCALE_BIG !== 0n) {
      throw new TaxError(
        'INVALID_VALUE',
        `Jurisdiction "${jurisdictionId}": rate ${rate} × the taxed fraction of ${category} is not exact at 8 decimals.`,
      );
    }
  }
}

/** The exact rate of a partial base: `rateUnits × fractionUnits / 10^8` (checked exact at load). */
export function partialUnits(rateUnits: number, fractionUnits: number): number {
  const product = rateUnits * fractionUnits;
  return Number.isSafeInteger(product)
    ? product / RATE_SCALE
    : Number((BigInt(rateUnits) * BigInt(fractionUnits)) / RATE_SCALE_BIG);
}
