import { parse } from 'csv-parse/sync';
import { importError } from './import-error.ts';
import type { RateInput } from './rate-input.ts';

/** One data row of a CSV file and the line it ends on (the header is line 1). */
export interface CsvRow {
  readonly cells: readonly string[];
  readonly line: number;
}

/**
 * Parses a CSV file with csv-parse (RFC 4180 quoting, a byte-order mark allowed, blank lines
 * skipped) into its header and rows. A quoting error, or a row whose column count differs from
 * the header's, is an import error with the file and line.
 */
export function readCsvRows(input: RateInput): {
  readonly header: readonly string[];
  readonly rows: readonly CsvRow[];
} {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(input.text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw importError(input.fileName, line, `not valid CSV (${(error as Error).message}).`);
  }
  const [first, ...rest] = records;
  if (first === undefined) throw importError(input.fileName, undefined, 'the file is empty.');
  const header = first.record.map((cell) => cell.trim());
  const rows = rest.map(({ record, info }) => {
    if (record.length !== header.length) {
      throw importError(input.fileName, info.lines, `${record.length} columns where the header has ${header.length}.`);
    }
    return { cells: record, line: info.lines };
  });
  return { header, rows };
}
