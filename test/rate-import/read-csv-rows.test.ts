/**
 * Line numbers of CSV rows come from one scan of the text when nothing is quoted, and from
 * csv-parse's `info` otherwise; both must name the same line for every row.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineNumbersOf, readCsvRows } from '../../src/rate-import/read-csv-rows.ts';

/** What csv-parse says: the line each record ends on. */
function linesByCsvParse(text: string): number[] {
  const records = parse(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
  }) as unknown as {
    info: { lines: number };
  }[];
  return records.map((record) => record.info.lines);
}

const cell = fc.stringMatching(/^[A-Za-z0-9 .-]{0,6}$/);
const line = fc.oneof(
  fc.constant(''),
  fc.array(cell, { minLength: 1, maxLength: 4 }).map((cells) => cells.join(',')),
);
const text = fc
  .record({
    lines: fc.array(line, { maxLength: 30 }),
    newline: fc.constantFrom('\n', '\r\n'),
    trailing: fc.boolean(),
    bom: fc.boolean(),
  })
  .map(({ lines, newline, trailing, bom }) => `${bom ? '\uFEFF' : ''}${lines.join(newline)}${trailing ? newline : ''}`);

describe('CSV line numbers', () => {
  it('the scan of an unquoted text numbers every record as csv-parse does', () => {
    fc.assert(
      fc.property(text, (csv) => {
        expect(lineNumbersOf(csv)).toEqual(linesByCsvParse(csv));
      }),
      { numRuns: 300 },
    );
  });

  it('gives up on quotes and on a lone carriage return, where a record may span lines', () => {
    expect(lineNumbersOf('a,b\n"x\ny",z\n')).toBeUndefined();
    expect(lineNumbersOf('a,b\rc,d\r')).toBeUndefined();
    expect(lineNumbersOf('a,b\r\n\r\nc,d\r\n')).toEqual([1, 3]);
  });

  it('a quoted field across lines still gets the line it ends on, through csv-parse', () => {
    const { rows } = readCsvRows({ fileName: 'q.csv', text: 'a,b\n\n"x\ny",z\nc,d\n' });
    expect(rows.map((row) => [row.cells, row.line])).toEqual([
      [['x\ny', 'z'], 4],
      [['c', 'd'], 5],
    ]);
  });

  it('a row with the wrong number of columns names its line, blank lines counted', () => {
    expect(() => readCsvRows({ fileName: 'bad.csv', text: 'a,b\r\n\r\nc,d\r\ne\r\n' })).toThrow(
      expect.objectContaining({ type: 'INVALID_VALUE', message: expect.stringMatching(/bad\.csv.*line 4/) }),
    );
  });
});
