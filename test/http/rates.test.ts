import { createImportingEngine } from '../helpers/importing-engine.ts';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_A, createTestApi } from '../helpers/http-fixtures.ts';
import { makeLocalTable, makeRateRecord } from '../helpers/rate-records.ts';

const NOW = Date.UTC(2026, 3, 15, 12, 0, 0);

function setup() {
  const { store, engine } = createImportingEngine(NOW);
  return { store, engine, call: createTestApi(engine).call };
}

describe('GET /tax/rates', () => {
  it('names the snapshot calculations use and its embedded tables', async () => {
    const { call, engine } = setup();
    const { status, json } = await call('GET', '/tax/rates');
    expect(status).toBe(200);
    const index = await engine.rates.current();
    expect(json.object).toBe('tax.rates');
    expect(json.snapshot).toBe(index.snapshot);
    expect(json.tables.map((table: any) => table.id)).toEqual(index.tableIds);
    expect(json.tables.every((table: any) => table.origin === 'embedded' && table.in_snapshot)).toBe(true);
    expect(json.tables.every((table: any) => table.file_name === null)).toBe(true);
    const calculation = await call('POST', '/tax/calculations', {
      body: {
        customer: { address: { address_country: 'US', address_province: 'CA', address_postal_code: '90002' } },
        order_details: {
          customer_currency_code: 'USD',
          tax_included_in_amount: false,
          line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1000, quantity: 1 }],
        },
      },
    });
    expect(calculation.json.rates_snapshot).toBe(json.snapshot);
  });

  it('shows an imported table with its file and rows, in the new snapshot after the import', async () => {
    const { call, store } = setup();
    const before = (await call('GET', '/tax/rates')).json;
    const record = makeRateRecord(makeLocalTable());
    await store.importRateTables([record]);
    const after = (await call('GET', '/tax/rates')).json;
    expect(after.snapshot).not.toBe(before.snapshot);
    expect(after.revision).toBe(before.revision + 1);
    const imported = after.tables.find((table: any) => table.id === record.id);
    expect(imported).toMatchObject({
      name: record.table.name,
      origin: 'imported',
      in_snapshot: true,
      file_name: record.fileName,
      row_count: record.rowCount,
      format: record.format,
      effective_date: '2026-03-01',
    });
    expect(after.tables.at(-1).id).toBe(record.id); // later tables override earlier ones
  });

  it('needs a secret key', async () => {
    const { call } = setup();
    expect((await call('GET', '/tax/rates', { key: ACCOUNT_A.keys.publicTest })).status).toBe(401);
    expect((await call('GET', '/tax/rates', { key: null })).status).toBe(401);
  });
});

describe('DELETE /tax/rates/{id} (issue 37)', () => {
  const body = {
    customer: { address: { address_country: 'US', address_province: 'CA', address_postal_code: '90002' } },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
    },
  };

  it('takes a table out of use; calculations made with it still replay exactly', async () => {
    const { call, store } = setup();
    const record = makeRateRecord(makeLocalTable({ cityRate: '0.03' }));
    await store.importRateTables([record]);
    const made = (await call('POST', '/tax/calculations', { body })).json;
    expect(made.total_tax_amount).toBe(900); // 6 % state + 3 % city of the imported table
    const removed = await call('DELETE', `/tax/rates/${record.id}`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({
      object: 'tax.rate_table_removal',
      removed: [
        {
          id: record.id,
          name: record.table.name,
          file_name: record.fileName,
          effective_date: '2026-03-01',
          format: record.format,
        },
      ],
      revision: 2,
    });
    const now = (await call('POST', '/tax/calculations', { body })).json;
    expect(now.total_tax_amount).toBe(725); // the embedded California rate again
    const replayed = await call('POST', `/tax/calculations/${made.id}/replay`);
    expect(replayed.status).toBe(200);
    expect(replayed.json.total_tax_amount).toBe(900);
    expect(replayed.json.rates_snapshot).toBe(made.rates_snapshot);
    const listed = (await call('GET', '/tax/rates')).json;
    expect(listed.tables.some((table: any) => table.id === record.id)).toBe(false);
  });

  it('removes by name too; an unknown table is 404 RATE_TABLE_NOT_FOUND and an embedded one cannot be removed', async () => {
    const { call, store } = setup();
    const record = makeRateRecord(makeLocalTable());
    await store.importRateTables([record]);
    const missing = await call('DELETE', '/tax/rates/nothing-like-it');
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.json)).toMatch(/rate_table_not_found/i);
    expect((await call('DELETE', '/tax/rates/us-states')).status).toBe(404);
    const byName = await call('DELETE', `/tax/rates/${record.table.name}`);
    expect(byName.json.removed.map((table: any) => table.id)).toEqual([record.id]);
    expect((await call('DELETE', `/tax/rates/${record.id}`, { key: ACCOUNT_A.keys.publicTest })).status).toBe(401);
  });
});
