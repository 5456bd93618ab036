import { TaxError } from '../errors.ts';
import {
  EXCHANGE_RATE_SOURCES,
  exchangeRateKey,
  type ExchangeRate,
  MAX_EXCHANGE_RATES_PER_IMPORT,
} from './exchange-rate.ts';
import { isCurrencyCode, isPositiveDecimal, isRealDay } from './fx-cells.ts';

/**
 * Checks rates before a store keeps them (every adapter calls it first, so a bad record from a
 * library caller is refused the same way as a bad file): a known source, three-letter
 * currencies, real days with `from` ≤ `to`, a positive decimal rate, at most
 * {@link MAX_EXCHANGE_RATES_PER_IMPORT} rates, and no two with the same key and different values.
 * Throws INVALID_VALUE naming the first bad rate.
 */
export function checkExchangeRates(rates: readonly ExchangeRate[]): void {
  if (rates.length > MAX_EXCHANGE_RATES_PER_IMPORT) {
    throw new TaxError(
      'INVALID_VALUE',
      `An import may hold at most ${MAX_EXCHANGE_RATES_PER_IMPORT} exchange rates; this one has ${rates.length}.`,
    );
  }
  const seen = new Map<string, ExchangeRate>();
  for (const [index, rate] of rates.entries()) {
    const problem = problemOf(rate);
    if (problem !== undefined) {
      throw new TaxError('INVALID_VALUE', `Exchange rate ${index + 1}: ${problem}`, {
        details: { index, reason: problem },
      });
    }
    const key = exchangeRateKey(rate);
    const earlier = seen.get(key);
    if (earlier !== undefined && !sameRate(earlier, rate)) throw conflict(rate, earlier);
    seen.set(key, rate);
  }
}

/** Same key and same value: a rate imported twice. */
export function sameRate(a: ExchangeRate, b: ExchangeRate): boolean {
  return a.to === b.to && a.rate === b.rate;
}

/**
 * A rate whose key is held with another value. Refused rather than replaced: a sale may already
 * have been converted with the held value, and a report must convert it the same way tomorrow.
 */
export function conflict(offered: ExchangeRate, held: Pick<ExchangeRate, 'to' | 'rate'>): TaxError {
  return new TaxError(
    'INVALID_VALUE',
    `The ${offered.source} rate ${offered.base}/${offered.quote} from ${offered.from} is held as ${held.rate} ` +
      `(to ${held.to}); the import says ${offered.rate} (to ${offered.to}). Nothing was imported.`,
    { details: { source: offered.source, base: offered.base, quote: offered.quote, from: offered.from } },
  );
}

function problemOf(rate: ExchangeRate): string | undefined {
  if (!(EXCHANGE_RATE_SOURCES as readonly string[]).includes(rate.source)) return `unknown source "${rate.source}".`;
  if (!isCurrencyCode(rate.base)) return `base "${rate.base}" is not a three-letter currency code.`;
  if (!isCurrencyCode(rate.quote)) return `quote "${rate.quote}" is not a three-letter currency code.`;
  if (rate.base === rate.quote) return `base and quote are both ${rate.base}.`;
  if (!isRealDay(rate.from)) return `"${rate.from}" is not a real day (YYYY-MM-DD).`;
  if (!isRealDay(rate.to)) return `"${rate.to}" is not a real day (YYYY-MM-DD).`;
  if (rate.to < rate.from) return `it ends (${rate.to}) before it starts (${rate.from}).`;
  if (!isPositiveDecimal(rate.rate)) return `rate "${rate.rate}" is not a positive decimal.`;
  return undefined;
}
