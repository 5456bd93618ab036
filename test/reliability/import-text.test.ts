import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { TaxError } from '../../src/core/errors.ts';
import { importRates } from '../../src/rate-import/import-rates.ts';
import { MAX_IMPORTED_NAME_LENGTH } from '../../src/rate-import/check-imported-text.ts';

const HEADER =
  'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';
const FILE = 'TAXRATES_ZIP5_WA202604.csv';
const row = (region: string, zip = '98101') => `WA,${zip},${region},0.1035,0.065,0,0.0385,0,1`;

const directory = mkdtempSync(join(tmpdir(), 'taxkit-import-text-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Imports `text` as an Avalara table; returns the error, and checks that nothing was written. */
async function refusal(text: string | Buffer, pattern: RegExp): Promise<TaxError> {
  const store = createMemoryStore();
  let inputs: (string | { fileName: string; text: string })[];
  if (typeof text === 'string') inputs = [{ fileName: FILE, text }];
  else {
    writeFileSync(join(directory, FILE), text);
    inputs = [join(directory, FILE)];
  }
  const error = await importRates({ store, inputs }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TaxError);
  expect((error as TaxError).message).toMatch(pattern);
  expect(await store.listRateTables()).toEqual([]);
  return error as TaxError;
}

describe('imported text is checked, with the file and line, and nothing is written', () => {
  it('a good table imports (the checks do not refuse real names)', async () => {
    const store = createMemoryStore();
    const report = await importRates({ store, inputs: [{ fileName: FILE, text: `${HEADER}\n${row('SEATTLE')}\n` }] });
    expect(report.added).toBe(1);
  });

  it(`a region name longer than ${MAX_IMPORTED_NAME_LENGTH} characters, or of 5 MB`, async () => {
    const long = 'A'.repeat(MAX_IMPORTED_NAME_LENGTH + 1);
    const error = await refusal(
      `${HEADER}\n${row('SEATTLE', '98102')}\n${row(long)}\n`,
      /line 3: TaxRegionName "A+…" is 201/,
    );
    expect(error.details).toMatchObject({ file: FILE, line: 3 });
    // The error quotes 40 characters of it, not 5 MB.
    const huge = await refusal(`${HEADER}\n${row('X'.repeat(5_000_000))}\n`, /line 2/);
    expect(huge.message.length).toBeLessThan(300);
  });

  it('a NUL or another control character', async () => {
    await refusal(`${HEADER}\n${row('SEA\u0000TTLE')}\n`, /line 2: TaxRegionName .* control character U\+0000/);
    await refusal(`${HEADER}\n${row('SEA\u0085TTLE')}\n`, /control character U\+0085/);
  });

  it('a spreadsheet formula', async () => {
    await refusal(`${HEADER}\n${row('"=HYPERLINK(""http://evil.example"",""x"")"')}\n`, /line 2: .* formula/);
    await refusal(`${HEADER}\n${row('@SUM(A1)')}\n`, /formula/);
  });

  it('a file that is not UTF-8 (a Latin-1 byte), naming its line', async () => {
    const latin1 = Buffer.concat([
      Buffer.from(`${HEADER}\n${row('SEATTLE', '98102')}\nWA,98101,`),
      Buffer.from([0x4d, 0xdc, 0x4e]),
      Buffer.from(',0.1035,0.065,0,0.0385,0,1\n'),
    ]);
    const error = await refusal(latin1, /line 3: is not UTF-8/);
    expect(error.details).toMatchObject({ line: 3 });
  });

  it('a taxkit JSON table with a control character in a name', async () => {
    const store = createMemoryStore();
    const table = {
      name: 'bad',
      source: 'test',
      effectiveDate: '2026-01-01',
      jurisdictions: [
        {
          id: 'US-WA:CITY:X',
          country: 'US',
          level: 'CITY',
          name: 'X\u0007',
          authorityName: 'X',
          authorityType: 'CITY',
          taxType: 'SALES',
          rateType: 'CITY SALES TAX',
        },
      ],
      rates: [],
      locations: [],
    };
    const error = await importRates({ store, inputs: [{ fileName: 'bad.json', text: JSON.stringify(table) }] }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect((error as TaxError).message).toMatch(
      /bad\.json: .*jurisdictions\.0\.name: holds the control character U\+0007/,
    );
    expect(await store.listRateTables()).toEqual([]);
  });
});
