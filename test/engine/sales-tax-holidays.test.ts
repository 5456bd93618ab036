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
      for (const day of [first, last]) {
        const entries = await taxesOn(state, day, category, under);
        expect(amounts(entries), `${day} under the cap`).toEqual(exempted(under));
        expect(entries[0]?.note).toContain(rule.holiday?.name);
        if (treatment.kind === 'exempt_below') {
          const at = treatment.thresholdMinor;
          const taxed = await taxesOn(state, day, category, at);
          expect(amounts(taxed), `${day} at the cap`).toEqual(full(at));
          expect(taxed[0]?.note).toMatch(/Not applied/);
        }
      }
      expect(amounts(await taxesOn(state, after, category, under)), `${after}, the day after`).toEqual(full(under));
    },
  );
});
