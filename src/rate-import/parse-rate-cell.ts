import { isTaxError } from '../core/errors.ts';
import { parseRate } from '../core/money/parse-rate.ts';
import { importError } from './import-error.ts';

/**
 * Rates already parsed, by cell text. A nationwide import has about 200 000 rate cells but a
 * few thousand distinct values, and parsing each cell (a regular expression, padding, a
 * number) was a tenth of the import. Only valid cells are kept; the bound keeps a file of
 * distinct values from growing it without limit.
 */
const parsed = new Map<string, number>();
const MAX_PARSED = 20_000;

/**
 * A rate cell of an import file ("0.107500") in units of 10^-8, or an import error naming the
 * file, line and column: not a decimal, more than 8 decimals, or outside 0..1.
 */
export function parseRateCell(text: string, fileName: string, line: number, column: string): number {
  const known = parsed.get(text);
  if (known !== undefined) return known;
  try {
    const units = parseRate(text.trim());
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(text, units);
    return units;
  } catch (error) {
    if (!isTaxError(error)) throw error;
    throw importError(
      fileName,
      line,
      `${column} "${text}" is not a rate between 0 and 1 (a decimal fraction such as 0.0725).`,
    );
  }
}
