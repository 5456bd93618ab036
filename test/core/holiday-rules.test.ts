import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateLines, type LineInput } from '../../src/core/calculate-lines.ts';
import { compileRateIndex } from '../../src/core/rates/compile-rate-index.ts';
import { parseDay } from '../../src/core/rates/day-number.ts';
import { lookupRates } from '../../src/core/rates/lookup-rates.ts';
import type { JurisdictionDef, RateTable } from '../../src/core/rates/rate-table.ts';
import { formatDay } from '../../src/core/rates/format-day.ts';
import type { TaxabilityRule } from '../../src/core/taxability/taxability-rule.ts';

const SOURCE = 'https://example.org/holiday';
/** A quoted source for each of the given holiday fields. */
const evidence = (...fields: string[]) =>
  Object.fromEntries(
    fields.map((field) => [
      field,
      [{ url: SOURCE, stated: '2025-07-01', quote: `The source's sentence on ${field}.` }],
    ]),
  );
const oracle = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

function jurisdiction(id: string, level: JurisdictionDef['level'], subdivision: string): JurisdictionDef {
  return {
    id,
    country: id.slice(0, 2),
    level,
    name: id,
    authorityName: id,
    authorityType: level === 'COUNTRY' ? '' : level,
    taxType: 'SALES',
    rateType: 'SALES TAX',
    subdivision,
  };
}

/** Texas and Alabama with an imported city and county each, and Ontario's 13 % HST. */
const TABLE: RateTable = {
  name: 'places',
  source: 'test',
  effectiveDate: '2020-01-01',
  jurisdictions: [
    jurisdiction('US-TX', 'STATE', 'TX'),
    jurisdiction('US-TX:CITY:A', 'CITY', 'TX'),
    jurisdiction('US-TX:COUNTY:B', 'COUNTY', 'TX'),
    jurisdiction('US-AL', 'STATE', 'AL'),
    jurisdiction('US-AL:CITY:C', 'CITY', 'AL'),
    jurisdiction('CA-ON-HST', 'STATE', 'ON'),
  ],
  rates: [
    { jurisdiction: 'US-TX', from: '2010-01-01', rate: '0.0625' },
    { jurisdiction: 'US-TX:CITY:A', from: '2010-01-01', rate: '0.01' },
    { jurisdiction: 'US-TX:COUNTY:B', from: '2010-01-01', rate: '0.005' },
    { jurisdiction: 'US-AL', from: '2010-01-01', rate: '0.04' },
    { jurisdiction: 'US-AL:CITY:C', from: '2010-01-01', rate: '0.05' },
    { jurisdiction: 'CA-ON-HST', from: '2010-07-01', rate: '0.13' },
  ],
  locations: [
    { key: 'US-TX-75001', jurisdictions: ['US-TX', 'US-TX:CITY:A', 'US-TX:COUNTY:B'] },
    { key: 'US-AL-35004', jurisdictions: ['US-AL', 'US-AL:CITY:C'] },
    { key: 'CA-ON', jurisdictions: ['CA-ON-HST'] },
  ],
};

const YEAR_ROUND: TaxabilityRule = {
  regions: ['US-TX', 'US-AL'],
  categories: ['CLOTHING'],
  from: '2010-01-01',
  treatment: { kind: 'taxable' },
  note: 'Clothing is taxable.',
  source: SOURCE,
};
const TEXAS_HOLIDAY: TaxabilityRule = {
  regions: ['US-TX'],
  categories: ['CLOTHING', 'SCHOOL_SUPPLIES'],
  from: '2025-08-08',
  to: '2025-08-11',
  holiday: {
    name: 'Test Texas holiday 2025',
    remoteSales: 'ordered_and_paid',
    evidence: evidence('dates', 'items', 'cap', 'perItem', 'remoteSales'),
  },
  treatment: { kind: 'exempt_below', thresholdMinor: 10_000 },
  note: 'Clothing and school supplies under $100 an item are exempt.',
  source: SOURCE,
};
const ALABAMA_HOLIDAY: TaxabilityRule = {
  regions: ['US-AL'],
  categories: ['CLOTHING'],
  from: '2025-07-18',
  to: '2025-07-21',
  holiday: {
    name: 'Test Alabama holiday 2025',
    remoteSales: 'not_stated',
    evidence: evidence('dates', 'items', 'cap', 'perItem', 'local'),
  },
  treatment: { kind: 'exempt_below', thresholdMinor: 10_001 },
  local: { kind: 'taxable' },
  note: 'Clothing of $100 or less an item is exempt from the state tax.',
  source: SOURCE,
};

const compile = (rules: readonly TaxabilityRule[]) =>
  compileRateIndex([
    {
      name: 'rules',
      source: 'test',
      effectiveDate: '2020-01-01',
      jurisdictions: [],
      rates: [],
      locations: [],
      taxability: rules,
    },
    TABLE,
  ]);
const INDEX = compile([YEAR_ROUND, TEXAS_HOLIDAY, ALABAMA_HOLIDAY]);

function line(category: string, amountMinor: number, quantity = 1): LineInput {
  return {
    lineItemId: 'li_1',
    referenceLineItemId: 'l1',
    referenceProductId: '',
    productName: '',
    category,
    amountMinor,
    quantity,
  };
}
function taxOn(
  key: string,
  date: string,
  category: string,
  amount: number,
  quantity = 1,
  included = false,
  index = INDEX,
) {
  const rates = lookupRates(index, key, parseDay(date));
  if (rates === undefined) throw new Error(`no rates at ${key}`);
  return calculateLines([line(category, amount, quantity)], rates, included, undefined).lines[0]!;
}
const taxes = (result: ReturnType<typeof taxOn>) => result.jurisdictions.map((entry) => entry.taxMinor);

describe('sales tax holidays in the rule engine', () => {
  it('lie on the year-round rule from the first day to the last, not the day before or after', () => {
    expect(taxes(taxOn('US-TX-75001', '2025-08-07', 'CLOTHING', 9_999))).toEqual([625, 100, 50]);
    expect(taxes(taxOn('US-TX-75001', '2025-08-08', 'CLOTHING', 9_999))).toEqual([0, 0, 0]);
    expect(taxes(taxOn('US-TX-75001', '2025-08-10', 'CLOTHING', 9_999))).toEqual([0, 0, 0]);
    expect(taxes(taxOn('US-TX-75001', '2025-08-11', 'CLOTHING', 9_999))).toEqual([625, 100, 50]);
  });

  it('tax an item at the cap in full, and say why; the cap is per item', () => {
    const atCap = taxOn('US-TX-75001', '2025-08-09', 'CLOTHING', 10_000);
    expect(taxes(atCap)).toEqual([625, 100, 50]);
    expect(atCap.jurisdictions[0]!.note).toMatch(
      /^Test Texas holiday 2025 \(2025-08-08 to 2025-08-10\): .*Not applied/,
    );
    // Three items of $99.99 on one line are each under the cap.
    expect(taxOn('US-TX-75001', '2025-08-09', 'CLOTHING', 29_997, 3).taxMinor).toBe(0);
    expect(taxOn('US-TX-75001', '2025-08-09', 'CLOTHING', 30_000, 3).taxMinor).toBe(2_325);
  });

  it('reach a category with no year-round rule, and note the remote-sale date rule', () => {
    const supplies = taxOn('US-TX-75001', '2025-08-08', 'SCHOOL_SUPPLIES', 5_000);
    expect(supplies.taxMinor).toBe(0);
    expect(supplies.jurisdictions[1]!.note).toMatch(
      /ordered and paid for during the holiday .* the order date \(the tax date\)/,
    );
    expect(taxOn('US-TX-75001', '2025-08-11', 'SCHOOL_SUPPLIES', 5_000).taxMinor).toBe(388);
  });

  it('a holiday on the state tax only leaves imported local rates taxing, under their own rules', () => {
    const during = taxOn('US-AL-35004', '2025-07-20', 'CLOTHING', 10_000);
    expect(taxes(during)).toEqual([0, 500]);
    expect(during.jurisdictions[0]!.note).toMatch(/Test Alabama holiday 2025 .*no published rule for remote orders/);
    expect(during.jurisdictions[1]!.note).toBe('Clothing is taxable.');
    expect(taxes(taxOn('US-AL-35004', '2025-07-20', 'CLOTHING', 10_001))).toEqual([400, 500]);
    expect(taxes(taxOn('US-AL-35004', '2025-07-21', 'CLOTHING', 10_000))).toEqual([400, 500]);
  });

  it('a scoped rule for one jurisdiction wins over the holiday there (a city that opts out)', () => {
    const optOut: TaxabilityRule = {
      regions: ['US-TX'],
      jurisdictions: ['US-TX:CITY:A'],
      categories: ['CLOTHING'],
      from: '2025-08-08',
      to: '2025-08-11',
      treatment: { kind: 'taxable' },
      note: 'City A does not take part.',
      source: SOURCE,
    };
    const index = compile([YEAR_ROUND, TEXAS_HOLIDAY, optOut]);
    expect(taxes(taxOn('US-TX-75001', '2025-08-09', 'CLOTHING', 5_000, 1, false, index))).toEqual([0, 50, 0]);
  });

  it('tax-inclusive during a holiday: excluded + tax == amount, the price solved exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), (amount) => {
        const result = taxOn('US-AL-35004', '2025-07-19', 'CLOTHING', amount, 1, true);
        expect(result.amountExcludingTaxMinor + result.taxMinor).toBe(amount);
        const price = result.amountExcludingTaxMinor;
        // Amounts in the jump where the cap starts to bite (10,501..10,901 here) are produced by
        // no price; they are read as a price exactly at the cap (excludeTaxWithThresholds).
        if (price === 10_001 && amount < Math.round(10_001 * 1.09)) return;
        const rate = price < 10_001 ? '0.05' : '0.09';
        const exact = new oracle(price).times(rate);
        // The price is the one whose tax is closest to the amount given.
        expect(
          exact
            .minus(result.taxMinor)
            .abs()
            .lte(rate === '0.05' ? 1 : 1),
        ).toBe(true);
      }),
    );
  });

  it('a later table replaces the embedded holiday for its region and category, and leaves the year-round rule', () => {
    const none: TaxabilityRule = { ...TEXAS_HOLIDAY, categories: ['CLOTHING'], treatment: { kind: 'taxable' } };
    const index = compileRateIndex([
      {
        name: 'a',
        source: 't',
        effectiveDate: '2020-01-01',
        jurisdictions: [],
        rates: [],
        locations: [],
        taxability: [YEAR_ROUND, TEXAS_HOLIDAY],
      },
      {
        name: 'b',
        source: 't',
        effectiveDate: '2020-01-01',
        jurisdictions: [],
        rates: [],
        locations: [],
        taxability: [none],
      },
      TABLE,
    ]);
    expect(taxOn('US-TX-75001', '2025-08-09', 'CLOTHING', 5_000, 1, false, index).taxMinor).toBe(388);
    expect(taxOn('US-TX-75001', '2025-08-09', 'SCHOOL_SUPPLIES', 5_000, 1, false, index).taxMinor).toBe(0);
  });

  it('refuses a holiday without an end, a name or a remote-sale rule, or scoped to jurisdictions or customers', () => {
    const bad = (extra: Record<string, unknown>) => () => compile([{ ...TEXAS_HOLIDAY, ...extra } as TaxabilityRule]);
    expect(bad({ to: undefined })).toThrow(/a holiday must end/);
    const all = evidence('dates', 'items', 'cap', 'perItem', 'remoteSales');
    expect(bad({ holiday: { name: ' ', remoteSales: 'delivered', evidence: all } })).toThrow(/has no name/);
    expect(bad({ holiday: { name: 'x', remoteSales: 'shipped', evidence: all } })).toThrow(/remoteSales/);
    expect(bad({ jurisdictions: ['US-TX:CITY:A'] })).toThrow(/whole regions/);
    expect(bad({ customers: ['CONSUMER'] })).toThrow(/whole regions/);
    // Two holidays for one category that overlap are refused, as year-round rules are.
    expect(() => compile([TEXAS_HOLIDAY, { ...TEXAS_HOLIDAY, from: '2025-08-10', to: '2025-08-12' }])).toThrow(
      /overlap/,
    );
  });
});

describe('holiday evidence', () => {
  const bad =
    (holiday: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    () =>
      compile([{ ...TEXAS_HOLIDAY, ...extra, holiday: { ...TEXAS_HOLIDAY.holiday, ...holiday } } as TaxabilityRule]);

  it('refuses a holiday stating a field no quoted source supports, naming the field', () => {
    expect(bad({ evidence: undefined })).toThrow(/"holiday.evidence" is missing/);
    for (const field of ['dates', 'items', 'cap', 'perItem', 'remoteSales']) {
      const { [field]: _dropped, ...rest } = evidence('dates', 'items', 'cap', 'perItem', 'remoteSales');
      expect(bad({ evidence: rest }), field).toThrow(new RegExp(`holiday\\.evidence\\.${field}" names no source`));
    }
    // A state-only holiday must quote its local rule.
    expect(
      bad({ evidence: evidence('dates', 'items', 'cap', 'perItem', 'remoteSales') }, { local: { kind: 'taxable' } }),
    ).toThrow(/evidence\.local" names no source/);
  });

  it('asks only for the fields the rule states: no cap without a threshold, no remote rule when not stated', () => {
    expect(
      bad({ remoteSales: 'not_stated', evidence: evidence('dates', 'items') }, { treatment: { kind: 'exempt' } }),
    ).not.toThrow();
  });

  it('refuses a quote without a URL, a stated date or a sentence', () => {
    const quoted = (quote: Record<string, unknown>) => ({
      ...evidence('items', 'cap', 'perItem', 'remoteSales'),
      dates: [{ url: SOURCE, stated: '2025-07-01', quote: 'Friday, August 8, to Sunday, August 10.', ...quote }],
    });
    expect(bad({ evidence: quoted({ url: 'comptroller.texas.gov' }) })).toThrow(/dates\[0\]" has no source URL/);
    expect(bad({ evidence: quoted({ stated: 'July 2025' }) })).toThrow(/dates\[0\]" has no ISO date/);
    expect(bad({ evidence: quoted({ quote: ' ' }) })).toThrow(/dates\[0\]" quotes no sentence/);
    expect(bad({ evidence: quoted({}) })).not.toThrow();
  });
});

describe('a reduced rate below a threshold (rate_below)', () => {
  const ONTARIO: TaxabilityRule = {
    regions: ['CA-ON'],
    categories: ['FOOD_PREPARED'],
    from: '2010-07-01',
    treatment: { kind: 'rate_below', rate: '0.05', thresholdMinor: 401 },
    note: 'Prepared food of $4 or less: 5 %.',
    source: SOURCE,
  };
  const index = compile([ONTARIO]);
  const food = (amount: number, quantity = 1, included = false) =>
    taxOn('CA-ON', '2026-01-15', 'FOOD_PREPARED', amount, quantity, included, index);

  it('taxes a line below the threshold at the reduced rate, at or above it at the general rate, with notes', () => {
    const below = food(400);
    expect(below.taxMinor).toBe(20);
    expect(below.jurisdictions[0]).toMatchObject({ rate: '0.05', note: 'Prepared food of $4 or less: 5 %.' });
    const above = food(401);
    expect(above.taxMinor).toBe(52);
    expect(above.jurisdictions[0]!.rate).toBe('0.13');
    expect(above.jurisdictions[0]!.note).toMatch(/Not applied: the line's amount is at or above the threshold/);
  });

  it("compares the line's amount, not each item's: two $2.50 coffees are $5", () => {
    expect(food(500, 2).taxMinor).toBe(65);
    expect(food(400, 2).taxMinor).toBe(20);
  });

  it('tax-inclusive: excluded + tax == amount, and the price is the exact solution', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), (amount) => {
        const result = food(amount, 1, true);
        expect(result.amountExcludingTaxMinor + result.taxMinor).toBe(amount);
        const price = result.amountExcludingTaxMinor;
        // An amount in the jump where the threshold starts to bite is read as a price at the threshold.
        if (price === 401 && amount < 453) return;
        const rate = price < 401 ? '0.05' : '0.13';
        expect(new oracle(price).times(rate).minus(result.taxMinor).abs().lte(1)).toBe(true);
      }),
    );
    // $4.20 including 5 % is $4.00 of food; $4.53 including 13 % is $4.01.
    expect(food(420, 1, true)).toMatchObject({ amountExcludingTaxMinor: 400, taxMinor: 20 });
    expect(food(453, 1, true)).toMatchObject({ amountExcludingTaxMinor: 401, taxMinor: 52 });
  });

  it('refuses a bad rate or threshold', () => {
    expect(() => compile([{ ...ONTARIO, treatment: { kind: 'rate_below', rate: '5%', thresholdMinor: 401 } }])).toThrow(
      /Rate/,
    );
    expect(() => compile([{ ...ONTARIO, treatment: { kind: 'rate_below', rate: '0.05', thresholdMinor: 0 } }])).toThrow(
      /thresholdMinor/,
    );
  });
});

describe('formatDay', () => {
  it('is the inverse of parseDay', () => {
    expect(formatDay(0)).toBe('1970-01-01');
    expect(formatDay(parseDay('2025-08-10'))).toBe('2025-08-10');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          expect(formatDay(parseDay(iso))).toBe(iso);
        },
      ),
    );
  });
});
