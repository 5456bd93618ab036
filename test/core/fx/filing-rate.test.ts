import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILING_RATE_DIGITS, filingRate } from '../../../src/core/fx/filing-rate.ts';
import { convertMinor } from '../../../src/core/money/convert-currency.ts';

describe('filingRate', () => {
  it('inverts a rate quoted against the base, to 10 significant digits', () => {
    expect(filingRate('1', '1.0856')).toBe('0.9211495947'); // a USD sale filed in EUR
    expect(filingRate('1.0856', '1')).toBe('1.0856'); // a EUR sale filed in USD
    expect(filingRate('1', '17000')).toBe('0.00005882352941'); // IDR filed in EUR
    expect(filingRate('1', '0.5')).toBe('2');
    expect(filingRate('0.85', '1.17')).toBe('0.7264957265'); // a USD sale filed in GBP through EUR
    expect(filingRate('1', '1.00000000005')).toBe('1'); // 0.99999999995… rounds up to one digit more
    expect(filingRate('2', '3')).toBe('0.6666666667');
  });

  it('equals decimal.js rounded half up to 10 significant digits (property)', () => {
    // Published rates against EUR or GBP run from about 0.3 (KWD) to about 30 000 (VND): these
    // run from 0.0001 to 100 000, so a quotient is at least 10^-9 and keeps its 10 digits within
    // the 20 decimals convertMinor takes.
    const decimal = fc
      .tuple(fc.integer({ min: 10 ** 4, max: 10 ** 9 }), fc.integer({ min: 4, max: 8 }))
      .map(([digits, scale]) => new Decimal(digits).div(new Decimal(10).pow(scale)).toFixed(scale));
    fc.assert(
      fc.property(decimal, decimal, (filing, sale) => {
        const expected = new Decimal(filing)
          .div(new Decimal(sale))
          .toSignificantDigits(FILING_RATE_DIGITS, Decimal.ROUND_HALF_UP);
        expect(new Decimal(filingRate(filing, sale)).eq(expected)).toBe(true);
        // Every derived rate is one convertMinor takes.
        expect(() => convertMinor(100, 'USD', 'EUR', filingRate(filing, sale))).not.toThrow();
      }),
    );
  });
});
