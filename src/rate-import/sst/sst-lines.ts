import { TaxError } from '../../core/errors.ts';
import { SST_OPEN_END, type SstDate } from '../../core/rates/sst/sst-file.ts';

/** The error of a bad SST file: INVALID_VALUE naming the file, the line and the column (1-based). */
export function sstError(fileName: string, line: number, column: number | undefined, reason: string): TaxError {
  const where = column === undefined ? `${fileName}, line ${line}` : `${fileName}, line ${line}, column ${column}`;
  return new TaxError('INVALID_VALUE', `${where}: ${reason}`, {
    details: { file: fileName, line, ...(column === undefined ? {} : { column }), reason },
  });
}

/**
 * Calls `each` with the cells and line number of every non-blank line of a headerless SST file.
 * A byte-order mark (Vermont, Iowa) and CR LF endings are allowed; a cell is trimmed; a quoted
 * cell (no real file has one, but a spreadsheet may add them) loses its quotes.
 */
export function eachSstLine(text: string, each: (cells: string[], line: number) => void): number {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let rows = 0;
  let start = 0;
  for (let line = 1; start <= body.length; line += 1) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = body.length;
    const raw = body.slice(start, end).replace(/\r$/, '');
    start = end + 1;
    if (raw.trim() === '') continue;
    rows += 1;
    each(splitCells(raw), line);
  }
  return rows;
}

function splitCells(raw: string): string[] {
  if (!raw.includes('"')) return raw.split(',').map((cell) => cell.trim());
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw[i] as string;
    if (char === '"') {
      if (quoted && raw[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = !quoted;
    } else if (char === ',' && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** A `YYYYMMDD` date of a real calendar day; both open-end sentinels become {@link SST_OPEN_END}. */
export function parseSstDate(cell: string): SstDate | undefined {
  if (!/^\d{8}$/.test(cell)) return undefined;
  if (cell === '29991231' || cell === '99991231') return SST_OPEN_END;
  const year = Number(cell.slice(0, 4));
  const month = Number(cell.slice(4, 6));
  const day = Number(cell.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return Number(cell);
}

/** Reads a date cell or throws naming its column. */
export function dateCell(
  cells: readonly string[],
  index: number,
  fileName: string,
  line: number,
  what: string,
): SstDate {
  const cell = cells[index] ?? '';
  const date = parseSstDate(cell);
  if (date === undefined) {
    throw sstError(fileName, line, index + 1, `${what} "${cell}" is not a date written YYYYMMDD.`);
  }
  return date;
}
