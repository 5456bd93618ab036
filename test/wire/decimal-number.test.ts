import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatScaled } from '../../src/core/money/format-scaled.ts';
import { decimalNumber } from '../../src/wire/decimal-number.ts';

describe('decimalNumber', () => {
  it('is Number() for every decimal formatScaled writes, small and past 2^53 units', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n })), (units) => {
        const text = formatScaled(units);
        expect(Object.is(decimalNumber(text), Number(text))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is Number() for any text of digits, signs, points and other characters', () => {
    const characters = fc.constantFrom('0', '1', '5', '9', '.', '-', '+', 'e', ' ', 'x');
    fc.assert(
      fc.property(fc.string({ unit: characters, maxLength: 24 }), (text) => {
        expect(Object.is(decimalNumber(text), Number(text))).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });

  it('is exact where rounding is close: fifteen digits, every fraction length', () => {
    for (const text of [
      '999999999999999',
      '0.000000000000001',
      '-0',
      '-0.0',
      '.5',
      '5.',
      '-',
      '',
      '123456789012.345',
      '0.1',
      '0.7',
      '1.0000001',
    ]) {
      expect(Object.is(decimalNumber(text), Number(text)), text).toBe(true);
    }
  });
});
