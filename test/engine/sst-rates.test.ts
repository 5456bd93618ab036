import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createSqliteStore } from '../../adapters/sqlite/index.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { importRates } from '../../src/rate-import/import-rates.ts';

const EXAMPLE = join(import.meta.dirname, '../fixtures/sst/example');
const SAMPLES = join(import.meta.dirname, '../fixtures/sst');
const NOW = Date.UTC(2026, 4, 15);

type Wire = Record<string, any>;

async function kansasEngine() {
  const store = createMemoryStore();
  const report = await importRates({ store, inputs: [EXAMPLE] });
  const engine = createTaxEngine({ store, clock: { now: () => NOW }, ratesCheckIntervalMs: 0 });
  return { engine, report, store };
}

function sale(address: Record<string, string>, extra: object = {}): any {
  return {
    customer: { address: { address_country: 'US', address_province: 'KS', ...address } },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
    },
    ...extra,
  };
}

const rates = (result: Wire) =>
  result.line_items[0].tax_jurisdictions.map((entry: Wire) => [entry.jurisdiction_name, entry.tax_rate]);
const V = { version: '2026-03-01' } as const;

describe('rates at the address from imported SST files (the Kansas example)', () => {
  it('imports both files, recognised by name, with their quarter and row counts', async () => {
    const { report, engine } = await kansasEngine();
    expect(report.files.map((file) => [file.format, file.name, file.rowCount])).toEqual([
      ['sst-boundaries', 'sst-ks-boundaries-2026Q2', 6],
      ['sst-rates', 'sst-ks-rates-2026Q2', 4],
    ]);
    const listed: Wire = await engine.rateTables.list();
    expect(listed.tables.filter((table: Wire) => table.sst !== null).map((table: Wire) => table.sst)).toEqual([
      { state: 'KS', kind: 'boundaries', quarter: '2026Q2' },
      { state: 'KS', kind: 'rates', quarter: '2026Q2' },
    ]);
  });

  it('answers each ZIP+4 with its own record: three ranges, three combined rates, POSTAL_PLUS', async () => {
    const { engine } = await kansasEngine();
    const totals: number[] = [];
    for (const zip of ['66061-0500', '660611234', '66061-6000']) {
      const result: Wire = await engine.calculations.create(sale({ address_postal_code: zip }), V);
      expect(result).toMatchObject({ resolution_precision: 'POSTAL_PLUS', address_resolution_status: 'POSTAL_ONLY' });
      totals.push(result.total_tax_amount);
    }
    expect(totals).toEqual([798, 948, 1_048]);
    const city: Wire = await engine.calculations.create(sale({ address_postal_code: '66061-1234' }), V);
    expect(rates(city)).toEqual([
      ['Kansas', 0.065],
      ['Johnson County', 0.01475],
      ['City 52575', 0.015],
    ]);
    expect(city.address_used.address_postal_code).toBe('66061-1234');
  });

  it('answers a ZIP5 alone at its lowest combined rate, and the note names the highest', async () => {
    const { engine } = await kansasEngine();
    const result: Wire = await engine.calculations.create(sale({ address_postal_code: '66061' }), V);
    expect(result).toMatchObject({ resolution_precision: 'POSTAL', total_tax_amount: 798 });
    expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(
      /ZIP code 66061 has several combined rates in KS's SST files \(7\.975 % to 10\.475 %\); without a matching ZIP\+4 the lowest applies/,
    );
  });

  it('falls back from a ZIP+4 that no record holds to the ZIP5, says so, and keeps no ZIP+4 in address_used', async () => {
    const { engine } = await kansasEngine();
    const result: Wire = await engine.calculations.create(
      sale({ address_postal_code: '66061-9999', address_city: 'Olathe', address_line_1: '5 Elm St' }),
      V,
    );
    expect(result).toMatchObject({
      resolution_precision: 'POSTAL',
      address_resolution_status: 'POSTAL_FALLBACK_1',
      total_tax_amount: 798,
    });
    expect(result.address_used.address_postal_code).toBe('66061');
    expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(
      /No ZIP\+4 record of KS's SST boundary file holds 66061-9999/,
    );
  });

  it('matches an address record by house number, side and normalized street: STREET', async () => {
    const { engine } = await kansasEngine();
    const street: Wire = await engine.calculations.create(
      sale({ address_postal_code: '66061', address_line_1: '120 North Main Street', address_city: 'Olathe' }),
      V,
    );
    expect(street).toMatchObject({ resolution_precision: 'STREET', total_tax_amount: 1_048 });
    // An odd number is on the other side of the street: no address record, so the ZIP5's lowest.
    const odd: Wire = await engine.calculations.create(
      sale({ address_postal_code: '66061', address_line_1: '121 N Main St' }),
      V,
    );
    expect(odd).toMatchObject({ resolution_precision: 'POSTAL', total_tax_amount: 798 });
  });

  it('uses the rows in force on tax_date: before the files begin, the embedded state rate answers (PROVINCE)', async () => {
    const { engine } = await kansasEngine();
    const old: Wire = await engine.calculations.create(
      sale({ address_postal_code: '66061-1234' }, { tax_date: Date.UTC(2025, 5, 1) / 1000 }),
      V,
    );
    expect(old).toMatchObject({ resolution_precision: 'PROVINCE', total_tax_amount: 650 });
  });

  it('takes a ZIP only the state files hold, and refuses a ZIP+4 of another state or a malformed code', async () => {
    const { engine } = await kansasEngine();
    const fresh: Wire = await engine.calculations.create(sale({ address_postal_code: '66999' }), V);
    expect(fresh).toMatchObject({ resolution_precision: 'POSTAL', total_tax_amount: 798 });
    await expect(engine.calculations.create(sale({ address_postal_code: '10001-1234' }), V)).rejects.toMatchObject({
      type: 'ZIP_STATE_MISMATCH',
    });
    await expect(engine.calculations.create(sale({ address_postal_code: '6606-11234' }), V)).rejects.toMatchObject({
      type: 'MALFORMED_ADDRESS',
      message: expect.stringContaining('address_postal_code'),
    });
  });

  it('replays a ZIP+4 calculation exactly with its snapshot', async () => {
    const { engine } = await kansasEngine();
    const original: Wire = await engine.calculations.create(sale({ address_postal_code: '66061-6000' }), V);
    await importRates({ store: createMemoryStore(), inputs: [EXAMPLE] });
    expect(await engine.calculations.replay(original.id, V)).toStrictEqual(original);
  });

  it.each([
    ['GA', 'GAR2026Q2FEB19.csv', '30303', '121'],
    ['MN', 'MNR2026Q2FEB18.zip', '55103', '123'],
    ['WI', 'WIR2026Q2FEB18.csv', '53703', '025'],
  ])(
    "%s: the real rate file's food rates agree with data/taxability on groceries at state level",
    async (state, file, zip, county) => {
      const store = createMemoryStore();
      await importRates({
        store,
        inputs: [
          join(SAMPLES, file),
          { fileName: `${state}B2026Q2FEB19.csv`, text: `${boundary(state, zip, county)}\n` },
        ],
      });
      const withFiles = createTaxEngine({ store, clock: { now: () => NOW }, ratesCheckIntervalMs: 0 });
      const embedded = createTaxEngine({ store: createMemoryStore(), clock: { now: () => NOW } });
      const groceries = (engine: typeof embedded): Promise<Wire> =>
        engine.calculations.create(
          {
            ...sale({ address_province: state, address_postal_code: `${zip}-1234` }),
            order_details: {
              customer_currency_code: 'USD',
              tax_included_in_amount: false,
              line_items: [{ product_category: 'FOOD_GENERAL', amount: 10_000, quantity: 1 }],
            },
          },
          V,
        ) as Promise<Wire>;
      const sst = await groceries(withFiles);
      const plain = await groceries(embedded);
      expect(sst.resolution_precision).toBe('POSTAL_PLUS');
      const stateEntry = (result: Wire) =>
        result.line_items[0].tax_jurisdictions.find((entry: Wire) => entry.tax_authority_type === 'STATE').tax_rate;
      expect(stateEntry(sst)).toBe(stateEntry(plain));
      expect(stateEntry(sst)).toBe(0);
    },
  );
});

/** A ZIP+4 record naming the state and one county whose code the state's real rate file has. */
function boundary(state: string, zip: string, county: string): string {
  const fips = { GA: '13', MN: '27', WI: '55' }[state] as string;
  const cells = new Array(89).fill('');
  cells[0] = '4';
  cells[1] = '20260101';
  cells[2] = '29991231';
  cells[17] = zip;
  cells[18] = '0001';
  cells[19] = zip;
  cells[20] = '9999';
  cells[22] = fips;
  cells[23] = fips;
  cells[24] = county;
  return cells.join(',');
}

describe('SST files stored on SQLite', () => {
  it('survive a restart: a new engine on the same file answers the ZIP+4 and replays the calculation', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'taxkit-sst-'));
    try {
      const path = join(directory, 'tax.db');
      const first = createSqliteStore({ path });
      await importRates({ store: first, inputs: [EXAMPLE] });
      const again = await importRates({ store: first, inputs: [EXAMPLE] });
      expect(again).toMatchObject({ added: 0, unchanged: 2 });
      const original: Wire = await createTaxEngine({
        store: first,
        clock: { now: () => NOW },
        ratesCheckIntervalMs: 0,
      }).calculations.create(sale({ address_postal_code: '66061-6000' }), V);
      await first.close();
      const second = createSqliteStore({ path });
      const engine = createTaxEngine({ store: second, clock: { now: () => NOW }, ratesCheckIntervalMs: 0 });
      const result: Wire = await engine.calculations.create(sale({ address_postal_code: '66061-6000' }), V);
      expect(result).toMatchObject({ resolution_precision: 'POSTAL_PLUS', total_tax_amount: 1_048 });
      expect(await engine.calculations.replay(original.id, V)).toStrictEqual(original);
      await second.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
