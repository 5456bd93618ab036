import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMinor, minorDigits } from '../../../src/core/money/convert-currency.ts';

const CURRENCIES = ['USD', 'EUR', 'JPY', 'KWD', 'HUF', 'ISK'];

describe('convertMinor', () => {
  it('converts between minor units of currencies with different digits', () => {
    expect(convertMinor(10_000, 'USD', 'EUR', '0.9211')).toBe(9211); // $100.00 → €92.11
    expect(convertMinor(10_000, 'EUR', 'JPY', '162.47')).toBe(16_247); // €100.00 → ¥16,247
    expect(convertMinor(16_247, 'JPY', 'EUR', '0.006155')).toBe(10_000); // ¥16,247 → €100.00 (99.9999)
    expect(convertMinor(1, 'USD', 'KWD', '0.30745')).toBe(3); // $0.01 → 3 fils (3.0745)
    expect(minorDigits('KWD')).toBe(3);
  });

  it('rounds half away from zero, so a refund converts to minus the sale', () => {
    expect(convertMinor(5, 'USD', 'EUR', '0.5')).toBe(3);
    expect(convertMinor(-5, 'USD', 'EUR', '0.5')).toBe(-3);
  });

  it('refuses a rate that is not a positive decimal', () => {
    for (const rate of ['0', '0.000', '-1.2', '1e3', '', 'abc', '1.', '.5']) {
      expect(() => convertMinor(100, 'USD', 'EUR', rate), rate).toThrow(
        expect.objectContaining({ type: 'INVALID_VALUE' }),
      );
    }
  });

  it('equals decimal.js half-up on any amount and rate (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 1, max: 10 ** 10 }),
        fc.integer({ min: 0, max: 8 }),
        (amount, from, to, digits, scale) => {
          const rate = new Decimal(digits).div(new Decimal(10).pow(scale)).toFixed(scale);
          const expected = new Decimal(amount)
            .div(new Decimal(10).pow(minorDigits(from)))
            .mul(rate)
            .mul(new Decimal(10).pow(minorDigits(to)))
            .toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
          if (expected.abs().gt(Number.MAX_SAFE_INTEGER)) {
            expect(() => convertMinor(amount, from, to, rate)).toThrow(
              expect.objectContaining({ type: 'INVALID_VALUE' }),
            );
            return;
          }
          expect(BigInt(convertMinor(amount, from, to, rate))).toBe(BigInt(expected.toFixed(0)));
        },
      ),
    );
  });
});
