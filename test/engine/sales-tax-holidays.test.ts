import type { ProductCategoryCode } from '../../src/core/product-categories.ts';
/**
 * Every embedded sales tax holiday (data/taxability/us-holidays.json), through the engine, over
 * an imported Avalara table for its state: on its first and last day and the day after, on both
 * sides of its cap, with the local taxes following the holiday or, for a holiday on the state
 * tax only, still taxing.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { parseDay } from '../../src/core/rates/day-number.ts';
import { formatDay } from '../../src/core/rates/format-day.ts';
import type { TaxabilityTable } from '../../src/core/taxability/taxability-rule.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import { importRates } from '../../src/rate-import/import-rates.ts';
import { avalaraCsv } from '../helpers/avalara-fixture.ts';

type Wire = Record<string, any>;

const holidays = JSON.parse(
  readFileSync(new URL('../../data/taxability/us-holidays.json', import.meta.url), 'utf8'),
) as TaxabilityTable;
const zips = JSON.parse(readFileSync(new URL('../../data/locations/us-zip5.json', import.meta.url), 'utf8')) as {
  zips: Record<string, [string, string, number | null]>;
};

/** A real ZIP of each holiday state, with an imported row: 4 % state, 1 % county, 1.5 % city. */
const states = [...new Set(holidays.rules.flatMap((rule) => rule.regions.map((region) => region.slice(3))))];
const zipOf = new Map(
  states.map((state) => [state, Object.keys(zips.zips).find((zip) => zips.zips[zip]?.[0] === state)]),
);
const PARTS = [40_000, 10_000, 15_000, 0] as const;

const store = createMemoryStore();
const engine = createTaxEngine({
  store,
  clock: { now: () => Date.UTC(2026, 10, 26, 12) },
  ids: createCountingIds(),
  ratesCheckIntervalMs: 0,
});

beforeAll(async () => {
  await importRates({
    store,
    inputs: states.map((state) => ({
      fileName: `TAXRATES_ZIP5_${state}202501.csv`,
      text: avalaraCsv([
        { state, zip: zipOf.get(state) as string, region: 'TESTVILLE', combined: 65_000, parts: PARTS },
      ]),
    })),
  });
});

async function taxesOn(state: string, day: string, category: string, amount: number): Promise<Wire[]> {
  const result: Wire = await engine.calculations.create(
    {
      customer: { address: { address_country: 'US', address_province: state, address_postal_code: zipOf.get(state) } },
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: false,
        line_items: [{ product_category: category as ProductCategoryCode, amount, quantity: 1 }],
      },
      tax_date: Date.parse(`${day}T12:00:00Z`) / 1000,
    },
    { version: '2026-01-01' },
  );
  return result.line_items[0].tax_jurisdictions as Wire[];
}

/** Each jurisdiction's exact tax, in minor units. */
const amounts = (entries: readonly Wire[]) => entries.map((entry) => entry.tax_due_decimal);
/** The exact taxes of the imported row at its general rates: state, county, city. */
const full = (amount: number) => PARTS.slice(0, 3).map((part) => (amount * part) / 1_000_000);

const cases = holidays.rules.flatMap((rule) =>
  rule.regions.flatMap((region) => rule.categories.map((category) => ({ rule, state: region.slice(3), category }))),
);

describe('embedded sales tax holidays over imported local rates', () => {
  it('has holidays for 2025 and 2026, each with a name and an end', () => {
    const years = new Set(holidays.rules.map((rule) => rule.from.slice(0, 4)));
    expect([...years].sort()).toEqual(['2025', '2026']);
    for (const rule of holidays.rules) {
      expect(rule.holiday?.name).toMatch(new RegExp(rule.from.slice(0, 4)));
      expect(rule.to).toBeDefined();
    }
  });

  it.each(cases.map((each) => [each.rule.holiday?.name, each.category, each]))(
    '%s, %s: first and last day, day after, both sides of the cap',
    async (_name, _category, { rule, state, category }) => {
      const first = rule.from;
      const last = formatDay(parseDay(rule.to as string) - 1);
      const after = rule.to as string;
      const { treatment } = rule;
      const stateOnly = rule.local !== undefined && rule.local !== 'follow' && rule.local.kind === 'taxable';
      const under = treatment.kind === 'exempt_below' ? treatment.thresholdMinor - 1 : 400_000;
      const exempted = (amount: number) => (stateOnly ? [0, ...full(amount).slice(1)] : [0, 0, 0]);
      // Outside the holiday the year-round rule answers: the general rate, or a year-round
      // exemption where the state has one (Massachusetts clothing: the first $175).
      const spring = `${first.slice(0, 4)}-03-02`;
      const yearRound = async (amount: number) => amounts(await taxesOn(state, spring, category, amount));
      expect(await yearRound(under), `${spring}: taxed by the year-round rule`).not.toEqual(exempted(under));
      for (const day of [first, last]) {
        const entries = await taxesOn(state, day, category, under);
        expect(amounts(entries), `${day} under the cap`).toEqual(exempted(under));
        expect(entries[0]?.note).toContain(rule.holiday?.name);
        if (treatment.kind === 'exempt_below') {
          const at = treatment.thresholdMinor;
          const taxed = await taxesOn(state, day, category, at);
          // At the cap the holiday's rule still answers, at the general rate (not the year-round rule).
          expect(amounts(taxed), `${day} at the cap`).toEqual(full(at));
          expect(taxed[0]?.note).toMatch(/Not applied/);
        }
      }
      expect(amounts(await taxesOn(state, after, category, under)), `${after}, the day after`).toEqual(
        await yearRound(under),
      );
    },
  );
});

/**
 * The dates an independent check found wrong (issue 36): Mississippi moved its holiday to the
 * second weekend of July in 2024 (S.B. 2470) and added school supplies in 2019; New Mexico's
 * runs from the last Friday of July. Before the fix taxkit exempted the last weekend of July in
 * Mississippi and the first of August in New Mexico.
 */
describe('the corrected Mississippi and New Mexico holidays', () => {
  const exempt = [0, 0, 0];
  it.each([
    [
      'MS',
      'CLOTHING',
      5_000,
      ['2025-07-11', '2025-07-13', '2026-07-10', '2026-07-12'],
      ['2025-07-14', '2025-07-25', '2026-07-13', '2026-07-31'],
    ],
    ['MS', 'SCHOOL_SUPPLIES', 2_500, ['2025-07-12', '2026-07-11'], ['2025-07-14', '2026-07-13']],
    [
      'NM',
      'CLOTHING',
      5_000,
      ['2025-07-25', '2025-07-27', '2026-07-31', '2026-08-02'],
      ['2025-07-28', '2025-08-01', '2026-08-03', '2026-08-07'],
    ],
    ['NM', 'COMPUTERS', 100_000, ['2025-07-26', '2026-08-01'], ['2025-07-28', '2026-08-03']],
  ])(
    '%s %s: exempt on the holiday, the general rate the day after and on the old dates',
    async (state, category, amount, on, off) => {
      for (const day of on) expect(amounts(await taxesOn(state, day, category, amount)), day).toEqual(exempt);
      for (const day of off) expect(amounts(await taxesOn(state, day, category, amount)), day).toEqual(full(amount));
    },
  );
});
