import type { ExchangeRate } from '../core/fx/exchange-rate.ts';
import { isCurrencyCode, isPositiveDecimal, isRealDay } from '../core/fx/fx-cells.ts';
import { importError } from '../rate-import/import-error.ts';
import type { RateInput } from '../rate-import/rate-input.ts';
import { readCsvRows } from '../rate-import/read-csv-rows.ts';

/** The columns of HMRC's monthly exchange-rate CSV that taxkit reads, by their header (case aside). */
const COLUMNS = {
  code: 'currency code',
  rate: 'currency units per £1',
  start: 'start date',
  end: 'end date',
} as const;

/**
 * HMRC's monthly exchange rates for customs and VAT, in the layout of its CSV files
 * (`Country/Territories,Currency,Currency Code,Currency Units per £1,Start date,End date`, dates
 * DD/MM/YYYY): units of each currency for one pound, for the month from start to end date.
 * Several countries share a currency (the euro area, the US dollar), so one currency may be on
 * many lines of a month with the same rate; it is kept once. A file saved in Windows-1252 spells
 * the pound sign differently, so the rate column is found by its words before the sign.
 *
 * Pure: text in, rates out. Throws INVALID_VALUE naming the file and line for a missing column,
 * a bad code, a rate that is not a positive decimal, a date that is not a real DD/MM/YYYY, an end
 * before the start, or one currency with two rates for the same month.
 */
export function parseHmrcCsv(input: RateInput): ExchangeRate[] {
  const { header, rows } = readCsvRows(input);
  const names = header.map((name) => name.toLowerCase());
  const at = (column: string) => {
    const index =
      column === COLUMNS.rate
        ? names.findIndex((name) => name.startsWith('currency units per'))
        : names.indexOf(column);
    if (index === -1) throw importError(input.fileName, 1, `no "${column}" column (HMRC monthly rates layout).`);
    return index;
  };
  const index = { code: at(COLUMNS.code), rate: at(COLUMNS.rate), start: at(COLUMNS.start), end: at(COLUMNS.end) };
  const kept = new Map<string, { rate: ExchangeRate; line: number }>();
  for (const { cells, line } of rows) {
    const cell = (key: keyof typeof index) => (cells[index[key]] ?? '').trim();
    const code = cell('code');
    if (!isCurrencyCode(code))
      throw importError(input.fileName, line, `Currency Code "${code}" is not a currency code.`);
    if (code === 'GBP')
      throw importError(input.fileName, line, 'GBP is the base of HMRC rates, not a currency of the file.');
    const rate = cell('rate');
    if (!isPositiveDecimal(rate)) {
      throw importError(input.fileName, line, `Currency Units per £1 "${rate}" is not a positive decimal rate.`);
    }
    const from = isoDay(cell('start'));
    const to = isoDay(cell('end'));
    if (from === undefined)
      throw importError(input.fileName, line, `Start date "${cell('start')}" is not a real DD/MM/YYYY.`);
    if (to === undefined)
      throw importError(input.fileName, line, `End date "${cell('end')}" is not a real DD/MM/YYYY.`);
    if (to < from)
      throw importError(input.fileName, line, `End date ${cell('end')} is before Start date ${cell('start')}.`);
    const parsed: ExchangeRate = { source: 'HMRC', base: 'GBP', quote: code, from, to, rate };
    const key = `${code}|${from}`;
    const earlier = kept.get(key);
    if (earlier === undefined) kept.set(key, { rate: parsed, line });
    else if (earlier.rate.rate !== rate || earlier.rate.to !== to) {
      throw importError(
        input.fileName,
        line,
        `${code} from ${cell('start')} is ${rate} here and ${earlier.rate.rate} on line ${earlier.line}.`,
      );
    }
  }
  return [...kept.values()].map(({ rate }) => rate);
}

/** "31/01/2026" as "2026-01-31", or undefined when it is not a real day. */
function isoDay(text: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (match === null) return undefined;
  const day = `${match[3]}-${(match[2] as string).padStart(2, '0')}-${(match[1] as string).padStart(2, '0')}`;
  return isRealDay(day) ? day : undefined;
}
