import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createSqliteStore } from '../../adapters/sqlite/index.ts';
import { createTaxEngine } from '../../src/engine.ts';
import type { TaxStore } from '../../src/ports/store.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import { importRates } from '../../src/rate-import/import-rates.ts';
import { API_VERSIONS } from '../../src/wire/api-version.ts';
import { generateAvalaraFixture, type FixtureFile } from '../helpers/avalara-fixture.ts';
import { ACCOUNTS, callerOf } from '../helpers/http-fixtures.ts';
import { createFetchHandler } from '../../src/http/create-fetch-handler.ts';

const NOW = Date.UTC(2026, 10, 22, 12); // 2026-11-22
const seconds = (iso: string) => Date.parse(`${iso}T12:00:00Z`) / 1000;

type Wire = Record<string, any>;

const novaScotia = (extra: object = {}) => ({
  customer: { address: { address_country: 'CA', address_province: 'NS', address_postal_code: 'B3H 1A1' } },
  order_details: {
    customer_currency_code: 'CAD',
    tax_included_in_amount: false,
    line_items: [{ product_category: 'GENERAL_MERCHANDISE' as const, amount: 10_000, quantity: 1 }],
  },
  ...extra,
});

const californiaSale = (zip: string, extra: object = {}) => ({
  customer: { address: { address_country: 'US', address_province: 'CA', address_postal_code: zip } },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: [
      { reference_line_item_id: 'a', product_category: 'GENERAL_MERCHANDISE' as const, amount: 12_345, quantity: 3 },
      { reference_line_item_id: 'b', product_category: 'GENERAL_MERCHANDISE' as const, amount: 999, quantity: 1 },
    ],
  },
  ...extra,
});

function engineOn(store: TaxStore = createMemoryStore()) {
  return createTaxEngine({ store, clock: { now: () => NOW }, ids: createCountingIds(), ratesCheckIntervalMs: 0 });
}

describe('tax_date', () => {
  const engine = engineOn();

  it('picks the rates in force on the sale’s date: Nova Scotia HST 15 % before 2025-04-01, 14 % from it', async () => {
    const before: Wire = await engine.calculations.create(novaScotia({ tax_date: seconds('2025-03-31') }));
    const on: Wire = await engine.calculations.create(novaScotia({ tax_date: seconds('2025-04-01') }));
    const today: Wire = await engine.calculations.create(novaScotia());
    expect(before.total_tax_amount).toBe(1_500);
    expect(on.total_tax_amount).toBe(1_400);
    expect(today.total_tax_amount).toBe(1_400);
    expect(before.tax_date).toBe(seconds('2025-03-31'));
    expect(today.tax_date).toBe(NOW / 1000);
  });

  it('the library call option sets it too; the request field wins over it', async () => {
    const byOption: Wire = await engine.calculations.create(novaScotia(), { taxDate: seconds('2025-01-15') });
    expect(byOption.total_tax_amount).toBe(1_500);
    const both: Wire = await engine.calculations.create(novaScotia({ tax_date: seconds('2025-05-01') }), {
      taxDate: seconds('2025-01-15'),
    });
    expect(both.total_tax_amount).toBe(1_400);
  });

  it('a date in the future is allowed and gets the rates scheduled for it', async () => {
    const future: Wire = await engine.calculations.create(novaScotia({ tax_date: seconds('2031-01-01') }));
    expect(future.total_tax_amount).toBe(1_400);
  });

  it('is accepted and echoed, with rates_snapshot, in every API version and on platform calculations', async () => {
    for (const version of API_VERSIONS) {
      const result: Wire = await engine.calculations.create(novaScotia({ tax_date: seconds('2025-03-31') }), {
        version,
      });
      expect(result.total_tax_amount).toBe(1_500);
      expect(result.tax_date).toBe(seconds('2025-03-31'));
      expect(result.rates_snapshot).toMatch(/^[0-9a-f]{16}$/);
    }
    await engine.merchants.create(
      {
        reference_merchant_id: 'm-1',
        name: 'M',
        default_address: { address_country: 'CA', address_province: 'NS', address_postal_code: 'B3H 1A1' },
      },
      { version: '2026-01-01' },
    );
    const platform: Wire = await engine.platform.calculations.create(
      {
        ...novaScotia({ tax_date: seconds('2025-03-31') }),
        merchant: { merchant_id: 'm-1' },
        roles: ['merchant_of_record'],
      },
      { version: '2026-01-01' },
    );
    expect(platform.total_tax_amount).toBe(1_500);
    expect(platform.rates_snapshot).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses a tax_date that is not whole Unix seconds, and writes nothing', async () => {
    for (const bad of [-1, 1.5, '2025-01-01']) {
      await expect(engine.calculations.create(novaScotia({ tax_date: bad }))).rejects.toMatchObject({
        status: 400,
        details: { field: 'tax_date' },
      });
    }
  });
});

describe('replay', () => {
  const files = generateAvalaraFixture({
    states: ['CA'],
    zipsPerState: 80,
    vintages: ['202603', '202604'],
    changedFraction: 0.5,
  });
  const march = files.filter((file) => file.vintage === '202603');
  const april = files.filter((file) => file.vintage === '202604');
  const marchRows = (march[0] as FixtureFile).rows;
  const aprilRows = (april[0] as FixtureFile).rows;
  const changed = aprilRows.find((row, index) => row.combined !== marchRows[index]?.combined);
  const zip = changed?.zip as string;

  it('recomputes a stored calculation with its snapshot: identical after a newer import', async () => {
    const store = createMemoryStore();
    await importRates({ store, inputs: march });
    const engine = engineOn(store);
    const original: Wire = await engine.calculations.create(californiaSale(zip, { tax_date: seconds('2026-04-10') }));
    // The April vintage is imported afterwards: a new calculation for the same sale changes…
    await importRates({ store, inputs: april });
    const fresh: Wire = await engine.calculations.create(californiaSale(zip, { tax_date: seconds('2026-04-10') }));
    expect(fresh.total_tax_amount).not.toBe(original.total_tax_amount);
    expect(fresh.rates_snapshot).not.toBe(original.rates_snapshot);
    // …the replay does not.
    const replayed: Wire = await engine.calculations.replay(original.id);
    expect(replayed).toStrictEqual(original);
  });

  it('works from another engine on the same SQLite file, which rebuilds the snapshot from the store', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'taxkit-replay-'));
    try {
      const path = join(directory, 'tax.db');
      const first = createSqliteStore({ path });
      await importRates({ store: first, inputs: march });
      const original: Wire = await engineOn(first).calculations.create(
        californiaSale(zip, { tax_date: seconds('2026-04-10') }),
        { version: '2026-03-01' },
      );
      await importRates({ store: first, inputs: april });
      await first.close();
      const second = createSqliteStore({ path });
      const replayed: Wire = await engineOn(second).calculations.replay(original.id, { version: '2026-03-01' });
      expect(replayed).toStrictEqual(original);
      await second.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('is an HTTP route: POST /tax/calculations/{id}/replay, 404 for an unknown id', async () => {
    const store = createMemoryStore();
    await importRates({ store, inputs: march });
    const engine = engineOn(store);
    const call = callerOf(createFetchHandler(engine, { accounts: ACCOUNTS }));
    const created = await call('POST', '/tax/calculations', {
      version: '2026-03-01',
      body: californiaSale(zip, { tax_date: seconds('2026-04-10') }),
    });
    expect(created.status).toBe(200);
    await importRates({ store, inputs: april });
    const replayed = await call('POST', `/tax/calculations/${created.json.id}/replay`, { version: '2026-03-01' });
    expect(replayed.status).toBe(200);
    expect(replayed.json).toStrictEqual(created.json);
    const missing = await call('POST', '/tax/calculations/calc_nope/replay', { version: '2026-03-01' });
    expect(missing.status).toBe(404);
    expect(missing.json.type).toBe('CALCULATION_NOT_FOUND');
  });
});
