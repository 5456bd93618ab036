import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import { makeLocalTable, makeRateRecord } from '../helpers/rate-records.ts';

const NOW = Date.UTC(2026, 3, 15, 12, 0, 0); // 2026-04-15

type Wire = Record<string, any>;

const sale = (province: string, zip: string) => ({
  customer: { address: { address_country: 'US', address_province: province, address_postal_code: zip } },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: [{ product_category: 'GENERAL_MERCHANDISE' as const, amount: 10_000, quantity: 1 }],
  },
});

function setup(checkIntervalMs = 0) {
  const store = createMemoryStore();
  const engine = createTaxEngine({
    store,
    clock: { now: () => NOW },
    ids: createCountingIds(),
    ratesCheckIntervalMs: checkIntervalMs,
  });
  return { store, engine };
}

const partsOf = (calculation: Wire) =>
  (calculation.line_items[0].tax_jurisdictions as Wire[]).map((entry) => [entry.jurisdiction_name, entry.tax_rate]);

describe('rates imported into the store', () => {
  it('an engine running before the import picks the tables up without a restart', async () => {
    const { store, engine } = setup();
    const before: Wire = await engine.calculations.create(sale('CA', '90002'));
    expect(partsOf(before)).toEqual([['California', 0.0725]]);
    await store.importRateTables([makeRateRecord(makeLocalTable())]);
    const after: Wire = await engine.calculations.create(sale('CA', '90002'));
    expect(partsOf(after)).toEqual([
      ['CA', 0.06],
      ['TESTVILLE', 0.01],
    ]);
    expect(after.total_tax_amount).toBe(700);
  });

  it('with a check interval, a new import shows only after the interval', async () => {
    const { store, engine } = setup(60_000);
    await engine.calculations.create(sale('CA', '90002'));
    await store.importRateTables([makeRateRecord(makeLocalTable())]);
    const soon: Wire = await engine.calculations.create(sale('CA', '90002'));
    expect(partsOf(soon)).toEqual([['California', 0.0725]]);
  });

  it('ready() gives the index only while no look at the store is due', async () => {
    const { engine } = setup(60_000);
    expect(engine.rates.ready()).toBeUndefined(); // nothing loaded yet
    const index = await engine.rates.current();
    expect(engine.rates.ready()).toBe(index);
    const everyCall = setup(0).engine;
    await everyCall.rates.current();
    expect(everyCall.rates.ready()).toBeUndefined(); // a check is due before every calculation
  });

  it('records the snapshot of every index it uses, base tables included, so it can be rebuilt', async () => {
    const { store, engine } = setup();
    const first = await engine.rates.current();
    await store.importRateTables([makeRateRecord(makeLocalTable())]);
    const second = await engine.rates.current();
    expect(second.snapshot).not.toBe(first.snapshot);
    for (const index of [first, second]) {
      const saved = await store.getRateSnapshot(index.snapshot);
      expect(saved?.snapshot.tableIds).toEqual(index.tableIds);
    }
    const fresh = createTaxEngine({ store, clock: { now: () => NOW } });
    const rebuilt = await fresh.rates.snapshot(first.snapshot);
    expect(rebuilt?.snapshot).toBe(first.snapshot);
    expect(rebuilt?.keys.has('US-CA-90002')).toBe(false);
    expect((await fresh.rates.snapshot(second.snapshot))?.keys.has('US-CA-90002')).toBe(true);
    expect(await fresh.rates.snapshot('0000000000000000')).toBeUndefined();
  });

  it('a ZIP listed under two states takes the rates of the address state', async () => {
    const { store, engine } = setup();
    // 97635 is an Oregon ZIP by USPS; a table also lists it in California.
    await store.importRateTables([
      makeRateRecord(makeLocalTable({ state: 'CA', zip: '97635', cityRate: '0.0025' })),
      makeRateRecord(makeLocalTable({ state: 'OR', zip: '97635', cityRate: '0' })),
    ]);
    const california: Wire = await engine.calculations.create(sale('CA', '97635'));
    expect(partsOf(california)).toEqual([
      ['CA', 0.06],
      ['TESTVILLE', 0.0025],
    ]);
    const oregon: Wire = await engine.calculations.create(sale('OR', '97635'));
    expect(partsOf(oregon)).toEqual([
      ['OR', 0.06],
      ['TESTVILLE', 0],
    ]);
    // A state that lists no such ZIP is still a mismatch.
    await expect(engine.calculations.create(sale('WA', '97635'))).rejects.toMatchObject({ type: 'ZIP_STATE_MISMATCH' });
  });
});
