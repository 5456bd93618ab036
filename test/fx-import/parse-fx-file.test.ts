import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEcbCsv } from '../../src/fx-import/parse-ecb-csv.ts';
import { parseFxFile } from '../../src/fx-import/parse-fx-file.ts';
import { parseHmrcCsv } from '../../src/fx-import/parse-hmrc-csv.ts';

const fixture = (name: string) => ({
  fileName: name,
  text: readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'),
});

/** The INVALID_VALUE error of a bad line: the file and line in the message and details. */
function expectLineError(run: () => unknown, fileName: string, line: number, reason: RegExp) {
  expect(run).toThrow(
    expect.objectContaining({
      type: 'INVALID_VALUE',
      message: expect.stringMatching(new RegExp(`^${fileName}, line ${line}: ${reason.source}`)),
      details: expect.objectContaining({ file: fileName, line }),
    }),
  );
}

describe('ECB eurofxref layout', () => {
  it('reads every rate of the file, skipping N/A and the trailing comma', () => {
    const rates = parseEcbCsv(fixture('synthetic-eurofxref-hist.csv'));
    expect(rates).toHaveLength(12);
    expect(rates[0]).toStrictEqual({
      source: 'ECB',
      base: 'EUR',
      quote: 'USD',
      from: '2026-01-13',
      to: '2026-01-13',
      rate: '1.1700',
    });
    expect(rates.filter((rate) => rate.quote === 'ISK')).toStrictEqual([]);
    expect(new Set(rates.map((rate) => rate.quote))).toStrictEqual(new Set(['USD', 'JPY', 'GBP']));
  });

  it('reads a header and rows without the trailing comma, and a byte-order mark', () => {
    expect(parseEcbCsv({ fileName: 'e.csv', text: '\ufeffDate,USD\n2026-01-09,1.15\n' })).toStrictEqual([
      { source: 'ECB', base: 'EUR', quote: 'USD', from: '2026-01-09', to: '2026-01-09', rate: '1.15' },
    ]);
  });

  it('names the file and line of a bad cell', () => {
    const file = (row: string) => ({ fileName: 'e.csv', text: `Date,USD,JPY,\n2026-01-08,1.1,180,\n${row}\n` });
    expectLineError(() => parseEcbCsv(file('2026-02-30,1.1,180,')), 'e.csv', 3, /Date "2026-02-30" is not a real day/);
    expectLineError(() => parseEcbCsv(file('09/01/2026,1.1,180,')), 'e.csv', 3, /Date "09\/01\/2026"/);
    expectLineError(
      () => parseEcbCsv(file('2026-01-09,-1.1,180,')),
      'e.csv',
      3,
      /USD "-1.1" is not a positive decimal/,
    );
    expectLineError(() => parseEcbCsv(file('2026-01-09,1.1,0,')), 'e.csv', 3, /JPY "0"/);
    expectLineError(() => parseEcbCsv(file('2026-01-09,1.1,1e3,')), 'e.csv', 3, /JPY "1e3"/);
    expectLineError(() => parseEcbCsv(file('2026-01-09,1.1,abc,')), 'e.csv', 3, /JPY "abc"/);
    expectLineError(() => parseEcbCsv(file('2026-01-08,1.1,180,')), 'e.csv', 3, /2026-01-08 is given twice/);
    expectLineError(() => parseEcbCsv(file('2026-01-09,1.1,')), 'e.csv', 3, /3 columns where the header has 4/);
  });

  it('refuses a header that is not ECB layout', () => {
    const header = (line: string) => () => parseEcbCsv({ fileName: 'e.csv', text: `${line}\n2026-01-09,1.1,1.2\n` });
    expectLineError(header('Day,USD,JPY'), 'e.csv', 1, /the first column must be "Date"/);
    expectLineError(header('Date,USD,usd'), 'e.csv', 1, /column 3 "usd" is not a currency code/);
    expectLineError(header('Date,USD,USD'), 'e.csv', 1, /USD is a column twice/);
    expectLineError(header('Date,USD,EUR'), 'e.csv', 1, /EUR is the base/);
  });
});

describe('HMRC monthly layout', () => {
  it('reads each currency of the month once', () => {
    expect(parseHmrcCsv(fixture('synthetic-hmrc-monthly.csv'))).toStrictEqual([
      { source: 'HMRC', base: 'GBP', quote: 'USD', from: '2026-01-01', to: '2026-01-31', rate: '1.3000' },
      { source: 'HMRC', base: 'GBP', quote: 'EUR', from: '2026-01-01', to: '2026-01-31', rate: '1.1500' },
      { source: 'HMRC', base: 'GBP', quote: 'JPY', from: '2026-01-01', to: '2026-01-31', rate: '205.00' },
    ]);
  });

  it('reads a file saved in Windows-1252 once decoded (the pound sign differs)', () => {
    const text =
      'Country/Territories,Currency,Currency Code,Currency Units per \u00a31,Start Date,End Date\nJapan,Yen,JPY,205,01/01/2026,31/01/2026\n';
    expect(parseHmrcCsv({ fileName: 'h.csv', text })).toHaveLength(1);
  });

  it('names the file and line of a bad cell', () => {
    const head = 'Country/Territories,Currency,Currency Code,Currency Units per £1,Start date,End date';
    const file = (row: string) => ({
      fileName: 'h.csv',
      text: `${head}\nJapan,Yen,JPY,205,01/01/2026,31/01/2026\n${row}\n`,
    });
    expectLineError(() => parseHmrcCsv(file('X,Y,US,1.3,01/01/2026,31/01/2026')), 'h.csv', 3, /Currency Code "US"/);
    expectLineError(
      () => parseHmrcCsv(file('X,Y,USD,N/A,01/01/2026,31/01/2026')),
      'h.csv',
      3,
      /Currency Units per £1 "N\/A"/,
    );
    expectLineError(
      () => parseHmrcCsv(file('X,Y,USD,1.3,31/02/2026,31/01/2026')),
      'h.csv',
      3,
      /Start date "31\/02\/2026"/,
    );
    expectLineError(() => parseHmrcCsv(file('X,Y,USD,1.3,01/01/2026,2026-01-31')), 'h.csv', 3, /End date "2026-01-31"/);
    expectLineError(
      () => parseHmrcCsv(file('X,Y,USD,1.3,01/02/2026,31/01/2026')),
      'h.csv',
      3,
      /End date 31\/01\/2026 is before/,
    );
    expectLineError(
      () => parseHmrcCsv(file('X,Y,JPY,206,01/01/2026,31/01/2026')),
      'h.csv',
      3,
      /JPY from 01\/01\/2026 is 206 here and 205 on line 2/,
    );
    expectLineError(() => parseHmrcCsv(file('X,Y,GBP,1,01/01/2026,31/01/2026')), 'h.csv', 3, /GBP is the base/);
    expectLineError(
      () => parseHmrcCsv({ fileName: 'h.csv', text: 'Country,Currency,Rate\nX,Y,1\n' }),
      'h.csv',
      1,
      /no "currency code" column/,
    );
  });
});

describe('parseFxFile', () => {
  it('tells the layouts apart by their header', () => {
    expect(parseFxFile(fixture('synthetic-eurofxref-hist.csv')).source).toBe('ECB');
    expect(parseFxFile(fixture('synthetic-hmrc-monthly.csv')).source).toBe('HMRC');
    expectLineError(
      () => parseFxFile({ fileName: 'x.csv', text: 'a,b\n1,2\n' }),
      'x.csv',
      1,
      /not an exchange-rate file/,
    );
    expectLineError(
      () => parseFxFile(fixture('synthetic-hmrc-monthly.csv'), 'ecb'),
      'synthetic-hmrc-monthly.csv',
      1,
      /the first column must be "Date"/,
    );
  });
});
