import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from '../../../src/core/money/allocate.ts';
import { applyRate, excludeTax } from '../../../src/core/money/apply-rate.ts';
import { divideHalfUp } from '../../../src/core/money/divide-half-up.ts';
import { formatScaled } from '../../../src/core/money/format-scaled.ts';
import { parseRate } from '../../../src/core/money/parse-rate.ts';
import { RATE_SCALE } from '../../../src/core/money/rate-scale.ts';

const amount = fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));
const rateUnits = fc.integer({ min: 0, max: RATE_SCALE });

/** decimal.js is the oracle: exact arithmetic, ROUND_HALF_UP (ties away from zero). */
const oracle = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
const rateOf = (units: number) => new oracle(units).div(RATE_SCALE);

describe('parseRate', () => {
  it('reads exact decimals into 10^-8 units', () => {
    expect(parseRate('0.0725')).toBe(7_250_000);
    expect(parseRate('0.09975')).toBe(9_975_000);
    expect(parseRate('0')).toBe(0);
    expect(parseRate('1')).toBe(RATE_SCALE);
    expect(parseRate('0.12345678')).toBe(12_345_678);
  });

  it('refuses anything it would have to round or that is not a fraction', () => {
    for (const text of ['0.123456789', '7.25%', '1.5', '-0.1', '', 'abc', '0,07', '1e-2']) {
      expect(() => parseRate(text), text).toThrowError(expect.objectContaining({ type: 'INVALID_VALUE' }));
    }
  });
});

describe('formatScaled', () => {
  it('writes exact decimals without trailing zeros', () => {
    expect(formatScaled(65_625_000_000)).toBe('656.25');
    expect(formatScaled(0)).toBe('0');
    expect(formatScaled(-5)).toBe('-0.00000005');
    expect(formatScaled(7_250_000)).toBe('0.0725');
    expect(formatScaled(2n ** 80n)).toBe(new oracle(2).pow(80).div(RATE_SCALE).toFixed());
  });
});

describe('applyRate', () => {
  it('rounds half up: 7.5 → 8, 656.25 → 656, 812.5 → 813', () => {
    expect(applyRate(150, 5_000_000)).toBe(8);
    expect(applyRate(7_500, 8_750_000)).toBe(656);
    expect(applyRate(10_000, 8_125_000)).toBe(813);
    expect(applyRate(200, 7_000_000)).toBe(14);
  });

  it('stays exact beyond 2^53 in the intermediate product', () => {
    expect(applyRate(Number.MAX_SAFE_INTEGER, RATE_SCALE)).toBe(Number.MAX_SAFE_INTEGER);
    expect(applyRate(Number.MAX_SAFE_INTEGER, 7_250_000)).toBe(
      new oracle(Number.MAX_SAFE_INTEGER).mul(rateOf(7_250_000)).toDecimalPlaces(0).toNumber(),
    );
  });
});

describe('allocate', () => {
  it('gives leftover units to the largest remainders, ties to the first', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [0, 5])).toEqual([0, 10]);
    expect(allocate(-7, [1, 1])).toEqual([-4, -3]);
    expect(allocate(3, [0, 0, 0])).toEqual([1, 1, 1]);
    expect(allocate(5, [])).toEqual([]);
  });
});

describe('properties', () => {
  it('applyRate equals decimal.js half-up', () => {
    fc.assert(
      fc.property(amount, rateUnits, (value, units) => {
        const expected = new oracle(value).mul(rateOf(units)).toDecimalPlaces(0).toNumber();
        expect(applyRate(value, units)).toBe(expected);
      }),
    );
  });

  it('divideHalfUp equals decimal.js half-up for any sign', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: 1, max: 2 * RATE_SCALE }), (numerator, denominator) => {
        const expected = new oracle(numerator).div(denominator).toDecimalPlaces(0).toNumber();
        expect(divideHalfUp(numerator, denominator)).toBe(expected);
      }),
    );
  });

  it('excludeTax equals decimal.js half-up of amount / (1 + rate)', () => {
    fc.assert(
      fc.property(amount, rateUnits, (value, units) => {
        const expected = new oracle(value).div(rateOf(units).plus(1)).toDecimalPlaces(0).toNumber();
        expect(excludeTax(value, units)).toBe(expected);
      }),
    );
  });

  it('tax never decreases as the amount grows', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 1_000 }), rateUnits, (value, step, units) => {
        fc.pre(value + step <= Number.MAX_SAFE_INTEGER);
        expect(applyRate(value + step, units)).toBeGreaterThanOrEqual(applyRate(value, units));
      }),
    );
  });

  it('allocations sum to the total and stay within one unit of the exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.array(fc.integer({ min: 0, max: RATE_SCALE }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const parts = allocate(total, weights);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
          const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
          parts.forEach((part, index) => {
            const exact =
              weightSum === 0
                ? new oracle(total).div(weights.length)
                : new oracle(total).mul(weights[index] ?? 0).div(weightSum);
            expect(new oracle(part).minus(exact).abs().lessThan(1)).toBe(true);
          });
        },
      ),
    );
  });
});
