import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { TaxError } from '../../src/core/errors.ts';
import { createTaxEngine } from '../../src/engine.ts';
import type { TaxStore } from '../../src/ports/store.ts';
import { importRates } from '../../src/rate-import/import-rates.ts';
import { avalaraCsv, generateAvalaraFixture, type FixtureFile } from '../helpers/avalara-fixture.ts';

const APRIL_15 = Date.UTC(2026, 3, 15, 12);
const HEADER =
  'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';

type Wire = Record<string, any>;

const sale = (province: string, zip: string, amount = 1_000_000) => ({
  customer: { address: { address_country: 'US', address_province: province, address_postal_code: zip } },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: [{ product_category: 'GENERAL_MERCHANDISE' as const, amount, quantity: 1 }],
  },
});

function engineOn(store: TaxStore = createMemoryStore(), nowMs = APRIL_15) {
  return createTaxEngine({ store, clock: { now: () => nowMs }, ratesCheckIntervalMs: 0 });
}

const inputsOf = (files: readonly FixtureFile[]) => files.map(({ fileName, text }) => ({ fileName, text }));
const millionths = (value: number) => new Decimal(value).div(1_000_000);

async function expectImportError(promise: Promise<unknown>, pattern: RegExp): Promise<TaxError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TaxError);
  expect((error as TaxError).type).toBe('INVALID_VALUE');
  expect((error as TaxError).message).toMatch(pattern);
  return error as TaxError;
}

describe('importing Avalara ZIP5 tables', () => {
  const files = generateAvalaraFixture({ states: ['CA', 'IN', 'OR', 'WA'], zipsPerState: 60, vintages: ['202603'] });

  it('gives every ZIP its state, county, city and district parts, named as the tables name them', async () => {
    const store = createMemoryStore();
    const report = await importRates({ store, inputs: inputsOf(files) });
    expect(report.added).toBe(files.length);
    expect(report.rows).toBe(files.reduce((sum, file) => sum + file.rows.length, 0));
    const engine = engineOn(store);
    const ca = files.find((file) => file.state === 'CA') as FixtureFile;
    const row = ca.rows.find((candidate) => candidate.parts.every((part) => part > 0));
    expect(row).toBeDefined();
    if (row === undefined) return;
    const result: Wire = await engine.calculations.create(sale('CA', row.zip), { version: '2026-03-01' });
    const entries = result.line_items[0].tax_jurisdictions as Wire[];
    expect(entries.map((entry) => entry.tax_authority_type)).toEqual(['STATE', 'COUNTY', 'CITY', 'DISTRICT']);
    expect(entries[0]).toMatchObject({ jurisdiction_name: 'California', tax_authority_name: 'California State' });
    expect(entries[2]).toMatchObject({ jurisdiction_name: row.region, rate_type: 'CITY SALES TAX' });
    expect(entries[3]).toMatchObject({ jurisdiction_name: row.region, rate_type: 'DISTRICT SALES TAX' });
    expect(entries[1]?.jurisdiction_name).toBe(String(entries[1]?.tax_authority_name).toUpperCase());
    const total = entries.reduce((sum, entry) => sum.plus(entry.tax_rate), new Decimal(0));
    expect(total.equals(millionths(row.combined))).toBe(true);
    expect(result.total_tax_amount).toBe(row.combined);
    for (const entry of entries) expect(entry.note ?? '').not.toMatch(/State-level rate only/);
  });

  it('names the county from the ZIP→county table', async () => {
    const store = createMemoryStore();
    await importRates({
      store,
      inputs: [
        {
          fileName: 'TAXRATES_ZIP5_IN202603.csv',
          text: `${HEADER}\nIN,46122,DANVILLE,0.080000,0.070000,0.010000,0.000000,0.000000,0\n`,
        },
      ],
    });
    const result: Wire = await engineOn(store).calculations.create(sale('IN', '46122'), { version: '2026-03-01' });
    expect(result.line_items[0].tax_jurisdictions[1]).toMatchObject({
      jurisdiction_name: 'HENDRICKS',
      tax_authority_name: 'Hendricks',
      tax_authority_type: 'COUNTY',
    });
  });

  it('lists each jurisdiction once, in the order first named, with the names of the last ZIP to name it', async () => {
    // 46122 is in Hendricks County by the ZIP table; 46002 is not in the table, so its COUNTY
    // is named after its region: the same id, spelled differently.
    const lines = [
      'IN,46002,HENDRICKS,0.083000,0.070000,0.010000,0.001000,0.002000,0',
      'IN,46122,DANVILLE,0.080000,0.070000,0.010000,0.000000,0.000000,0',
      'IN,46123,AVON,0.081000,0.070000,0.010000,0.001000,0.000000,0',
    ];
    const jurisdictionsOf = async (rows: readonly string[]) => {
      const store = createMemoryStore();
      await importRates({
        store,
        inputs: [{ fileName: 'TAXRATES_ZIP5_IN202603.csv', text: `${HEADER}\n${rows.join('\n')}\n` }],
      });
      const [record] = (await store.loadRateTables()).tables;
      return record?.table.jurisdictions.map((jurisdiction) => `${jurisdiction.id} ${jurisdiction.authorityName}`);
    };
    expect(await jurisdictionsOf(lines)).toEqual([
      'US-IN Indiana State',
      'US-IN:COUNTY:HENDRICKS Hendricks',
      'US-IN:CITY:HENDRICKS HENDRICKS',
      'US-IN:DISTRICT:HENDRICKS HENDRICKS',
      'US-IN:CITY:AVON AVON',
    ]);
    expect(await jurisdictionsOf([lines[1], lines[2], lines[0]] as string[])).toEqual([
      'US-IN Indiana State',
      'US-IN:COUNTY:HENDRICKS HENDRICKS',
      'US-IN:CITY:AVON AVON',
      'US-IN:CITY:HENDRICKS HENDRICKS',
      'US-IN:DISTRICT:HENDRICKS HENDRICKS',
    ]);
  });

  it('a state without sales tax still names its state, at rate 0', async () => {
    const store = createMemoryStore();
    await importRates({ store, inputs: inputsOf(files.filter((file) => file.state === 'OR')) });
    const zip = (files.find((file) => file.state === 'OR') as FixtureFile).rows[0]?.zip as string;
    const result: Wire = await engineOn(store).calculations.create(sale('OR', zip));
    expect(
      result.line_items[0].tax_jurisdictions.map((entry: Wire) => [entry.jurisdiction_name, entry.tax_rate]),
    ).toEqual([['Oregon', 0]]);
  });

  it("hands the store each table's JSON it made to hash it, so the table is encoded once", async () => {
    const store = createMemoryStore();
    const handed: Parameters<TaxStore['importRateTables']>[] = [];
    await importRates({
      store: {
        ...store,
        importRateTables: (...args) => {
          handed.push(args);
          return store.importRateTables(...args);
        },
      },
      inputs: inputsOf(files),
    });
    const [[records, tableJson] = []] = handed;
    expect(records).toHaveLength(files.length);
    for (const record of records ?? []) {
      const json = tableJson?.get(record.id);
      expect(json?.hash).toBe(record.id);
      const bytes = Buffer.concat((json?.chunks ?? []).map((chunk) => Buffer.from(chunk)));
      expect(bytes.toString('utf8')).toBe(JSON.stringify(record.table));
    }
  });

  it('re-importing the same files changes nothing', async () => {
    const store = createMemoryStore();
    const first = await importRates({ store, inputs: inputsOf(files) });
    const before = await store.loadRateTables();
    const again = await importRates({ store, inputs: inputsOf([...files].reverse()) });
    expect(again.added).toBe(0);
    expect(again.unchanged).toBe(files.length);
    expect(again.revision).toBe(first.revision);
    expect(await store.loadRateTables()).toStrictEqual(before);
  });

  it('puts Avalara’s 0.000001 residual into a local part, so the combined rate is exact', async () => {
    const store = createMemoryStore();
    // Parts add up to 0.0975; the table says 0.097501.
    await importRates({
      store,
      inputs: [
        {
          fileName: 'TAXRATES_ZIP5_CA202603.csv',
          text: `${HEADER}\nCA,90002,LYNWOOD,0.097501,0.060000,0.002500,0.010000,0.025000,0\nCA,90003,LOS ANGELES,0.094999,0.060000,0.035000,0.000000,0.000000,0\n`,
        },
      ],
    });
    const engine = engineOn(store);
    const rates = async (zip: string) =>
      ((await engine.calculations.create(sale('CA', zip))) as Wire).line_items[0].tax_jurisdictions.map(
        (entry: Wire) => entry.tax_rate,
      );
    expect(await rates('90002')).toEqual([0.06, 0.0025, 0.01, 0.025001]);
    expect(await rates('90003')).toEqual([0.06, 0.034999]);
  });

  it('a ZIP listed in two states takes the rates of the address’s state', async () => {
    const both = generateAvalaraFixture({ states: ['CA', 'OR'], zipsPerState: 5, vintages: ['202603'] });
    const store = createMemoryStore();
    await importRates({ store, inputs: inputsOf(both) });
    const engine = engineOn(store);
    const rowIn = (state: string) =>
      (both.find((file) => file.state === state) as FixtureFile).rows.find((row) => row.zip === '97635');
    for (const state of ['CA', 'OR']) {
      const row = rowIn(state);
      expect(row).toBeDefined();
      const result: Wire = await engine.calculations.create(sale(state, '97635'));
      expect(result.total_tax_amount).toBe(row?.combined);
      expect(result.line_items[0].tax_jurisdictions[0].jurisdiction_name).toBe(
        state === 'CA' ? 'California' : 'Oregon',
      );
    }
  });

  it('property: for random tables the engine applies exactly the table’s combined rate at every ZIP', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.subarray(['CA', 'TX', 'NY', 'CO', 'IN', 'WA', 'AK', 'PR'], { minLength: 1, maxLength: 3 }),
        async (seed, states) => {
          const generated = generateAvalaraFixture({ seed, states, zipsPerState: 8, vintages: ['202603'] });
          const store = createMemoryStore();
          await importRates({ store, inputs: inputsOf(generated) });
          const engine = engineOn(store);
          for (const file of generated) {
            for (const row of file.rows) {
              const result: Wire = await engine.calculations.create(sale(row.state, row.zip));
              const applied = (result.line_items[0].tax_jurisdictions as Wire[]).reduce(
                (sum, entry) => sum.plus(entry.tax_rate),
                new Decimal(0),
              );
              expect(applied.toString()).toBe(millionths(row.combined).toString());
              // A per-order fee (Colorado's retail delivery fee, charged where the state's own
              // entry US-CO is, docs/order-fees.md) comes on top of the table's rates.
              const fees = (result.line_items[0].tax_jurisdictions as Wire[]).reduce(
                (sum, entry) => sum + (entry.fee_amount as number),
                0,
              );
              expect(result.total_tax_amount - fees).toBe(row.combined);
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('vintages side by side', () => {
  const files = generateAvalaraFixture({
    states: ['CA', 'WA'],
    zipsPerState: 200,
    vintages: ['202603', '202604'],
    changedFraction: 0.3,
  });
  const changedRow = (() => {
    const march = files.find((file) => file.state === 'CA' && file.vintage === '202603') as FixtureFile;
    const april = files.find((file) => file.state === 'CA' && file.vintage === '202604') as FixtureFile;
    const index = april.rows.findIndex((row, position) => row.combined !== march.rows[position]?.combined);
    return { march: march.rows[index], april: april.rows[index] };
  })();

  it('the fixture changes some rates between the vintages', () => {
    expect(changedRow.march).toBeDefined();
    expect(changedRow.april?.combined).not.toBe(changedRow.march?.combined);
  });

  it('keeps every month and calculates with the one in force, whatever order the files came in', async () => {
    for (const order of [files, [...files].reverse()]) {
      const store = createMemoryStore();
      const report = await importRates({ store, inputs: inputsOf(order) });
      expect(report.files.map((file) => file.effectiveDate)).toEqual([
        '2026-03-01',
        '2026-03-01',
        '2026-04-01',
        '2026-04-01',
      ]);
      const zip = changedRow.april?.zip as string;
      const inMarch: Wire = await engineOn(store, Date.UTC(2026, 2, 31, 23, 59)).calculations.create(sale('CA', zip));
      const inApril: Wire = await engineOn(store, Date.UTC(2026, 3, 1, 0, 0)).calculations.create(sale('CA', zip));
      const before: Wire = await engineOn(store, Date.UTC(2026, 1, 1)).calculations.create(sale('CA', zip));
      expect(inMarch.total_tax_amount).toBe(changedRow.march?.combined);
      expect(inApril.total_tax_amount).toBe(changedRow.april?.combined);
      // Before the first imported month, the embedded state rate applies.
      expect(before.total_tax_amount).toBe(72_500);
    }
  });
});

describe('all or nothing', () => {
  const good = generateAvalaraFixture({ states: ['CA', 'WA'], zipsPerState: 20, vintages: ['202603'] });
  const withRow = (row: string, fileName = 'TAXRATES_ZIP5_TX202603.csv') => ({
    fileName,
    text: `${HEADER}\nTX,75001,ADDISON,0.082500,0.062500,0.000000,0.020000,0.000000,0\n${row}\n`,
  });
  const cases: [string, { fileName: string; text: string }, RegExp][] = [
    [
      'a malformed row',
      withRow('TX,7500,ADDISON,0.082500,0.062500,0,0.02,0,0'),
      /TX202603\.csv, line 3: ZipCode "7500"/,
    ],
    ['an unknown state', withRow('XX,75002,ALLEN,0.082500,0.062500,0,0.02,0,0'), /line 3: unknown state "XX"/],
    [
      'a rate above 1',
      withRow('TX,75002,ALLEN,1.500000,0.062500,0,0.02,0,0'),
      /line 3: EstimatedCombinedRate "1.500000"/,
    ],
    ['a negative rate', withRow('TX,75002,ALLEN,0.082500,-0.062500,0,0.02,0,0'), /line 3: StateRate "-0.062500"/],
    [
      'parts that do not add up',
      withRow('TX,75002,ALLEN,0.092500,0.062500,0,0.02,0,0'),
      /line 3: the parts add up to 0.0825/,
    ],
    [
      'a missing column',
      withRow('TX,75002,ALLEN,0.082500,0.062500,0,0.02,0'),
      /line 3: 8 columns where the header has 9/,
    ],
    [
      'a ZIP listed twice',
      withRow('TX,75001,ADDISON,0.082500,0.062500,0,0.02,0,0'),
      /line 3: ZIP 75001 is listed twice/,
    ],
    [
      'a header that does not match',
      { fileName: 'TAXRATES_ZIP5_TX202603.csv', text: 'State,Zip,Rate\nTX,75001,0.0825\n' },
      /TX202603\.csv, line 1: the header is neither/,
    ],
    [
      'a file name without a vintage',
      { ...withRow('TX,75002,ALLEN,0.082500,0.062500,0,0.02,0,0'), fileName: 'texas.csv' },
      /texas\.csv: an Avalara table must be named/,
    ],
    ['broken quoting', withRow('TX,"75002,ALLEN,0.082500,0.062500,0,0.02,0,0'), /not valid CSV/],
  ];

  for (const [title, bad, message] of cases) {
    it(`${title} stops the import with file, line and reason, and the store stays as it was`, async () => {
      const store = createMemoryStore();
      await importRates({ store, inputs: inputsOf(good.slice(0, 1)) });
      const before = await store.loadRateTables();
      const error = await expectImportError(importRates({ store, inputs: [...inputsOf(good), bad] }), message);
      expect(error.details).toMatchObject({ file: expect.stringContaining('.csv') });
      expect(await store.loadRateTables()).toStrictEqual(before);
    });
  }
});

describe('taxkit’s own table format', () => {
  const avalara = {
    fileName: 'TAXRATES_ZIP5_CA202603.csv',
    text: avalaraCsv([
      { state: 'CA', zip: '90002', region: 'LYNWOOD', combined: 97_500, parts: [60_000, 2_500, 10_000, 25_000] },
    ]),
  };
  const override = {
    fileName: 'lynwood-2026-07.csv',
    text: [
      'country,state,zip,effective_from,level,name,rate,authority_name,source',
      'US,CA,90002,2026-07-01,STATE,California,0.06,California State,https://www.cdtfa.ca.gov/taxes-and-fees/rates.aspx',
      'US,CA,90002,2026-07-01,COUNTY,LOS ANGELES,0.0025,Los Angeles,https://www.cdtfa.ca.gov/taxes-and-fees/rates.aspx',
      'US,CA,90002,2026-07-01,CITY,LYNWOOD,0.015,LYNWOOD,https://www.cdtfa.ca.gov/taxes-and-fees/rates.aspx',
      'US,CA,90002,2026-07-01,DISTRICT,LYNWOOD,0.025,LYNWOOD,https://www.cdtfa.ca.gov/taxes-and-fees/rates.aspx',
      '',
    ].join('\n'),
  };

  it('overrides a city’s rate from its date, in the same import command, detected by its header', async () => {
    const store = createMemoryStore();
    const report = await importRates({ store, inputs: [override, avalara] });
    expect(report.files.map((file) => file.format)).toEqual(['avalara-zip5', 'taxkit-csv']);
    const june: Wire = await engineOn(store, Date.UTC(2026, 5, 30)).calculations.create(sale('CA', '90002'));
    const july: Wire = await engineOn(store, Date.UTC(2026, 6, 1)).calculations.create(sale('CA', '90002'));
    expect(june.total_tax_amount).toBe(97_500);
    expect(july.total_tax_amount).toBe(102_500);
    expect(july.line_items[0].tax_jurisdictions[2]).toMatchObject({ jurisdiction_name: 'LYNWOOD', tax_rate: 0.015 });
    const [listed] = (await store.listRateTables()).filter((table) => table.format === 'taxkit-csv');
    expect(listed?.source).toContain('https://www.cdtfa.ca.gov/');
  });

  it('adds a jurisdiction where no table had one, with --format forcing the reader', async () => {
    const store = createMemoryStore();
    await importRates({
      store,
      format: 'taxkit-csv',
      inputs: [
        {
          fileName: 'extra.txt',
          text: 'country,state,zip,effective_from,level,name,rate\nUS,IN,46122,2026-01-01,STATE,Indiana,0.07\nUS,IN,46122,2026-01-01,CITY,DANVILLE,0.01\n',
        },
      ],
    });
    const result: Wire = await engineOn(store).calculations.create(sale('IN', '46122'));
    expect(result.total_tax_amount).toBe(80_000);
  });

  it('refuses a bad row with file, line and reason', async () => {
    const store = createMemoryStore();
    const bad = (row: string) => ({
      fileName: 'mine.csv',
      text: `country,state,zip,effective_from,level,name,rate\n${row}\n`,
    });
    await expectImportError(
      importRates({ store, inputs: [bad('US,CA,90002,2026-07-01,TOWN,X,0.01')] }),
      /mine\.csv, line 2: level "TOWN"/,
    );
    await expectImportError(
      importRates({ store, inputs: [bad('US,CA,90002,2026-13-01,CITY,X,0.01')] }),
      /line 2: effective_from/,
    );
    await expectImportError(
      importRates({ store, inputs: [bad('US,ZZ,90002,2026-07-01,CITY,X,0.01')] }),
      /line 2: unknown state "ZZ"/,
    );
    await expectImportError(
      importRates({ store, inputs: [bad('US,CA,90002,2026-07-01,CITY,X,2')] }),
      /line 2: rate "2"/,
    );
    expect(await store.rateRevision()).toBe(0);
  });

  it('reads a table in the RateTable JSON shape and checks its references', async () => {
    const store = createMemoryStore();
    const table = {
      name: 'mine',
      source: 'test',
      effectiveDate: '2026-01-01',
      jurisdictions: [
        {
          id: 'X',
          country: 'US',
          level: 'CITY',
          name: 'X',
          authorityName: 'X',
          authorityType: 'CITY',
          taxType: 'SALES',
          rateType: 'CITY SALES TAX',
          subdivision: 'IN',
        },
      ],
      rates: [{ jurisdiction: 'X', from: '2026-01-01', rate: '0.01' }],
      locations: [{ key: 'US-IN-46122', jurisdictions: ['X'] }],
    };
    await importRates({ store, inputs: [{ fileName: 'mine.json', text: JSON.stringify(table) }] });
    const result: Wire = await engineOn(store).calculations.create(sale('IN', '46122'));
    expect(result.total_tax_amount).toBe(10_000);
    await expectImportError(
      importRates({
        store,
        inputs: [
          {
            fileName: 'bad.json',
            text: JSON.stringify({ ...table, locations: [{ key: 'K', jurisdictions: ['NOPE'] }] }),
          },
        ],
      }),
      /bad\.json: .*unknown jurisdiction "NOPE"/,
    );
    await expectImportError(
      importRates({ store, inputs: [{ fileName: 'bad.json', text: '{"name": 1}' }] }),
      /bad\.json: not a taxkit rate table: name/,
    );
  });
});
