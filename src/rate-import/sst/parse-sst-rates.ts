import type { SstRateRow } from '../../core/rates/sst/sst-file.ts';
import { dateCell, eachSstLine, sstError } from './sst-lines.ts';

/** A rate: a decimal fraction below 1 ("0.06875", ".01", "0"), at most 8 decimals. */
const FRACTION = /^(?:0|0?\.\d{1,8}|0\.)$/;

/**
 * Parses an SST rate file: 9 columns (state FIPS, jurisdiction type, jurisdiction code, general
 * rate intrastate and interstate, food/drug rate intrastate and interstate, begin and end date).
 * Every row must name `stateFips`; rates must be decimal fractions; a blank food/drug rate (old
 * Kansas rows) is the general rate; the end is not before the begin.
 *
 * @throws TaxError INVALID_VALUE with the file, line and column of the first bad cell.
 */
export function parseSstRates(fileName: string, text: string, stateFips: string): SstRateRow[] {
  const rows: SstRateRow[] = [];
  eachSstLine(text, (cells, line) => {
    if (cells.length !== 9) {
      throw sstError(fileName, line, undefined, `an SST rate file row has 9 columns; this one has ${cells.length}.`);
    }
    if (cells[0]?.padStart(2, '0') !== stateFips) {
      throw sstError(
        fileName,
        line,
        1,
        `the state FIPS code "${cells[0]}" is not ${stateFips}, the state the file name gives.`,
      );
    }
    const type = cells[1] as string;
    const code = cells[2] as string;
    if (!/^\d{1,2}$/.test(type)) throw sstError(fileName, line, 2, `the jurisdiction type "${type}" is not a number.`);
    if (!/^[0-9A-Za-z]{1,10}$/.test(code))
      throw sstError(fileName, line, 3, `the jurisdiction code "${code}" is not a FIPS code.`);
    const rate = (index: number, blankAs?: string): string => {
      const cell = cells[index] as string;
      if (cell === '' && blankAs !== undefined) return blankAs;
      if (!FRACTION.test(cell)) {
        throw sstError(fileName, line, index + 1, `the rate "${cell}" is not a decimal fraction such as 0.06875.`);
      }
      return cell.startsWith('.') ? `0${cell}` : cell.endsWith('.') ? cell.slice(0, -1) : cell;
    };
    const general = rate(3);
    const generalInterstate = rate(4, general);
    const food = rate(5, general);
    const foodInterstate = rate(6, generalInterstate);
    const begin = dateCell(cells, 7, fileName, line, 'the begin date');
    const end = dateCell(cells, 8, fileName, line, 'the end date');
    if (end < begin) throw sstError(fileName, line, 9, `the end date ${end} is before the begin date ${begin}.`);
    const row: SstRateRow =
      generalInterstate === general && foodInterstate === food
        ? [type.padStart(2, '0'), code, general, food, begin, end]
        : [type.padStart(2, '0'), code, general, food, begin, end, generalInterstate, foodInterstate];
    rows.push(row);
  });
  return rows;
}
