import { parse } from 'csv-parse/sync';
import { importError } from './import-error.ts';
import type { RateInput } from './rate-input.ts';

/** One data row of a CSV file and the line it ends on (the header is line 1). */
export interface CsvRow {
  readonly cells: readonly string[];
  readonly line: number;
}

/**
 * Longest cell and longest record, in characters. A cell longer than any real one (names are
 * under 60 characters, sources under a few hundred) is refused at its line before it is kept or
 * quoted in an error; csv-parse stops at a record past its bound without buffering the rest.
 */
export const MAX_CSV_CELL_LENGTH = 2_000;
const MAX_CSV_RECORD_LENGTH = 65_536;

const OPTIONS = {
  bom: true,
  skip_empty_lines: true,
  relax_column_count: true,
  max_record_size: MAX_CSV_RECORD_LENGTH,
} as const;

/**
 * Parses a CSV file with csv-parse (RFC 4180 quoting, a byte-order mark allowed, blank lines
 * skipped) into its header and rows. A quoting error, or a row whose column count differs from
 * the header's, is an import error with the file and line.
 *
 * Every row keeps its line number for later errors. csv-parse's `info` option gives them, but
 * builds an object per record, which doubled the parse time of a nationwide import. A file with
 * no double quote has no quoted field, so no record spans lines: its records are its non-empty
 * lines, numbered by one scan of the text ({@link lineNumbersOf}). Files with quotes, a stray
 * carriage return, or a record count that does not match are parsed with `info` as before.
 */
export function readCsvRows(input: RateInput): {
  readonly header: readonly string[];
  readonly rows: readonly CsvRow[];
} {
  const { records, lines } = parseRecords(input);
  const first = records[0];
  if (first === undefined) throw importError(input.fileName, undefined, 'the file is empty.');
  const header = first.map((cell) => cell.trim());
  const long = header.find((cell) => cell.length > MAX_CSV_CELL_LENGTH);
  if (long !== undefined) throw importError(input.fileName, 1, `a header cell is ${long.length} characters long.`);
  const rows: CsvRow[] = new Array(records.length - 1);
  for (let index = 1; index < records.length; index += 1) {
    const cells = records[index] as string[];
    const line = lines(index);
    if (cells.length !== header.length) {
      throw importError(input.fileName, line, `${cells.length} columns where the header has ${header.length}.`);
    }
    for (let column = 0; column < cells.length; column += 1) {
      const length = (cells[column] as string).length;
      if (length > MAX_CSV_CELL_LENGTH) {
        throw importError(
          input.fileName,
          line,
          `${header[column]} is ${length.toLocaleString('en')} characters long; a cell holds at most ${MAX_CSV_CELL_LENGTH}.`,
        );
      }
    }
    rows[index - 1] = { cells, line };
  }
  return { header, rows };
}

/** The file's records, and the line the record at an index ends on. */
function parseRecords(input: RateInput): { records: string[][]; lines: (index: number) => number } {
  try {
    const lines = lineNumbersOf(input.text);
    if (lines !== undefined) {
      const records = parse(input.text, OPTIONS) as string[][];
      if (records.length === lines.length) return { records, lines: (index) => lines[index] as number };
    }
    const withInfo = parse(input.text, { ...OPTIONS, info: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return {
      records: withInfo.map(({ record }) => record),
      lines: (index) => (withInfo[index] as { info: { lines: number } }).info.lines,
    };
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw importError(input.fileName, line, `not valid CSV (${(error as Error).message}).`);
  }
}

/**
 * The line number of every non-empty line of `text` (1-based, a leading byte-order mark
 * ignored, `\n` or `\r\n` line ends), which are its CSV records when nothing is quoted; or
 * `undefined` when the text holds a double quote or a carriage return not followed by `\n`,
 * where records and lines may differ.
 */
export function lineNumbersOf(text: string): number[] | undefined {
  if (text.includes('"')) return undefined;
  if (text.includes('\r') && /\r(?!\n)/.test(text)) return undefined;
  const lines: number[] = [];
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let line = 1; start <= text.length; line += 1) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const stop = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (stop > start) lines.push(line);
    start = end + 1;
  }
  return lines;
}
