import type { ExchangeRate } from '../core/fx/exchange-rate.ts';
import { isCurrencyCode, isPositiveDecimal, isRealDay } from '../core/fx/fx-cells.ts';
import { importError } from '../rate-import/import-error.ts';
import type { RateInput } from '../rate-import/rate-input.ts';
import { readCsvRows } from '../rate-import/read-csv-rows.ts';

/**
 * The euro foreign exchange reference rates of the European Central Bank in the layout of its
 * `eurofxref-hist.csv` (and the one-day `eurofxref.csv`): a header `Date,USD,JPY,…`, one row per
 * TARGET business day `2026-01-09,1.1660,183.50,…`, units of each currency for one euro. Both
 * lines may end with a comma (ECB's do). `N/A` (or an empty cell) is "no rate that day", not an
 * error: currencies join and leave the list over the years.
 *
 * Pure: text in, rates out. Throws INVALID_VALUE naming the file and line for a malformed
 * header, a date that is not a real YYYY-MM-DD, a day given twice, or a cell that is not a
 * positive decimal.
 */
export function parseEcbCsv(input: RateInput): ExchangeRate[] {
  const { header, rows } = readCsvRows(input);
  if (header[0] !== 'Date') {
    throw importError(input.fileName, 1, `the first column must be "Date" (ECB eurofxref layout), not "${header[0]}".`);
  }
  const columns: { index: number; currency: string }[] = [];
  const seen = new Set<string>();
  for (const [index, name] of header.entries()) {
    if (index === 0 || (name === '' && index === header.length - 1)) continue;
    if (!isCurrencyCode(name))
      throw importError(input.fileName, 1, `column ${index + 1} "${name}" is not a currency code.`);
    if (name === 'EUR') throw importError(input.fileName, 1, 'EUR is the base of ECB rates, not a column.');
    if (seen.has(name)) throw importError(input.fileName, 1, `${name} is a column twice.`);
    seen.add(name);
    columns.push({ index, currency: name });
  }
  if (columns.length === 0) throw importError(input.fileName, 1, 'the header names no currency.');
  const days = new Set<string>();
  const rates: ExchangeRate[] = [];
  for (const { cells, line } of rows) {
    const day = (cells[0] ?? '').trim();
    if (!isRealDay(day)) throw importError(input.fileName, line, `Date "${day}" is not a real day (YYYY-MM-DD).`);
    if (days.has(day)) throw importError(input.fileName, line, `${day} is given twice.`);
    days.add(day);
    for (const { index, currency } of columns) {
      const cell = (cells[index] ?? '').trim();
      if (cell === 'N/A' || cell === '') continue;
      if (!isPositiveDecimal(cell)) {
        throw importError(input.fileName, line, `${currency} "${cell}" is not a positive decimal rate (or N/A).`);
      }
      rates.push({ source: 'ECB', base: 'EUR', quote: currency, from: day, to: day, rate: cell });
    }
  }
  return rates;
}
