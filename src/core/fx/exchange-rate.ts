/**
 * One published reference exchange rate: `rate` units of `quote` for one unit of `base`, as the
 * source published it, applying from `from` to `to` (both YYYY-MM-DD, inclusive). ECB publishes
 * a rate per TARGET business day (`from` = `to` = that day, base EUR); HMRC publishes one per
 * calendar month (`from` the first day, `to` the last, base GBP).
 */
export interface ExchangeRate {
  /** Whose rate: one of {@link EXCHANGE_RATE_SOURCES}. */
  readonly source: ExchangeRateSource;
  readonly base: string;
  readonly quote: string;
  readonly from: string;
  readonly to: string;
  /** An exact positive decimal, as published ("1.0856"). */
  readonly rate: string;
}

/** The sources taxkit reads: the European Central Bank's euro reference rates and HMRC's monthly rates. */
export const EXCHANGE_RATE_SOURCES = ['ECB', 'HMRC'] as const;
export type ExchangeRateSource = (typeof EXCHANGE_RATE_SOURCES)[number];

/** What an import did: rates new to the store, and rates it already held with the same value. */
export interface ExchangeRateImportOutcome {
  readonly added: number;
  readonly unchanged: number;
}

/** A read of one rate: the source's rate for base/quote that applies on `day`, or the nearest publication. */
export interface ExchangeRateQuery {
  readonly source: ExchangeRateSource;
  readonly base: string;
  readonly quote: string;
  /** YYYY-MM-DD. */
  readonly day: string;
  /**
   * 'onOrBefore': the rate with the latest `from` on or before `day` (a weekend sale takes
   * Friday's); 'onOrAfter': the one with the earliest `from` on or after `day` (the one-stop-shop
   * rule: "if there is no publication on that day, on the next day of publication").
   */
  readonly direction: 'onOrBefore' | 'onOrAfter';
}

/** What a store holds of one source and currency pair. */
export interface ExchangeRateSeries {
  readonly source: ExchangeRateSource;
  readonly base: string;
  readonly quote: string;
  readonly count: number;
  /** The first `from` and the last `to` held. */
  readonly first: string;
  readonly last: string;
}

/** The most rates one import may hold: ECB's full history since 1999 is about 200 000. */
export const MAX_EXCHANGE_RATES_PER_IMPORT = 1_000_000;

/** The key a store keeps a rate under: one rate per source, pair and first day. */
export function exchangeRateKey(rate: Pick<ExchangeRate, 'source' | 'base' | 'quote' | 'from'>): string {
  return `${rate.source}|${rate.base}|${rate.quote}|${rate.from}`;
}

/** Orders series by source, base and quote, as every store lists them. */
export function compareSeries(a: ExchangeRateSeries, b: ExchangeRateSeries): number {
  const left = `${a.source}|${a.base}|${a.quote}`;
  const right = `${b.source}|${b.base}|${b.quote}`;
  return left < right ? -1 : left > right ? 1 : 0;
}
