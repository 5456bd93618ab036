import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { TaxError } from '../../src/core/errors.ts';
import { importRates } from '../../src/rate-import/import-rates.ts';
import { avalaraCsv, generateAvalaraFixture } from '../helpers/avalara-fixture.ts';

// Avalara's older ZIP5 tables put StateRate before EstimatedCombinedRate and quote the region
// names; a whole archive of them must import as the current layout does.
const files = generateAvalaraFixture({ states: ['CA', 'NY', 'TX', 'WA'], zipsPerState: 80, vintages: ['202603'] });
const current = files.map(({ fileName, rows }) => ({ fileName, text: avalaraCsv(rows) }));
const legacy = files.map(({ fileName, rows }) => ({ fileName, text: avalaraCsv(rows, 'legacy') }));

async function importedTables(inputs: readonly { fileName: string; text: string }[]) {
  const store = createMemoryStore();
  await importRates({ store, inputs });
  // The rate tables themselves: record ids and import times differ by design.
  return (await store.loadRateTables()).tables.map((record) => record.table);
}

async function importFailure(text: string): Promise<TaxError> {
  const failure = await importRates({
    store: createMemoryStore(),
    inputs: [{ fileName: 'TAXRATES_ZIP5_TX201803.csv', text }],
  }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(TaxError);
  return failure as TaxError;
}

describe('Avalara ZIP5 layouts', () => {
  it('the fixtures really differ: the legacy one has StateRate first and quoted region names', () => {
    const [first] = legacy;
    expect(first?.text.split('\n', 1)[0]).toBe(
      'State,ZipCode,TaxRegionName,StateRate,EstimatedCombinedRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel',
    );
    expect(first?.text.split('\n')[1]).toMatch(/^[A-Z]{2},\d{5},"[^"]*",/);
    expect(first?.text).not.toBe(current[0]?.text);
  });

  it('an older-layout archive imports to exactly the tables of the current layout', async () => {
    const fromLegacy = await importedTables(legacy);
    const fromCurrent = await importedTables(current);
    expect(fromLegacy.length).toBe(files.length);
    expect(fromLegacy).toStrictEqual(fromCurrent);
  });

  it('reads columns by name in any order, with extra columns, without RiskLevel, and with quoted headers', async () => {
    const rows = [
      'ZipCode,EstimatedSpecialRate,Note,State,EstimatedCityRate,TaxRegionName,EstimatedCountyRate,StateRate,EstimatedCombinedRate',
      '75001,0,x,TX,0.02,ADDISON,0,0.0625,0.0825',
    ];
    const reordered = await importedTables([{ fileName: 'TAXRATES_ZIP5_TX202603.csv', text: `${rows.join('\n')}\n` }]);
    const quotedHeader = current[2]?.text.replace(/^([^\n]*)/, (line) =>
      line
        .split(',')
        .map((cell) => `"${cell}"`)
        .join(','),
    ) as string;
    expect(await importedTables([{ fileName: files[2]?.fileName as string, text: quotedHeader }])).toStrictEqual(
      await importedTables([current[2] as { fileName: string; text: string }]),
    );
    const [table] = reordered;
    expect(table?.locations?.[0]?.key).toBe('US-TX-75001');
    expect(table?.locations?.[0]?.rates).toEqual(['0.0625', '0.02']);
  });

  it('names the missing column, on line 1', async () => {
    const error = await importFailure(
      'State,ZipCode,TaxRegionName,EstimatedCombinedRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate\nTX,75001,ADDISON,0.0825,0,0.02,0\n',
    );
    expect(error.message).toMatch(/TX201803\.csv, line 1: the Avalara ZIP5 header has no StateRate column/);
    expect(error.details).toMatchObject({ file: 'TAXRATES_ZIP5_TX201803.csv', line: 1 });
    const two = await importFailure('State,ZipCode,EstimatedCombinedRate,StateRate\nTX,75001,0.0825,0.0625\n');
    expect(two.message).toMatch(
      /has no TaxRegionName, EstimatedCountyRate, EstimatedCityRate, EstimatedSpecialRate columns/,
    );
  });

  it('refuses a column named twice', async () => {
    const error = await importFailure(
      'State,ZipCode,TaxRegionName,StateRate,EstimatedCombinedRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,StateRate\nTX,75001,"ADDISON",0.0625,0.0825,0,0.02,0,0.0625\n',
    );
    expect(error.message).toMatch(/line 1: the header names the column "StateRate" twice/);
  });

  it('still checks every row of an older-layout file (here, parts that miss the combined rate)', async () => {
    const error = await importFailure(
      'State,ZipCode,TaxRegionName,StateRate,EstimatedCombinedRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel\nTX,75001,"ADDISON",0.0625,0.0925,0,0.02,0,0\n',
    );
    expect(error.message).toMatch(/line 2: the parts add up to 0.0825, not EstimatedCombinedRate 0.0925/);
  });
});
