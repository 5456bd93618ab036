import { calculateLines, type LineInput, type ZeroReason } from './calculate-lines.ts';
import { postalCodeNotice } from './location/postal-code-notice.ts';
import type { IpResolution } from './location/resolve-ip.ts';
import { lookupRates } from './rates/lookup-rates.ts';
import { dayOfUnixSeconds } from './rates/day-number.ts';
import { NO_RATES, type RateIndex, type ResolvedRate } from './rates/rate-index.ts';
import { implausibleTaxIdNotice, type ReverseChargeFacts, reverseChargeNote } from './tax-ids/reverse-charge.ts';
import type { JurisdictionDef } from './rates/rate-table.ts';
import type {
  Address,
  AutomaticTax,
  Calculation,
  CalculationCustomer,
  Metadata,
  Mode,
  PlatformDetails,
} from './types.ts';

/** Everything a calculation depends on, resolved by the engine's shell: pure input. */
export interface CalculationFacts {
  readonly id: string;
  readonly kind: Calculation['kind'];
  readonly createdAt: number;
  /** The sale's date (Unix seconds): rates in force that day apply. */
  readonly taxDate: number;
  readonly lifetimeSeconds: number;
  readonly mode: Mode;
  readonly currency: string;
  readonly taxIncluded: boolean;
  readonly automaticTax: AutomaticTax;
  readonly customer: CalculationCustomer;
  readonly place: IpResolution;
  readonly origin: Address | undefined;
  readonly lines: readonly LineInput[];
  readonly metadata: Metadata;
  readonly registrations: ReadonlySet<string> | undefined;
  readonly platform?: PlatformDetails;
  /** The lines' domain key in the operation's input, for errors: default `lines` (`feeLines` for platform fees). */
  readonly linesKey?: string;
}

/**
 * Computes a calculation record from resolved facts and a rate index. Pure: the same facts and
 * index always give the same record (the index's snapshot id is kept with it).
 */
export function buildCalculation(facts: CalculationFacts, index: RateIndex): Calculation {
  const day = dayOfUnixSeconds(facts.taxDate);
  const located = 'zero' in facts.place ? undefined : facts.place;
  const rates =
    located === undefined ? NO_RATES : ratesAt(index, located.rateKeys, day, located.location.address.country);
  const country = located?.location.address.country;
  const zero = zeroReason(facts, country, located?.rateKeys);
  const taxIdNotice =
    zero === undefined && country !== undefined
      ? implausibleTaxIdNotice(reverseChargeFacts(facts), country)
      : undefined;
  const placeNotice = located === undefined ? undefined : postalCodeNotice(located.location);
  const notice =
    placeNotice === undefined || taxIdNotice === undefined
      ? (placeNotice ?? taxIdNotice)
      : `${placeNotice} ${taxIdNotice}`;
  const taxed = calculateLines(facts.lines, rates, facts.taxIncluded, zero, {
    linesKey: facts.linesKey,
    notice,
    customerType: facts.customer.type,
  });
  const location = located?.location ?? {
    address: {
      line1: '',
      line2: '',
      city: '',
      province: '',
      postalCode: '',
      country: 'zero' in facts.place ? facts.place.country : '',
    },
    status: 'POSTAL_ONLY' as const,
    // Zero rates for a known country are COUNTRY precision; with nothing resolved there is no
    // precision to claim.
    ...('zero' in facts.place && facts.place.country !== '' ? { precision: 'COUNTRY' as const } : {}),
    source: 'ip' as const,
  };
  return {
    id: facts.id,
    kind: facts.kind,
    createdAt: facts.createdAt,
    expiresAt: facts.createdAt + facts.lifetimeSeconds,
    currency: facts.currency,
    taxIncluded: facts.taxIncluded,
    automaticTax: facts.automaticTax,
    customer: facts.customer,
    lines: taxed.lines,
    totalTaxMinor: taxed.totalTaxMinor,
    totalExcludingTaxMinor: taxed.totalExcludingTaxMinor,
    totalIncludingTaxMinor: taxed.totalIncludingTaxMinor,
    location,
    ...(facts.origin === undefined ? {} : { origin: facts.origin }),
    metadata: facts.metadata,
    rateSnapshot: index.snapshot,
    taxDate: facts.taxDate,
    rateKeys: located?.rateKeys ?? [],
    ...(facts.platform === undefined ? {} : { platform: facts.platform }),
  };
}

/** The first rate key the index has data for that day wins; none → one honest "no rate data" entry. */
function ratesAt(index: RateIndex, keys: readonly string[], day: number, country: string): readonly ResolvedRate[] {
  for (const key of keys) {
    const rates = lookupRates(index, key, day);
    // NO_RATES: the key's data starts later (an imported ZIP table's first vintage is after the
    // sale), so the next, broader key (the state) answers.
    if (rates !== undefined && rates !== NO_RATES) return rates;
  }
  return [noRateData(country)];
}

function noRateData(country: string): ResolvedRate {
  const jurisdiction: JurisdictionDef = {
    id: `${country}-NO-DATA`,
    country,
    level: 'COUNTRY',
    name: country,
    authorityName: '',
    authorityType: '',
    taxType: 'SALES',
    rateType: 'NO RATE DATA',
    note: `taxkit has no rate data for ${country}; no tax was calculated. Load a rate table for it.`,
  };
  return { jurisdiction, rate: '0', units: 0, feeMinor: 0, categories: undefined };
}

function zeroReason(
  facts: CalculationFacts,
  country: string | undefined,
  keys: readonly string[] | undefined,
): ZeroReason | undefined {
  if (facts.automaticTax === 'disabled') return { kind: 'automatic_tax_disabled' };
  if (facts.customer.isTaxExempt) return { kind: 'exempt_customer' };
  const reverseCharge = country === undefined ? undefined : reverseChargeNote(reverseChargeFacts(facts), country);
  if (reverseCharge !== undefined) return { kind: 'reverse_charge', note: reverseCharge };
  // Test mode always gets rates (docs/decisions.md); live mode collects only where registered.
  if (facts.mode === 'live' && facts.registrations !== undefined && country !== undefined) {
    const registered = facts.registrations.has(country) || (keys ?? []).some((key) => facts.registrations?.has(key));
    if (!registered) return { kind: 'no_nexus' };
  }
  return undefined;
}

/** The parts of the facts reverse charge depends on. */
function reverseChargeFacts(facts: CalculationFacts): ReverseChargeFacts {
  return { customer: facts.customer, originCountry: facts.origin?.country };
}
