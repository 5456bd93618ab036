import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jurisdictionsOf } from '../../src/integrations/shared/calculate-checkout.ts';
import { ratePercent } from '../../src/integrations/shared/rate-percent.ts';
import { currencyFractionDigits, toMinorUnits } from '../../src/integrations/shared/to-minor-units.ts';

describe('toMinorUnits', () => {
  it('reads numbers, decimal strings and BigNumber-like objects in major units', () => {
    expect(toMinorUnits('19.99', 2, 2, 'f')).toBe(3998);
    expect(toMinorUnits(0.1, 3, 2, 'f')).toBe(30);
    expect(toMinorUnits({ value: '4.505' }, 1, 2, 'f')).toBe(451);
    expect(toMinorUnits(1e3, 1, 0, 'f')).toBe(1000);
    expect(currencyFractionDigits('jpy')).toBe(0);
    expect(currencyFractionDigits('KWD')).toBe(3);
  });

  it('names the field of a price that is not a number', () => {
    expect(() => toMinorUnits('ten', 1, 2, 'items[0].unit_price')).toThrow(/items\[0\]\.unit_price/);
    expect(() => currencyFractionDigits('dollars')).toThrow(/ISO 4217/);
  });

  it('property: equals decimal.js rounding half up of price × quantity × 10^digits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 3 }),
        (units, scale, quantity, digits) => {
          const price = new Decimal(units).div(10 ** scale);
          const expected = price
            .mul(quantity)
            .mul(10 ** digits)
            .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
            .toNumber();
          expect(toMinorUnits(price.toFixed(), quantity, digits, 'f')).toBe(expected);
        },
      ),
    );
  });
});

describe('ratePercent', () => {
  it('property: moves the decimal point exactly (0.0615 → 6.15, never 6.1499999)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 6 }), (tenThousandths) => {
        const rate = new Decimal(tenThousandths).div(10 ** 6);
        expect(ratePercent(rate.toNumber())).toBe(rate.mul(100).toNumber());
      }),
    );
  });
});

describe('jurisdictionsOf', () => {
  it('keeps codes unique within a line when two entries share a jurisdiction id (Medusa would apply both under one code)', () => {
    const entry = { tax_rate: 0.01, jurisdiction_name: 'Kansas', jurisdiction_id: 'US-KS', tax_type: 'SALES' };
    const codes = jurisdictionsOf([entry, { ...entry, tax_rate: 0.02 }, { ...entry, tax_type: 'USE' }, entry]).map(
      (j) => j.code,
    );
    expect(codes).toEqual(['US-KS', 'US-KS#SALES', 'US-KS#USE', 'US-KS#SALES#2']);
  });
});
