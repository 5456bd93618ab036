import { TaxError } from '../core/errors.ts';
import { isAtLeast, type ApiVersion } from './api-version.ts';

/** The 10 currencies of 2024-09-01 (docs/interface.md §9). */
const BASE_CURRENCIES = ['BGN', 'CAD', 'CZK', 'DKK', 'EUR', 'HUF', 'PLN', 'RON', 'SEK', 'USD'];

/**
 * 2025-05-12 supports 32 currencies; the hosted API does not publish which. These are the 10
 * above plus the currencies of the countries taxkit ships VAT/GST rates for and the largest
 * trading currencies (README "Decisions").
 */
const CURRENCIES_2025 = new Set([
  ...BASE_CURRENCIES,
  'AED',
  'AUD',
  'BRL',
  'CHF',
  'CLP',
  'CNY',
  'GBP',
  'HKD',
  'ILS',
  'INR',
  'ISK',
  'JPY',
  'KRW',
  'MXN',
  'NOK',
  'NZD',
  'SGD',
  'THB',
  'TRY',
  'TWD',
  'VND',
  'ZAR',
]);
const CURRENCIES_2024 = new Set(BASE_CURRENCIES);

/** Checks an ISO-4217 code against the version's list; returns it upper-cased. `field` names it in the error. */
export function checkCurrency(
  code: string,
  version: ApiVersion,
  field = 'order_details.customer_currency_code',
): string {
  const upper = code.trim().toUpperCase();
  const allowed = isAtLeast(version, '2025-05-12') ? CURRENCIES_2025 : CURRENCIES_2024;
  if (!allowed.has(upper)) {
    throw new TaxError(
      'INVALID_CURRENCY',
      `${field.slice(field.lastIndexOf('.') + 1)} "${code}" is not supported in API version ${version}; supported: ${[...allowed].sort().join(', ')}.`,
      { details: { field } },
    );
  }
  return upper;
}

/** Whether taxkit knows `code` (upper case) as a currency in any version. */
export function isKnownCurrency(code: string): boolean {
  return CURRENCIES_2025.has(code);
}
