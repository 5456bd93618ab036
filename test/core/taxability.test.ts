import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateLines, type LineInput } from '../../src/core/calculate-lines.ts';
import { compileRateIndex } from '../../src/core/rates/compile-rate-index.ts';
import { parseDay } from '../../src/core/rates/day-number.ts';
import { lookupRates } from '../../src/core/rates/lookup-rates.ts';
import type { ResolvedRate } from '../../src/core/rates/rate-index.ts';
import type { JurisdictionDef, RateTable } from '../../src/core/rates/rate-table.ts';
import type { TaxabilityRule } from '../../src/core/taxability/taxability-rule.ts';

const oracle = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
const SOURCE = 'https://example.org/rule';

function jurisdiction(id: string, level: JurisdictionDef['level'], note?: string): JurisdictionDef {
  return {
    id,
    country: 'US',
    level,
    name: id,
    authorityName: id,
    authorityType: level === 'COUNTRY' ? '' : level,
    taxType: 'SALES',
    rateType: 'SALES TAX',
    ...(note === undefined ? {} : { note }),
  };
}

/**
 * A state-level table as taxkit ships it, and an "imported" local table layered over it (as
 * issue 8's import does): New York with a county, Texas with a city and a transit district,
 * Massachusetts alone, Tennessee with a county. No jurisdiction names a region: the locals get
 * theirs from their location keys.
 */
const STATES: RateTable = {
  name: 'states',
  source: 'test',
  effectiveDate: '2020-01-01',
  jurisdictions: [
    jurisdiction('US-NY', 'STATE', 'State-level rate only.'),
    jurisdiction('US-TX', 'STATE', 'State-level rate only.'),
    jurisdiction('US-MA', 'STATE'),
    jurisdiction('US-TN', 'STATE'),
  ],
  rates: [
    { jurisdiction: 'US-NY', from: '2005-06-01', rate: '0.04' },
    { jurisdiction: 'US-TX', from: '1990-07-01', rate: '0.0625' },
    { jurisdiction: 'US-MA', from: '2009-08-01', rate: '0.0625' },
    { jurisdiction: 'US-TN', from: '2002-07-15', rate: '0.07' },
  ],
  locations: [
    { key: 'US-NY', jurisdictions: ['US-NY'] },
    { key: 'US-TX', jurisdictions: ['US-TX'] },
    { key: 'US-MA', jurisdictions: ['US-MA'] },
    { key: 'US-TN', jurisdictions: ['US-TN'] },
  ],
};

const LOCALS: RateTable = {
  name: 'imported',
  source: 'test import',
  effectiveDate: '2020-01-01',
  jurisdictions: [
    jurisdiction('NY-COUNTY-A', 'COUNTY'),
    jurisdiction('TX-CITY-A', 'CITY'),
    jurisdiction('TX-DISTRICT-A', 'DISTRICT'),
    jurisdiction('TN-COUNTY-A', 'COUNTY'),
  ],
  rates: [
    { jurisdiction: 'NY-COUNTY-A', from: '2010-01-01', rate: '0.04875' },
    { jurisdiction: 'TX-CITY-A', from: '2010-01-01', rate: '0.01' },
    { jurisdiction: 'TX-DISTRICT-A', from: '2010-01-01', rate: '0.01' },
    { jurisdiction: 'TN-COUNTY-A', from: '2010-01-01', rate: '0.0275' },
  ],
  locations: [
    { key: 'US-NY-10001', jurisdictions: ['US-NY', 'NY-COUNTY-A'] },
    { key: 'US-TX-75001', jurisdictions: ['US-TX', 'TX-CITY-A', 'TX-DISTRICT-A'] },
    { key: 'US-TN-37201', jurisdictions: ['US-TN', 'TN-COUNTY-A'] },
  ],
};

const RULES: TaxabilityRule[] = [
  {
    regions: ['US-TX'],
    categories: ['FOOD_GENERAL'],
    from: '2010-01-01',
    treatment: { kind: 'exempt' },
    note: 'Groceries are exempt in Texas.',
    source: SOURCE,
  },
  {
    regions: ['US-TX'],
    categories: ['SAAS_GENERAL'],
    from: '2010-01-01',
    treatment: { kind: 'partial', fraction: '0.8' },
    note: 'Texas taxes 80% of data processing.',
    source: SOURCE,
  },
  {
    regions: ['US-NY'],
    categories: ['CLOTHING'],
    from: '2012-04-01',
    treatment: { kind: 'exempt_below', thresholdMinor: 11_000 },
    local: { kind: 'taxable' },
    note: 'NY exempts clothing under $110 from the state tax.',
    source: SOURCE,
  },
  {
    regions: ['US-MA'],
    categories: ['CLOTHING'],
    from: '2010-01-01',
    treatment: { kind: 'exempt_up_to', thresholdMinor: 17_500 },
    note: 'MA taxes clothing only above $175.',
    source: SOURCE,
  },
  {
    regions: ['US-TN'],
    categories: ['FOOD_GENERAL'],
    from: '2013-07-01',
    to: '2017-07-01',
    treatment: { kind: 'rate', rate: '0.05' },
    local: { kind: 'taxable' },
    note: 'Tennessee taxes food at 5%.',
    source: SOURCE,
  },
  {
    regions: ['US-TN'],
    categories: ['FOOD_GENERAL'],
    from: '2017-07-01',
    treatment: { kind: 'rate', rate: '0.04' },
    local: { kind: 'taxable' },
    note: 'Tennessee taxes food at 4%.',
    source: SOURCE,
  },
];

const RULE_TABLE: RateTable = {
  name: 'rules',
  source: 'test',
  effectiveDate: '2020-01-01',
  jurisdictions: [],
  rates: [],
  locations: [],
  taxability: RULES,
};

const INDEX = compileRateIndex([RULE_TABLE, STATES, LOCALS]);
const TODAY = parseDay('2026-11-22');

function ratesAt(key: string, day = TODAY): readonly ResolvedRate[] {
  const rates = lookupRates(INDEX, key, day);
  if (rates === undefined) throw new Error(`no rates at ${key}`);
  return rates;
}

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

const tax = (key: string, category: string, amount: number, quantity = 1, included = false) =>
  calculateLines([line(category, amount, quantity)], ratesAt(key), included, undefined).lines[0]!;

describe('taxability rules on a calculation', () => {
  it('exempt: Texas groceries owe nothing at the state and at every imported local, with a note', () => {
    const result = tax('US-TX-75001', 'FOOD_GENERAL', 10_000);
    expect(result.taxMinor).toBe(0);
    expect(result.jurisdictions.map((entry) => entry.rate)).toEqual(['0', '0', '0']);
    expect(result.jurisdictions[0]!.note).toBe('Groceries are exempt in Texas. State-level rate only.');
    expect(result.jurisdictions[1]!.note).toBe('Groceries are exempt in Texas.');
    // General merchandise at the same place is taxed in full: 8.25 %.
    expect(tax('US-TX-75001', 'GENERAL_MERCHANDISE', 10_000).taxMinor).toBe(825);
  });

  it('partial base: Texas SaaS is taxed on 80 %, locals too, as one exact rate', () => {
    const result = tax('US-TX-75001', 'SAAS_GENERAL', 10_000);
    expect(result.jurisdictions.map((entry) => entry.rate)).toEqual(['0.05', '0.008', '0.008']);
    expect(result.jurisdictions.map((entry) => entry.taxDue)).toEqual(['500', '80', '80']);
    expect(result.taxMinor).toBe(660);
    expect(result.jurisdictions[0]!.note).toMatch(/80%/);
  });

  it('reduced rate, state only: Tennessee food 4 % at the state, the county rate in full', () => {
    const result = tax('US-TN-37201', 'FOOD_GENERAL', 10_000);
    expect(result.jurisdictions.map((entry) => [entry.rate, entry.taxMinor])).toEqual([
      ['0.04', 400],
      ['0.0275', 275],
    ]);
    expect(result.jurisdictions[0]!.note).toBe('Tennessee taxes food at 4%.');
    expect(result.jurisdictions[1]!.note).toBe('Tennessee taxes food at 4%.');
  });

  it('follows the rule in force on the sale date', () => {
    const on = (date: string) =>
      calculateLines([line('FOOD_GENERAL', 10_000)], ratesAt('US-TN', parseDay(date)), false, undefined).lines[0]!
        .taxMinor;
    expect(on('2013-06-30')).toBe(700);
    expect(on('2013-07-01')).toBe(500);
    expect(on('2017-06-30')).toBe(500);
    expect(on('2017-07-01')).toBe(400);
  });

  it('threshold below the cap: NY clothing under $110 an item is exempt from the state tax only', () => {
    const below = tax('US-NY-10001', 'CLOTHING', 2 * 10_999, 2);
    expect(below.jurisdictions.map((entry) => [entry.rate, entry.taxMinor])).toEqual([
      ['0', 0],
      ['0.04875', 1072],
    ]);
    expect(below.jurisdictions[0]!.note).toBe(
      'NY exempts clothing under $110 from the state tax. State-level rate only.',
    );
  });

  it('threshold at and above the cap: NY clothing of $110 an item is taxed in full, and says why', () => {
    const at = tax('US-NY-10001', 'CLOTHING', 2 * 11_000, 2);
    expect(at.jurisdictions.map((entry) => [entry.rate, entry.taxMinor])).toEqual([
      ['0.04', 880],
      ['0.04875', 1073],
    ]);
    expect(at.jurisdictions[0]!.note).toMatch(/Not applied: the item's price is at or above the threshold/);
  });

  it('threshold on the excess: MA clothing is taxed only on the part of each item above $175', () => {
    expect(tax('US-MA', 'CLOTHING', 17_500).taxMinor).toBe(0);
    const above = tax('US-MA', 'CLOTHING', 3 * 20_000, 3);
    // 3 × (200 − 175) = 75 dollars taxed at 6.25 %.
    expect(above.jurisdictions[0]).toMatchObject({ rate: '0.0625', taxDue: '468.75', taxMinor: 469 });
    expect(above.taxMinor).toBe(469);
  });

  it('tax-inclusive: the rules hold and excluded + tax == amount', () => {
    const food = tax('US-TX-75001', 'FOOD_GENERAL', 10_000, 1, true);
    expect(food).toMatchObject({ taxMinor: 0, amountExcludingTaxMinor: 10_000 });
    const saas = tax('US-TX-75001', 'SAAS_GENERAL', 10_660, 1, true);
    expect(saas).toMatchObject({ taxMinor: 660, amountExcludingTaxMinor: 10_000 });
    const tn = tax('US-TN-37201', 'FOOD_GENERAL', 10_675, 1, true);
    expect(tn).toMatchObject({ taxMinor: 675, amountExcludingTaxMinor: 10_000 });
    // MA: a $200 item sold for $201.56 including tax: 25 × 6.25 % = 1.5625.
    const ma = tax('US-MA', 'CLOTHING', 20_156, 1, true);
    expect(ma).toMatchObject({ taxMinor: 156, amountExcludingTaxMinor: 20_000 });
    // NY: $100 + 4.875 % county = 104.88 (exempt from the state); $120 + 8.875 % = 130.65.
    expect(tax('US-NY-10001', 'CLOTHING', 10_488, 1, true)).toMatchObject({
      taxMinor: 488,
      amountExcludingTaxMinor: 10_000,
    });
    expect(tax('US-NY-10001', 'CLOTHING', 13_065, 1, true)).toMatchObject({
      taxMinor: 1065,
      amountExcludingTaxMinor: 12_000,
    });
  });

  it('tax-inclusive with thresholds: the price solves amount = price + tax(price) to within half a unit', () => {
    const cases = fc.record({
      key: fc.constantFrom('US-NY-10001', 'US-MA'),
      amount: fc.integer({ min: 1, max: 50_000_000 }),
      quantity: fc.integer({ min: 1, max: 20 }),
    });
    fc.assert(
      fc.property(cases, ({ key, amount, quantity }) => {
        const rates = ratesAt(key);
        const result = calculateLines([line('CLOTHING', amount, quantity)], rates, true, undefined).lines[0]!;
        expect(result.amountExcludingTaxMinor + result.taxMinor).toBe(amount);
        expect(result.jurisdictions.reduce((sum, entry) => sum + entry.taxMinor, 0)).toBe(result.taxMinor);
        const gross = (price: Decimal) => {
          let total = price;
          for (const rate of rates) {
            const cut = new oracle(rate.categories?.get('CLOTHING')?.thresholdMinor ?? 0).times(quantity);
            const rule = rate.categories?.get('CLOTHING');
            const taxable =
              rule?.kind === 'exempt_below'
                ? price.lessThan(cut)
                  ? new oracle(0)
                  : price
                : rule?.kind === 'exempt_up_to'
                  ? Decimal.max(price.minus(cut), 0)
                  : price;
            total = total.plus(taxable.times(rate.rate));
          }
          return total;
        };
        const price = new oracle(result.amountExcludingTaxMinor);
        expect(gross(price.minus(0.5)).lessThanOrEqualTo(amount)).toBe(true);
        expect(gross(price.plus(0.5)).greaterThanOrEqualTo(amount)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('tax-exclusive with rules: each line is the half-up rounding of its exact taxes (decimal.js oracle)', () => {
    const cases = fc.record({
      key: fc.constantFrom('US-NY-10001', 'US-MA', 'US-TX-75001', 'US-TN-37201'),
      category: fc.constantFrom('CLOTHING', 'FOOD_GENERAL', 'SAAS_GENERAL', 'GENERAL_MERCHANDISE'),
      amount: fc.integer({ min: 0, max: 2 ** 40 }),
      quantity: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(cases, ({ key, category, amount, quantity }) => {
        const result = tax(key, category, amount, quantity);
        let exact = new oracle(0);
        for (const entry of result.jurisdictions) exact = exact.plus(entry.taxDue);
        expect(result.taxMinor).toBe(exact.toDecimalPlaces(0).toNumber());
        expect(result.jurisdictions.reduce((sum, entry) => sum + entry.taxMinor, 0)).toBe(result.taxMinor);
      }),
      { numRuns: 400 },
    );
  });

  it('no rule for the category: the general rate, and a note that says taxkit holds no rule there', () => {
    // Tennessee has a food rule but none for SaaS: the state and the county tax it in full.
    const result = tax('US-TN-37201', 'SAAS_GENERAL', 10_000);
    expect(result.taxMinor).toBe(975);
    expect(result.jurisdictions.map((entry) => entry.note)).toEqual([
      'taxkit holds no taxability rule for SAAS_GENERAL here: taxed at the general rate.',
      'taxkit holds no taxability rule for SAAS_GENERAL here: taxed at the general rate.',
    ]);
    // The jurisdiction's own note still follows ("state level only" is never lost).
    expect(tax('US-NY', 'SAAS_GENERAL', 10_000).jurisdictions[0]!.note).toBe(
      'taxkit holds no taxability rule for SAAS_GENERAL here: taxed at the general rate. State-level rate only.',
    );
    // General merchandise needs no rule: the general rate is its rule, and the note stays the jurisdiction's.
    expect(tax('US-NY', 'GENERAL_MERCHANDISE', 10_000).jurisdictions[0]!.note).toBe('State-level rate only.');
    expect(tax('US-TN-37201', 'GENERAL_MERCHANDISE', 10_000).jurisdictions.map((entry) => entry.note)).toEqual([
      '',
      '',
    ]);
    // A rule that applies keeps its own note, with no gap note beside it.
    expect(tax('US-TN-37201', 'FOOD_GENERAL', 10_000).jurisdictions[0]!.note).toBe('Tennessee taxes food at 4%.');
  });

  it('a zero reason (exempt customer) still wins over every rule', () => {
    const result = calculateLines([line('SAAS_GENERAL', 10_000)], ratesAt('US-TX-75001'), false, {
      kind: 'exempt_customer',
    }).lines[0]!;
    expect(result.taxMinor).toBe(0);
    expect(result.jurisdictions.every((entry) => /exempt/.test(entry.note))).toBe(true);
  });
});

describe('compiling taxability rules', () => {
  const compileWith = (rules: unknown[]) =>
    compileRateIndex([{ ...RULE_TABLE, taxability: rules as TaxabilityRule[] }, STATES, LOCALS]);
  const base = RULES[0]!;

  it('a rule for business customers only: its own period check, applied to them alone, with locals following', () => {
    const business: TaxabilityRule = {
      regions: ['US-TX'],
      categories: ['SAAS_GENERAL'],
      from: '2010-01-01',
      customers: ['BUSINESS'],
      treatment: { kind: 'exempt' },
      note: 'Not taxed when bought by a business (test rule).',
      source: SOURCE,
    };
    // It does not overlap the unscoped Texas SaaS rule: it is checked apart.
    const index = compileWith([...RULES, business]);
    const rates = lookupRates(index, 'US-TX-75001', TODAY)!;
    const saas = [line('SAAS_GENERAL', 10_000)];
    const asBusiness = calculateLines(saas, rates, false, undefined, { customerType: 'BUSINESS' }).lines[0]!;
    expect(asBusiness.taxMinor).toBe(0);
    expect(asBusiness.jurisdictions.every((entry) => /bought by a business/.test(entry.note))).toBe(true);
    const asConsumer = calculateLines(saas, rates, false, undefined, { customerType: 'CONSUMER' }).lines[0]!;
    expect(asConsumer.taxMinor).toBe(660);
    // Other categories for a business keep their own rules.
    const food = calculateLines([line('FOOD_GENERAL', 10_000)], rates, false, undefined, { customerType: 'BUSINESS' });
    expect(food.lines[0]!.taxMinor).toBe(0);
    expect(() => compileWith([...RULES, business, { ...business, from: '2015-01-01' }])).toThrow(/overlap/);
    expect(() => compileWith([{ ...business, customers: [] }])).toThrow(/customer type/);
    expect(() => compileWith([{ ...business, customers: ['RESELLER'] }])).toThrow(/not CONSUMER or BUSINESS/);
  });

  it('refuses overlapping periods for one region and category', () => {
    expect(() => compileWith([base, { ...base, from: '2015-01-01' }])).toThrow(/overlap/);
  });

  it('refuses a rule without a source URL, a note or an effective date', () => {
    expect(() => compileWith([{ ...base, source: '' }])).toThrow(/source/);
    expect(() => compileWith([{ ...base, note: ' ' }])).toThrow(/note/);
    expect(() => compileWith([{ ...base, from: 'soon' }])).toThrow(/effective date/);
  });

  it('refuses an unknown category, a bad rate or fraction, and locals told to "follow" a reduced rate', () => {
    expect(() => compileWith([{ ...base, categories: ['FOOD'] }])).toThrow(/not a product category/);
    expect(() => compileWith([{ ...base, treatment: { kind: 'rate', rate: '7%' } }])).toThrow(/Rate/);
    expect(() => compileWith([{ ...base, treatment: { kind: 'partial', fraction: '1' } }])).toThrow(/fraction/);
    expect(() => compileWith([{ ...base, treatment: { kind: 'rate', rate: '0.01' }, local: 'follow' }])).toThrow(
      /local/,
    );
    expect(() => compileWith([{ ...base, treatment: { kind: 'exempt_below', thresholdMinor: 1.5 } }])).toThrow(
      /thresholdMinor/,
    );
  });

  it('a reduced rate that says nothing of local taxes leaves them at their own rate', () => {
    const index = compileWith([{ ...base, treatment: { kind: 'rate', rate: '0.02' } }]);
    const rates = lookupRates(index, 'US-TX-75001', TODAY) ?? [];
    const result = calculateLines([line('FOOD_GENERAL', 10_000)], rates, false, undefined).lines[0]!;
    expect(result.jurisdictions.map((entry) => entry.rate)).toEqual(['0.02', '0.01', '0.01']);
    expect(result.taxMinor).toBe(400);
  });

  it('refuses a partial base whose exact rate needs more than 8 decimals', () => {
    const odd: RateTable = {
      ...LOCALS,
      rates: LOCALS.rates.map((period) =>
        period.jurisdiction === 'TX-CITY-A' ? { ...period, rate: '0.01234567' } : period,
      ),
    };
    expect(() => compileRateIndex([RULE_TABLE, STATES, odd])).toThrow(/not exact at 8 decimals/);
  });

  it("a later table's rules replace an earlier table's for the same region and category", () => {
    const override: RateTable = {
      ...RULE_TABLE,
      name: 'mine',
      taxability: [{ ...base, treatment: { kind: 'taxable' }, note: 'Taxed here after all.' }],
    };
    const index = compileRateIndex([RULE_TABLE, STATES, LOCALS, override]);
    const rates = lookupRates(index, 'US-TX-75001', TODAY) ?? [];
    const result = calculateLines([line('FOOD_GENERAL', 10_000)], rates, false, undefined).lines[0]!;
    expect(result.taxMinor).toBe(825);
    expect(result.jurisdictions[0]!.note).toBe('Taxed here after all. State-level rate only.');
  });

  it("a later table's rule for a category also replaces an earlier table's rules for some customers", () => {
    const forBusiness: TaxabilityRule = { ...base, customers: ['BUSINESS'], note: 'Exempt for a business.' };
    const override: RateTable = {
      ...RULE_TABLE,
      name: 'mine',
      taxability: [{ ...base, treatment: { kind: 'taxable' }, note: 'Taxed here after all.' }],
    };
    const embedded: RateTable = { ...RULE_TABLE, taxability: [...RULES, forBusiness] };
    const before = lookupRates(compileRateIndex([embedded, STATES, LOCALS]), 'US-TX-75001', TODAY) ?? [];
    const food = [line('FOOD_GENERAL', 10_000)];
    const exempt = calculateLines(food, before, false, undefined, { customerType: 'BUSINESS' }).lines[0]!;
    expect(exempt.jurisdictions[0]!.note).toBe('Exempt for a business. State-level rate only.');
    const after = lookupRates(compileRateIndex([embedded, STATES, LOCALS, override]), 'US-TX-75001', TODAY) ?? [];
    const taxed = calculateLines(food, after, false, undefined, { customerType: 'BUSINESS' }).lines[0]!;
    expect(taxed.taxMinor).toBe(825);
    expect(taxed.jurisdictions[0]!.note).toBe('Taxed here after all. State-level rate only.');
  });

  it('reaches rates given inline at a location (imported ZIP tables), cut where the rules change', () => {
    const imported: RateTable = {
      name: 'zip-vintage',
      source: 'test import',
      effectiveDate: '2012-01-01',
      jurisdictions: [
        { ...jurisdiction('US-TN', 'STATE'), subdivision: 'TN' },
        { ...jurisdiction('TN-CITY-B', 'CITY'), subdivision: 'TN' },
      ],
      rates: [],
      locations: [
        { key: 'US-TN-37203', jurisdictions: ['US-TN', 'TN-CITY-B'], rates: ['0.07', '0.0225'], from: '2012-01-01' },
      ],
    };
    const index = compileRateIndex([RULE_TABLE, STATES, imported]);
    const food = (date: string) =>
      calculateLines(
        [line('FOOD_GENERAL', 10_000)],
        lookupRates(index, 'US-TN-37203', parseDay(date)) ?? [],
        false,
        undefined,
      ).lines[0]!.jurisdictions.map((entry) => entry.rate);
    expect(food('2013-06-30')).toEqual(['0.07', '0.0225']);
    expect(food('2013-07-01')).toEqual(['0.05', '0.0225']);
    expect(food('2026-11-22')).toEqual(['0.04', '0.0225']);
  });

  it('keeps a jurisdiction without a region (no location names it) on its general rate', () => {
    const lonely: RateTable = {
      name: 'lonely',
      source: 'test',
      effectiveDate: '2020-01-01',
      jurisdictions: [jurisdiction('ORPHAN', 'CITY')],
      rates: [{ jurisdiction: 'ORPHAN', from: '2010-01-01', rate: '0.01' }],
      locations: [],
    };
    expect(() => compileRateIndex([RULE_TABLE, lonely])).not.toThrow();
  });
});

describe('rules scoped to jurisdictions', () => {
  // An imported Texas city and district with the importer's ids (US-<state>:<level>:<name>).
  const texasFood = RULES[0]!;
  const IMPORTED: RateTable = {
    name: 'imported-ids',
    source: 'test import',
    effectiveDate: '2020-01-01',
    jurisdictions: [
      { ...jurisdiction('US-TX:CITY:A', 'CITY'), subdivision: 'TX' },
      { ...jurisdiction('US-TX:DISTRICT:A', 'DISTRICT'), subdivision: 'TX' },
    ],
    rates: [
      { jurisdiction: 'US-TX:CITY:A', from: '2010-01-01', rate: '0.01' },
      { jurisdiction: 'US-TX:DISTRICT:A', from: '2010-01-01', rate: '0.01' },
    ],
    locations: [{ key: 'US-TX-75002', jurisdictions: ['US-TX', 'US-TX:CITY:A', 'US-TX:DISTRICT:A'] }],
  };
  const scoped = (extra: Partial<TaxabilityRule>): TaxabilityRule => ({
    regions: ['US-TX'],
    categories: ['FOOD_GENERAL'],
    from: '2010-01-01',
    treatment: { kind: 'rate', rate: '0.02' },
    note: 'Texas cities tax food at 2%.',
    source: SOURCE,
    jurisdictions: ['US-TX:*'],
    ...extra,
  });
  const compileWith = (rules: TaxabilityRule[]) =>
    compileRateIndex([{ ...RULE_TABLE, taxability: rules }, STATES, IMPORTED]);
  const food = (index: ReturnType<typeof compileRateIndex>, date = '2026-11-22', amount = 10_000, included = false) =>
    calculateLines(
      [line('FOOD_GENERAL', amount)],
      lookupRates(index, 'US-TX-75002', parseDay(date)) ?? [],
      included,
      undefined,
    ).lines[0]!;

  it('refuses a scoped id outside its regions, a "*" inside an id, an empty scope and a "local" treatment', () => {
    expect(() => compileWith([scoped({ regions: ['US-TX'], jurisdictions: ['US-NY:CITY:A'] })])).toThrow(
      /does not lie in the rule's regions/,
    );
    expect(() => compileWith([scoped({ regions: ['US-TX'], jurisdictions: ['US-TX:*:A'] })])).toThrow(/may only end/);
    expect(() => compileWith([scoped({ jurisdictions: [] })])).toThrow(/names no jurisdiction/);
    expect(() => compileWith([scoped({ regions: ['US-TX'], jurisdictions: ['US-TX:CITY'], local: 'follow' })])).toThrow(
      /drop "local"/,
    );
  });

  it('applies its treatment to the matching jurisdictions only, on top of the region rule, with its note', () => {
    const index = compileWith([texasFood, scoped({ regions: ['US-TX'], jurisdictions: ['US-TX:CITY:A'] })]);
    const result = food(index);
    expect(result.jurisdictions.map((entry) => entry.rate)).toEqual(['0', '0.02', '0']);
    expect(result.taxMinor).toBe(200);
    expect(result.jurisdictions[1]!.note).toBe('Texas cities tax food at 2%.');
    expect(result.jurisdictions[2]!.note).toBe('Groceries are exempt in Texas.');
  });

  it('an exact id wins over a prefix, a longer prefix over a shorter one', () => {
    const index = compileWith([
      texasFood,
      scoped({
        regions: ['US-TX'],
        jurisdictions: ['US-TX:*'],
        treatment: { kind: 'rate', rate: '0.03' },
        note: 'All.',
      }),
      scoped({
        regions: ['US-TX'],
        jurisdictions: ['US-TX:DISTRICT:*'],
        treatment: { kind: 'taxable' },
        note: 'Districts.',
      }),
      scoped({ regions: ['US-TX'], jurisdictions: ['US-TX:CITY:A'], treatment: { kind: 'exempt' }, note: 'City A.' }),
    ]);
    const result = food(index);
    expect(result.jurisdictions.map((entry) => [entry.rate, entry.note])).toEqual([
      ['0', 'Groceries are exempt in Texas. State-level rate only.'],
      ['0', 'City A.'],
      ['0.01', 'Districts.'],
    ]);
  });

  it('is dated: the rate period is cut where a scoped rule starts and ends', () => {
    const index = compileWith([
      texasFood,
      scoped({ regions: ['US-TX'], jurisdictions: ['US-TX:CITY:A'], from: '2020-01-01', to: '2025-01-01' }),
    ]);
    expect(food(index, '2019-12-31').taxMinor).toBe(0);
    expect(food(index, '2020-01-01').taxMinor).toBe(200);
    expect(food(index, '2024-12-31').taxMinor).toBe(200);
    expect(food(index, '2025-01-01').taxMinor).toBe(0);
  });

  it('tax-inclusive: excluded + tax == amount under a scoped rate (property, decimal.js oracle)', () => {
    const index = compileWith([texasFood, scoped({ regions: ['US-TX'], jurisdictions: ['US-TX:CITY:A'] })]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (amount) => {
        const result = food(index, '2026-11-22', amount, true);
        expect(result.amountExcludingTaxMinor + result.taxMinor).toBe(amount);
        const expected = oracle(amount).div(oracle('1.02')).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
        expect(Math.abs(result.amountExcludingTaxMinor - expected)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });

  it("a later table's scoped rule replaces an earlier table's for the same id and category", () => {
    const first: RateTable = {
      ...RULE_TABLE,
      taxability: [texasFood, scoped({ regions: ['US-TX'], jurisdictions: ['US-TX:CITY:A'] })],
    };
    const mine: RateTable = {
      ...RULE_TABLE,
      name: 'mine',
      taxability: [
        scoped({ regions: ['US-TX'], jurisdictions: ['US-TX:CITY:A'], treatment: { kind: 'exempt' }, note: 'Mine.' }),
      ],
    };
    const index = compileRateIndex([first, STATES, IMPORTED, mine]);
    expect(food(index).jurisdictions[1]!.note).toBe('Mine.');
    expect(food(index).taxMinor).toBe(0);
  });
});
