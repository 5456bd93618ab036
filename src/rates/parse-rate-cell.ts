import { isTaxError } from '../core/errors.ts';
import { parseRate } from '../core/money/parse-rate.ts';
import { importError } from './import-error.ts';

/**
 * A rate cell of an import file ("0.107500") in units of 10^-8, or an import error naming the
 * file, line and column: not a decimal, more than 8 decimals, or outside 0..1.
 */
export function parseRateCell(text: string, fileName: string, line: number, column: string): number {
  try {
    return parseRate(text.trim());
  } catch (error) {
    if (!isTaxError(error)) throw error;
    throw importError(
      fileName,
      line,
      `${column} "${text}" is not a rate between 0 and 1 (a decimal fraction such as 0.0725).`,
    );
  }
}
