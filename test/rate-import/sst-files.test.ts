import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TaxError } from '../../src/core/errors.ts';
import { readRateInputs } from '../../src/rate-import/read-rate-inputs.ts';
import { checkSstDistricts } from '../../src/rate-import/sst/check-sst-districts.ts';
import { parseSstBoundaries } from '../../src/rate-import/sst/parse-sst-boundaries.ts';
import { parseSstFile } from '../../src/rate-import/sst/parse-sst-file.ts';
import { parseSstRates } from '../../src/rate-import/sst/parse-sst-rates.ts';
import { parseSstFileName } from '../../src/rate-import/sst/sst-file-name.ts';
import { boundaryLine, rateLine } from '../helpers/sst-lines.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/sst');

function errorOf(run: () => unknown): TaxError {
  try {
    run();
  } catch (error) {
    if (error instanceof TaxError) return error;
    throw error;
  }
  throw new Error('expected a TaxError');
}

describe('SST file names', () => {
  it('reads state, kind, quarter and publication day, a one-digit day and .zip included', () => {
    expect(parseSstFileName('downloads/MNR2026Q2FEB18.zip')).toEqual({
      state: 'MN',
      kind: 'rates',
      quarter: '2026Q2',
      published: '2026-02-18',
    });
    expect(parseSstFileName('WYR2026Q2APR1.csv')).toMatchObject({ state: 'WY', published: '2026-04-01' });
    expect(parseSstFileName('KSB2026Q1DEC15.csv')).toMatchObject({ kind: 'boundaries', published: '2025-12-15' });
    expect(parseSstFileName('MNB2026Q2FEB18-sample.csv')).toMatchObject({ kind: 'boundaries' });
    // Not a member state, not a month, not an SST name at all.
    expect(parseSstFileName('CAR2026Q2FEB18.csv')).toBeUndefined();
    expect(parseSstFileName('MNR2026Q2FOO18.csv')).toBeUndefined();
    expect(parseSstFileName('TAXRATES_ZIP5_MN202603.csv')).toBeUndefined();
  });
});

describe('SST rate files', () => {
  it('reads the real Georgia, Minnesota and Wisconsin files, both open-end sentinels as one', () => {
    const ga = parseSstRates('GA', readFileSync(join(FIXTURES, 'GAR2026Q2FEB19.csv'), 'utf8'), '13');
    expect(ga).toHaveLength(449);
    expect(ga[0]).toEqual(['45', '13', '0.04', '0', 20110101, 99991231]);
    const wi = parseSstRates('WI', readFileSync(join(FIXTURES, 'WIR2026Q2FEB18.csv'), 'utf8'), '55');
    expect(wi).toHaveLength(1941);
    expect(wi.find((row) => row[0] === '45')).toEqual(['45', '55', '0.05', '0.05', 19800101, 99991231]);
  });

  it('reads the .zip the board publishes as the same rows as its CSV', () => {
    const [zipped] = readRateInputs(['MNR2026Q2FEB18.zip'], FIXTURES);
    expect(zipped?.fileName).toBe('MNR2026Q2FEB18.zip');
    const plain = readFileSync(join(FIXTURES, 'MNR2026Q2FEB18.csv'), 'utf8');
    expect(parseSstRates('a', zipped?.text ?? '', '27')).toEqual(parseSstRates('b', plain, '27'));
  });

  it('takes a blank food/drug rate (old Kansas rows) as the general rate, and a BOM', () => {
    const rows = parseSstRates('KSR', `\uFEFF20,00,091,0.01,0.01,,,20050101,20191231\r\n`, '20');
    expect(rows).toEqual([['00', '091', '0.01', '0.01', 20050101, 20191231]]);
  });

  it.each([
    ['20,00,091,0.01,0.01,0.01,0.01,20050101', 'line 1: an SST rate file row has 9 columns'],
    ['20,00,091,1.5%,0.01,0.01,0.01,20050101,29991231', 'line 1, column 4: the rate "1.5%" is not a decimal fraction'],
    ['20,00,091,0.01,0.01,0.01,0.01,20050231,29991231', 'line 1, column 8: the begin date "20050231" is not a date'],
    ['27,00,091,0.01,0.01,0.01,0.01,20050101,29991231', 'line 1, column 1: the state FIPS code "27" is not 20'],
  ])('refuses %s with its line and column', (line, message) => {
    const error = errorOf(() => parseSstRates('KSR2026Q1JAN5.csv', `${line}\n`, '20'));
    expect(error.type).toBe('INVALID_VALUE');
    expect(error.message).toContain(`KSR2026Q1JAN5.csv, ${message}`);
  });
});

describe('SST boundary files', () => {
  it('reads the real Minnesota sample: lowercase z records, 89 columns, a ZIP5 range as 9-digit numbers', () => {
    const rows = parseSstBoundaries('MNB', readFileSync(join(FIXTURES, 'MNB2026Q2FEB18-sample.csv'), 'utf8'), '27');
    expect(rows).toHaveLength(100);
    expect(rows[0]).toEqual(['Z', 20161001, 20190331, 550120000, 550139999, '', 1, '025', '', []]);
    expect(rows[2]).toMatchObject(['Z', 20171001, 20190331, 551030000, 551039999, '', 1, '123', '58000', []]);
  });

  it('pads an unpadded plus-4, reads districts after blank slots, skips Washington location codes, allows 90 columns', () => {
    const text = [
      boundaryLine({
        type: '4',
        zipLow: '66061',
        plus4Low: '1',
        plus4High: '250',
        county: '091',
        place: '52575',
        districts: [
          [2, '00123'],
          [4, '00456'],
        ],
      }),
      boundaryLine({
        type: '4',
        state: '53',
        zipLow: '98004',
        plus4Low: '0001',
        plus4High: '0100',
        districts: [
          [0, 'L1704'],
          [1, '00777'],
        ],
        columns: 90,
      }),
      boundaryLine({ type: 'z', zipLow: '66061', county: '000', indicator: '00' }),
    ];
    const ks = parseSstBoundaries('KSB', `${text[0]}\n${text[2]}\n`, '20');
    expect(ks[0]).toEqual(['4', 20260101, 99991231, 660610001, 660610250, '', 1, '091', '52575', ['00123', '00456']]);
    // A blank or 000 county is none; indicator 00 is no state tax here.
    expect(ks[1]).toEqual(['Z', 20260101, 99991231, 660610000, 660619999, '', 0, '', '', []]);
    const wa = parseSstBoundaries('WAB', `${text[1]}\n`, '53');
    expect(wa[0]?.[9]).toEqual(['00777']);
  });

  it("keeps Vermont's address records with their normalized street", () => {
    const line = boundaryLine({
      type: 'A',
      state: '50',
      street: {
        low: '100',
        high: '198',
        parity: 'E',
        pre: 'North',
        name: 'Main',
        suffix: 'Street',
        zip: '05401',
        plus4: '',
      },
      county: '007',
      place: '10675',
    });
    const [row] = parseSstBoundaries('VTB', `\uFEFF${line}\n`, '50');
    expect(row).toEqual([
      'A',
      20260101,
      99991231,
      54010000,
      54019999,
      '',
      1,
      '007',
      '10675',
      [],
      [100, 198, 'E', 'N', 'MAIN', 'ST', '', '', ''],
    ]);
  });

  it.each([
    [
      boundaryLine({ zipLow: '66061', plus4Low: '1' }).split(',').slice(0, 80).join(','),
      'line 1: an SST boundary file row has 89 or 90 columns; this one has 80',
    ],
    [boundaryLine({ type: 'X', zipLow: '66061', plus4Low: '1' }), 'line 1, column 1: the record type "X"'],
    [boundaryLine({ zipLow: '6606', plus4Low: '1' }), 'line 1, column 18: "6606" is not a 5-digit ZIP code'],
    [boundaryLine({ begin: '2026011', zipLow: '66061', plus4Low: '1' }), 'line 1, column 2: the begin date "2026011"'],
  ])('refuses a bad row with its line and column (%#)', (line, message) => {
    const error = errorOf(() => parseSstBoundaries('KSB2026Q1JAN5.csv', `${line}\n`, '20'));
    expect(error.message).toContain(`KSB2026Q1JAN5.csv, ${message}`);
    expect(error.details).toMatchObject({ file: 'KSB2026Q1JAN5.csv', line: 1 });
  });

  it('refuses a district code that the same import gives no rate on a day the row is in force', () => {
    const rates = parseSstFile(
      {
        fileName: 'KSR2026Q1JAN5.csv',
        text: `${rateLine('20', '00', '091', '0.01')}\n${rateLine('20', '03', '00123', '0.005', '20200101', '20251231')}\n`,
      },
      parseSstFileName('KSR2026Q1JAN5.csv') as never,
    );
    const line = boundaryLine({ zipLow: '66061', plus4Low: '1', county: '091', districts: [[3, '00123']] });
    const boundaries = parseSstFile(
      { fileName: 'KSB2026Q1JAN5.csv', text: `${line}\n` },
      parseSstFileName('KSB2026Q1JAN5.csv') as never,
    );
    const error = errorOf(() => checkSstDistricts([rates, boundaries]));
    expect(error.message).toContain('KSB2026Q1JAN5.csv, line 1: special district 00123');
  });
});
