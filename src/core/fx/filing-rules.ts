import { dayOfUnixSeconds, dayNumber } from '../rates/day-number.ts';
import { civilDate, formatDay } from '../rates/format-day.ts';
import { EXCHANGE_RATE_SOURCES, type ExchangeRate, type ExchangeRateSource } from './exchange-rate.ts';
import { isCurrencyCode } from './fx-cells.ts';

/**
 * Which currency sales taxed in some countries are filed in, and whose reference rate converts
 * them (docs/filing-currency.md). The engine option `filing.rules`; the first rule whose
 * `countries` holds the sale's country applies, and a sale no rule covers is filed in its own
 * currency.
 */
export interface FilingRule {
  /** Where the sale was taxed (`Transaction.place.country`): 'EU' (the 27 member states), '*' (anywhere), or ISO codes. */
  readonly countries: 'EU' | '*' | readonly string[];
  /** The filing currency, ISO 4217 ("EUR"). */
  readonly currency: string;
  /** Whose rates: 'ECB' (euro reference rates, daily) or 'HMRC' (monthly rates against sterling). */
  readonly source: ExchangeRateSource;
  /**
   * Which day's rate: 'sale' (default), the UTC day the sale was processed (ECB: the last
   * publication on or before it, HMRC: the month's rate); or 'period_end', the last day of the
   * sale's `period` (ECB: that day's rate, or the next publication when there is none), as the
   * one-stop-shop return requires. Until that rate is imported the sale is pending (reports
   * convert it once the rate is there).
   */
  readonly day?: 'sale' | 'period_end';
  /** The filing period of `period_end`: 'quarter' (default, OSS) or 'month' (IOSS). */
  readonly period?: 'month' | 'quarter';
}

/** The engine option `filing`. */
export interface FilingOptions {
  readonly rules: readonly FilingRule[];
}

/**
 * A conversion a recorded sale still waits for: its rule's rate was not imported when it was
 * recorded (`reason: 'rate_missing'`) or cannot exist yet (`'period_end'`). The sale stays in its
 * own currency (`filingCurrency` = `currency`) until a report finds the rate.
 */
export interface FilingPending {
  readonly currency: string;
  readonly source: ExchangeRateSource;
  /** The day whose rate converts it, YYYY-MM-DD. */
  readonly day: string;
  readonly rule: 'sale' | 'period_end';
  readonly reason: 'rate_missing' | 'period_end';
}

/** The member states of the European Union (ISO 3166 codes, Greece as GR). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

/** The currency each source quotes its rates against. */
export const SOURCE_BASE: Readonly<Record<ExchangeRateSource, string>> = { ECB: 'EUR', HMRC: 'GBP' };

/**
 * The most days an ECB rate is used after the day it was published for (or before, looking
 * forward): a long TARGET holiday (Good Friday to Easter Monday) is four days; past seven the
 * store is missing rates, and taxkit says so instead of using a stale one.
 */
export const MAX_ECB_GAP_DAYS = 7;

/** Throws a TypeError for a malformed `filing` option: a programming error of the caller. */
export function checkFilingOptions(options: FilingOptions): void {
  if (!Array.isArray(options.rules)) throw new TypeError('taxkit: filing.rules must be an array.');
  for (const [index, rule] of options.rules.entries()) {
    const at = `taxkit: filing.rules[${index}]`;
    const countries = rule.countries;
    if (countries !== 'EU' && countries !== '*' && !(Array.isArray(countries) && countries.every(isCountry))) {
      throw new TypeError(`${at}.countries must be 'EU', '*' or an array of two-letter country codes.`);
    }
    if (!isCurrencyCode(rule.currency)) throw new TypeError(`${at}.currency must be a three-letter currency code.`);
    if (!(EXCHANGE_RATE_SOURCES as readonly string[]).includes(rule.source)) {
      throw new TypeError(`${at}.source must be one of ${EXCHANGE_RATE_SOURCES.join(', ')}.`);
    }
    if (rule.day !== undefined && rule.day !== 'sale' && rule.day !== 'period_end') {
      throw new TypeError(`${at}.day must be 'sale' or 'period_end'.`);
    }
    if (rule.period !== undefined && rule.period !== 'month' && rule.period !== 'quarter') {
      throw new TypeError(`${at}.period must be 'month' or 'quarter'.`);
    }
  }
}

function isCountry(value: unknown): boolean {
  return typeof value === 'string' && /^[A-Z]{2}$/.test(value);
}

/** The first rule covering `country`, if any. */
export function filingRuleFor(rules: readonly FilingRule[], country: string | undefined): FilingRule | undefined {
  if (country === undefined || country === '') return undefined;
  return rules.find(
    (rule) =>
      rule.countries === '*' ||
      (rule.countries === 'EU' ? EU_COUNTRIES.has(country) : rule.countries.includes(country)),
  );
}

/** The day whose rate the rule uses for a sale processed at `processedAt` (Unix seconds), YYYY-MM-DD. */
export function filingDay(rule: FilingRule, processedAt: number): string {
  const day = dayOfUnixSeconds(processedAt);
  if ((rule.day ?? 'sale') === 'sale') return formatDay(day);
  const { year, month } = civilDate(day);
  const lastMonth = rule.period === 'month' ? month : month + 2 - ((month - 1) % 3);
  const next = lastMonth === 12 ? dayNumber(year + 1, 1, 1) : dayNumber(year, lastMonth + 1, 1);
  return formatDay(next - 1);
}

/**
 * Whether a rate the store found for `day` may convert a sale: HMRC's must cover the day (its
 * month); ECB's must be within {@link MAX_ECB_GAP_DAYS} of it, so a gap in the imported history
 * is reported, not bridged.
 */
export function rateApplies(rate: ExchangeRate, day: string): boolean {
  if (rate.source === 'HMRC') return rate.from <= day && day <= rate.to;
  const gap = Math.abs(dayOf(rate.from) - dayOf(day));
  return gap <= MAX_ECB_GAP_DAYS;
}

function dayOf(iso: string): number {
  return dayNumber(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10)));
}
