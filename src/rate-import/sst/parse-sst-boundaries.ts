import { normalizeDirection, normalizeStreetName, normalizeSuffix } from '../../core/location/normalize-street.ts';
import type { SstStreet } from '../../core/rates/sst/sst-file.ts';
import type { SstBoundaryRow } from './sst-boundary-row.ts';
import { dateCell, eachSstLine, sstError } from './sst-lines.ts';

/** 29 fixed columns, then 20 triplets (code source, special district code, tax authority type). */
const FIXED_COLUMNS = 29;
const TRIPLETS = 20;

/**
 * Parses an SST boundary file, with the traps real files set (docs/rates.md, "Rates at the
 * address"): record types in either case; 89 or 90 columns (a 90th is a state's extra and is
 * ignored); plus-4 written unpadded (`1` is `0001`); a blank or `000` county is none; district
 * triplets read wherever they are (Minnesota leaves 30–35 blank and writes 36–41); Washington's
 * `L`-prefixed location codes are location codes, not districts, and are skipped; `A` records
 * (Vermont's only kind) keep their street range.
 *
 * @throws TaxError INVALID_VALUE with the file, line and column of the first bad cell.
 */
export function parseSstBoundaries(fileName: string, text: string, stateFips: string): SstBoundaryRow[] {
  const rows: SstBoundaryRow[] = [];
  eachSstLine(text, (cells, line) => {
    if (cells.length < FIXED_COLUMNS + 3 * TRIPLETS || cells.length > FIXED_COLUMNS + 3 * TRIPLETS + 1) {
      throw sstError(
        fileName,
        line,
        undefined,
        `an SST boundary file row has 89 or 90 columns; this one has ${cells.length}.`,
      );
    }
    const type = (cells[0] as string).toUpperCase();
    if (type !== 'Z' && type !== '4' && type !== 'A') {
      throw sstError(fileName, line, 1, `the record type "${cells[0]}" is none of Z, 4 and A.`);
    }
    const begin = dateCell(cells, 1, fileName, line, 'the begin date');
    const end = dateCell(cells, 2, fileName, line, 'the end date');
    if (end < begin) throw sstError(fileName, line, 3, `the end date ${end} is before the begin date ${begin}.`);
    const state = (cells[22] as string).padStart(2, '0');
    if (state !== stateFips) {
      throw sstError(
        fileName,
        line,
        23,
        `the state FIPS code "${cells[22]}" is not ${stateFips}, the state the file name gives.`,
      );
    }
    const zip = (index: number): number => {
      const cell = cells[index] as string;
      if (!/^\d{5}$/.test(cell)) throw sstError(fileName, line, index + 1, `"${cell}" is not a 5-digit ZIP code.`);
      return Number(cell);
    };
    const plus4 = (index: number, blank: number): number => {
      const cell = cells[index] as string;
      if (cell === '') return blank;
      if (!/^\d{1,4}$/.test(cell)) throw sstError(fileName, line, index + 1, `"${cell}" is not a ZIP+4 add-on.`);
      return Number(cell);
    };
    let low: number;
    let high: number;
    let street: SstStreet | undefined;
    if (type === 'A') {
      const zip5 = zip(15);
      const four = plus4(16, -1);
      low = zip5 * 10_000 + (four < 0 ? 0 : four);
      high = zip5 * 10_000 + (four < 0 ? 9_999 : four);
      street = readStreet(cells, fileName, line);
    } else {
      low = zip(17) * 10_000 + plus4(18, type === '4' ? -1 : 0);
      high = zip(19) * 10_000 + plus4(20, type === '4' ? -1 : 9_999);
      if (type === '4' && (cells[18] === '' || cells[20] === '')) {
        throw sstError(fileName, line, cells[18] === '' ? 19 : 21, 'a ZIP+4 (4) record needs its plus-4 low and high.');
      }
      if (high < low) throw sstError(fileName, line, 20, `the range ends (${high}) before it starts (${low}).`);
    }
    const indicator = cells[23] as string;
    const county = cells[24] as string;
    const place = cells[25] as string;
    for (const [index, cell] of [
      [24, county],
      [25, place],
    ] as const) {
      if (cell !== '' && !/^\d{1,5}$/.test(cell))
        throw sstError(fileName, line, index + 1, `"${cell}" is not a FIPS code.`);
    }
    const districts: string[] = [];
    for (let slot = 0; slot < TRIPLETS; slot += 1) {
      const code = cells[FIXED_COLUMNS + 3 * slot + 1] as string;
      // Washington writes its location codes ("L1234", type 45) in the triplets: not districts.
      if (code === '' || code[0] === 'L' || code[0] === 'l') continue;
      if (!/^[0-9A-Za-z]{1,10}$/.test(code)) {
        throw sstError(fileName, line, FIXED_COLUMNS + 3 * slot + 2, `"${code}" is not a special district code.`);
      }
      if (!districts.includes(code)) districts.push(code);
    }
    const row: SstBoundaryRow = [
      type,
      begin,
      end,
      low,
      high,
      cells[21] as string,
      indicator === '00' ? 0 : 1,
      county === '000' ? '' : county,
      place,
      districts,
      ...(street === undefined ? [] : [street]),
    ] as unknown as SstBoundaryRow;
    rows.push(row);
  });
  return rows;
}

function readStreet(cells: readonly string[], fileName: string, line: number): SstStreet {
  const house = (index: number, blank: number): number => {
    const cell = cells[index] as string;
    if (cell === '') return blank;
    const match = /^(\d+)/.exec(cell);
    if (match === null)
      throw sstError(fileName, line, index + 1, `the house number "${cell}" does not start with digits.`);
    if (Number(match[1]) > 999_999_999)
      throw sstError(fileName, line, index + 1, `the house number "${cell}" is longer than 9 digits.`);
    return Number(match[1]);
  };
  const parity = (cells[5] as string).toUpperCase();
  const name = normalizeStreetName(cells[7] as string);
  if (name === '') throw sstError(fileName, line, 8, 'an address (A) record needs a street name.');
  return [
    house(3, 0),
    house(4, 999_999_999),
    parity === 'O' || parity === 'E' ? parity : 'B',
    normalizeDirection(cells[6] as string),
    name,
    normalizeSuffix(cells[8] as string),
    normalizeDirection(cells[9] as string),
    (cells[11] as string).toUpperCase(),
    (cells[12] as string).toUpperCase(),
  ];
}
