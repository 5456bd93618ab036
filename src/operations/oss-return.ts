import { EU_COUNTRIES } from '../core/fx/filing-rules.ts';
import { keyedError, TaxError } from '../core/errors.ts';
import { lookupRates } from '../core/rates/lookup-rates.ts';
import { createOssAccumulator, type OssReturn, type OssScheme } from '../core/reports/oss-return.ts';
import { type Quarter, quarterDays, quarterLabel } from '../core/reports/quarter.ts';
import type { Registration, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { defaultCategoryOf } from '../defaults/load-default-product-tax-codes.ts';
import { feedLedger } from './feed-ledger.ts';

/** An OSS return as the wire layer parses it. */
export interface OssInput {
  readonly quarter: Quarter;
  /** The scheme; when absent, the one the seller is registered for in the quarter. */
  readonly scheme?: OssScheme | undefined;
}

const SCHEME_TYPES: Readonly<Record<OssScheme, string>> = { union: 'eu_oss_union', non_union: 'eu_oss_non_union' };

/**
 * The EU one-stop-shop return of a quarter (docs/filing.md), under the seller's OSS registration
 * active in it, from the same paged ledger reads as the liability report. Refuses (400 naming
 * the field) without such a registration, and (409 FILING_RATE_MISSING, naming the sales) while
 * a sale it covers has no euro conversion: the return is never built from a guessed rate.
 */
export async function reportOss(deps: EngineDeps, tenant: Tenant, input: OssInput): Promise<OssReturn> {
  const days = quarterDays(input.quarter);
  const registrations = await deps.store.listRegistrations(tenant);
  const registration = ossRegistration(registrations, input, days);
  const scheme = (Object.keys(SCHEME_TYPES) as OssScheme[]).find((key) => SCHEME_TYPES[key] === registration.type);
  const index = await deps.rates.current();
  const accumulator = createOssAccumulator({
    categoryOf: defaultCategoryOf,
    quarter: input.quarter,
    scheme: scheme as OssScheme,
    identification: registration.country,
    vatNumber: registration.registrationNumber,
    numbersAbroad: numbersAbroad(registrations, days),
    // The standard rate is the country's own VAT rate on the quarter's last day.
    standardRateOf: (country) =>
      lookupRates(index, country, days.toDay)?.find((rate) => rate.jurisdiction.id === country)?.rate,
  });
  await feedLedger(deps, tenant, days, accumulator);
  const result = accumulator.finish();
  if (result.unconvertedCount > 0) {
    const more = result.unconvertedCount - result.unconverted.length;
    throw new TaxError(
      'FILING_RATE_MISSING',
      `The ${quarterLabel(input.quarter)} return needs every sale in euro, and ${result.unconvertedCount} ` +
        `sale(s) have no euro conversion yet: ${result.unconverted.join(', ')}${more > 0 ? ` and ${more} more` : ''}. ` +
        'Import the ECB rate of the quarter’s last day (taxkit fx import) and convert them with a filing rule ' +
        "({ countries: 'EU', currency: 'EUR', source: 'ECB', day: 'period_end' }).",
      { details: { field: 'quarter', sales: result.unconverted } },
    );
  }
  return result;
}

/** The OSS registration the return is made under, or a 400 naming the field that cannot be met. */
function ossRegistration(
  registrations: readonly Registration[],
  input: OssInput,
  days: { readonly fromDay: number; readonly toDay: number },
): Registration {
  const label = quarterLabel(input.quarter);
  const active = registrations.filter(
    (registration) =>
      (registration.type === SCHEME_TYPES.union || registration.type === SCHEME_TYPES.non_union) &&
      activeIn(registration, days),
  );
  if (active.length === 0) {
    throw keyedError(
      'INVALID_VALUE',
      ['quarter'],
      `{field}: no EU one-stop-shop registration (type eu_oss_union or eu_oss_non_union) is active in ${label}; ` +
        'record it with POST /tax/registrations, with the number the member state issued.',
    );
  }
  const wanted =
    input.scheme === undefined ? active : active.filter((r) => r.type === SCHEME_TYPES[input.scheme as OssScheme]);
  if (wanted.length === 0) {
    throw keyedError(
      'INVALID_VALUE',
      ['scheme'],
      `{field}: the seller has no ${input.scheme} one-stop-shop registration active in ${label} (it has ${active
        .map((r) => r.type)
        .join(', ')}).`,
    );
  }
  if (new Set(wanted.map((r) => r.type)).size > 1) {
    throw keyedError(
      'INVALID_VALUE',
      ['scheme'],
      `{field}: both schemes are active in ${label}; name union or non_union.`,
    );
  }
  const registration = wanted[0] as Registration;
  if (registration.registrationNumber === '') {
    throw keyedError(
      'INVALID_VALUE',
      ['quarter'],
      `{field}: the one-stop-shop registration ${registration.id} has no registration number, which the return's reference needs.`,
    );
  }
  return registration;
}

/** The seller's own VAT numbers in member states (domestic registrations), for goods dispatched from there. */
function numbersAbroad(
  registrations: readonly Registration[],
  days: { readonly fromDay: number; readonly toDay: number },
): ReadonlyMap<string, string> {
  const numbers = new Map<string, string>();
  for (const registration of registrations) {
    if (registration.type !== 'domestic' || !EU_COUNTRIES.has(registration.country)) continue;
    if (registration.registrationNumber === '' || !activeIn(registration, days)) continue;
    numbers.set(registration.country, registration.registrationNumber);
  }
  return numbers;
}

/** Whether a live registration is active on some day of `days`. */
function activeIn(registration: Registration, days: { readonly fromDay: number; readonly toDay: number }): boolean {
  if (registration.deletedAt !== undefined) return false;
  const start = days.fromDay * 86_400;
  const end = (days.toDay + 1) * 86_400;
  return registration.activeFrom < end && (registration.expiresAt === undefined || registration.expiresAt > start);
}
