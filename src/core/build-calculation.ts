import {
  calculateLines,
  type LineInput,
  type LinesResult,
  type PartialExemption,
  type ZeroReason,
} from './calculate-lines.ts';
import { chargeOrderFees, type OrderFeeFacts } from './order-fees/charge-order-fees.ts';
import {
  type AppliedCertificate,
  certificateNote,
  coveringCertificate,
  WHOLE_PRICE,
} from './exemptions/applied-certificate.ts';
import { postalCodeNotice } from './location/postal-code-notice.ts';
import type { IpResolution } from './location/resolve-ip.ts';
import { ratesAtPlace } from './rates/rates-at-place.ts';
import type { ResolvedPlace } from './location/resolved-place.ts';
import { dayOfUnixSeconds } from './rates/day-number.ts';
import { NO_RATES, type RateIndex, type ResolvedRate } from './rates/rate-index.ts';
import {
  implausibleTaxIdNotice,
  missingOriginNotice,
  type ReverseChargeFacts,
  reverseChargeNote,
} from './tax-ids/reverse-charge.ts';
import type { JurisdictionDef } from './rates/rate-table.ts';
import { owesOrderFeesIn, registeredOn, type RegistrationSpan } from './registrations/registration-spans.ts';
import {
  decideDistanceSale,
  type DistanceSaleFacts,
  type DistanceSalePlace,
  isDistanceSale,
} from './tax-ids/eu-distance-sale.ts';
import type {
  Address,
  AutomaticTax,
  Calculation,
  CalculationCustomer,
  ExemptionCertificate,
  Metadata,
  Mode,
  PlatformDetails,
  TaxLine,
} from './types.ts';

/** The nexus note of a place key, if any (a map, or one note for every place). */
export interface NexusNotes {
  get(place: string): string | undefined;
}

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
  /**
   * Where and when live `automatic_tax: auto` collects (the account's registrations, or the
   * engine option's places); `undefined`: everywhere.
   */
  readonly registrations: readonly RegistrationSpan[] | undefined;
  /**
   * Notes for places (keys "US-OH") where the account is not registered but has crossed the
   * economic nexus threshold: said in the note of a live calculation that does not collect there.
   * Before the account's first count, one note for every place says the status is not known yet.
   */
  readonly nexusNotes?: NexusNotes | undefined;
  readonly platform?: PlatformDetails;
  /** The lines' domain key in the operation's input, for errors: default `lines` (`feeLines` for platform fees). */
  readonly linesKey?: string;
  /**
   * The stored customer's exemption certificates; the one covering the place on the tax date
   * applies (docs/exemptions.md). Absent or empty: none on file, or the request forced tax.
   */
  readonly certificates?: readonly ExemptionCertificate[] | undefined;
  /** The certificate to apply, already chosen (a replay reads it back from the record's notes); wins over `certificates`. */
  readonly appliedCertificate?: AppliedCertificate;
  /**
   * An EU seller's distance-sales count (Art. 59c), or the decision a replay read back from the
   * record: a B2C sale to another member state is taxed at the seller's own VAT under the
   * threshold (tax-ids/eu-distance-sale.ts). Absent: taxed where the customer is.
   */
  readonly distanceSale?: DistanceSaleFacts | undefined;
  /** Per-order fees (retail delivery fees) and which the seller does not owe; none when absent. */
  readonly orderFees?: OrderFeeFacts;
}

/**
 * Computes a calculation record from resolved facts and a rate index. Pure: the same facts and
 * index always give the same record (the index's snapshot id is kept with it).
 */
export function buildCalculation(facts: CalculationFacts, index: RateIndex): Calculation {
  const located = 'zero' in facts.place ? undefined : facts.place;
  const customerCountry = located?.location.address.country;
  const distance =
    located === undefined || customerCountry === undefined || facts.distanceSale === undefined
      ? undefined
      : distanceSaleOf(facts, facts.distanceSale, customerCountry, index);
  if (distance === undefined || distance.place === 'destination') {
    return buildAt(facts, index, located?.rateKeys, customerCountry, distance?.note);
  }
  const atOrigin = buildAt(facts, index, [distance.country], distance.country, distance.note);
  if (facts.distanceSale?.kind !== 'count') return atOrigin;
  // Only the sale's value exclusive of VAT can cross the threshold (tax-inclusive lines need the rate to know it).
  const saleEur = facts.currency === 'EUR' ? atOrigin.totalExcludingTaxMinor : undefined;
  const decided = decideDistanceSale(facts.distanceSale, customerCountry as string, saleEur);
  return decided.place === 'origin'
    ? buildAt(facts, index, [distance.country], distance.country, decided.note)
    : buildAt(facts, index, located?.rateKeys, customerCountry, decided.note);
}

/**
 * Where a B2C sale to another member state is taxed before this sale's own value is known:
 * the recorded decision (replay), or the count's decision without the sale, which can only go
 * from origin to destination once the sale is added. Undefined when the sale is not such a
 * distance sale (the same country, outside the EU, a business that reverse-charges).
 */
function distanceSaleOf(
  facts: CalculationFacts,
  distanceSale: DistanceSaleFacts,
  customer: string,
  index: RateIndex,
): { readonly place: DistanceSalePlace; readonly country: string; readonly note: string } | undefined {
  if (distanceSale.kind === 'recorded') {
    return { place: distanceSale.place, country: distanceSale.country, note: distanceSale.note };
  }
  const seller = distanceSale.sellerCountry;
  if (!isDistanceSale(seller, customer) || reverseChargeNote(reverseChargeFacts(facts), customer) !== undefined)
    return undefined;
  // The seller's own rates must be known to charge them.
  if (index.keys.get(seller) === undefined) return undefined;
  const decided = decideDistanceSale(distanceSale, customer, 0);
  return { place: decided.place, country: decided.place === 'origin' ? seller : customer, note: decided.note };
}

/**
 * The calculation taxed at `rateKeys` (the customer's place, or the seller's country for a
 * distance sale at origin), `country` being the country whose rules decide collection, with
 * `distanceNote` first in every jurisdiction's note.
 */
function buildAt(
  facts: CalculationFacts,
  index: RateIndex,
  rateKeys: readonly string[] | undefined,
  taxCountry: string | undefined,
  distanceNote: string | undefined,
): Calculation {
  const day = dayOfUnixSeconds(facts.taxDate);
  const place = 'zero' in facts.place ? undefined : facts.place;
  // Taxed at `rateKeys`: the customer's place, or the seller's country for a distance sale at origin.
  const answer =
    place === undefined || rateKeys === undefined ? undefined : ratesAtPlace(index, { ...place, rateKeys }, day);
  const located = place === undefined || answer === undefined ? undefined : { ...place, location: answer.location };
  const rates = answer === undefined ? NO_RATES : (answer.rates ?? [noRateData(taxCountry as string)]);
  const country = taxCountry;
  const certificate =
    facts.appliedCertificate ??
    (located === undefined || facts.certificates === undefined || facts.certificates.length === 0
      ? undefined
      : coveringCertificate(
          facts.certificates,
          located.location.address.country,
          located.location.address.province,
          facts.taxDate,
        ));
  const zero = zeroReason(facts, country, rateKeys, certificate);
  // Why a business was not reverse-charged is about the customer's country, wherever the VAT went.
  const customerCountry = located?.location.address.country;
  const taxIdNotice =
    zero === undefined && customerCountry !== undefined
      ? (implausibleTaxIdNotice(reverseChargeFacts(facts), customerCountry) ??
        missingOriginNotice(reverseChargeFacts(facts), customerCountry))
      : undefined;
  const postalNotice = located === undefined ? undefined : postalCodeNotice(located.location);
  const notices = [distanceNote, postalNotice, answer?.note, taxIdNotice].filter((part) => part !== undefined);
  const notice = notices.length === 0 ? undefined : notices.join(' ');
  const taxed = calculateLines(facts.lines, rates, facts.taxIncluded, zero, {
    linesKey: facts.linesKey,
    notice,
    customerType: facts.customer.type,
    partial: partialExemption(certificate),
  });
  // A per-order fee is due only on an order taxed as usual (not an exempt customer, a reverse
  // charge or a place the seller does not collect in), once, on the line that makes it due; in
  // live mode with registration records, only where a fee registration is active.
  // Most states have no such fee: asked first, so their sales copy no lines.
  const charged =
    facts.orderFees === undefined ||
    zero !== undefined ||
    located === undefined ||
    country !== 'US' ||
    facts.orderFees.fees.forState(located.location.address.province).length === 0
      ? taxed
      : owesOrderFees(facts, located.location.address.province)
        ? withOrderFees(taxed, facts, located.location.address.province, day, facts.orderFees)
        : taxed;
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
  const calculation: Mutable<Calculation> = {
    id: facts.id,
    kind: facts.kind,
    createdAt: facts.createdAt,
    expiresAt: facts.createdAt + facts.lifetimeSeconds,
    currency: facts.currency,
    taxIncluded: facts.taxIncluded,
    automaticTax: facts.automaticTax,
    customer: facts.customer,
    lines: charged.lines,
    totalTaxMinor: charged.totalTaxMinor,
    totalExcludingTaxMinor: charged.totalExcludingTaxMinor,
    totalIncludingTaxMinor: charged.totalIncludingTaxMinor,
    location,
    metadata: facts.metadata,
    rateSnapshot: index.snapshot,
    taxDate: facts.taxDate,
    rateKeys: rateKeys ?? [],
  };
  // Optional fields are added when present rather than spread into the literal: a conditional
  // spread made V8 build the literal through the runtime, on every calculation.
  if (facts.origin !== undefined) calculation.origin = facts.origin;
  if (isStateLevelUs(located)) calculation.note = STATE_LEVEL_NOTE;
  if (facts.platform !== undefined) calculation.platform = facts.platform;
  return calculation;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Whether the seller owes the per-order fees of US state `state`: always in test mode and where
 * collection is not decided by registrations; else only while a `us_state_retail_delivery_fee`
 * registration (or a seed of the engine option) covers the state on the tax date.
 */
function owesOrderFees(facts: CalculationFacts, state: string): boolean {
  if (facts.mode !== 'live' || facts.registrations === undefined) return true;
  return owesOrderFeesIn(facts.registrations, [`US-${state}`, 'US'], facts.taxDate);
}

/** The lines with the order's fees charged, and the totals grown by them. */
function withOrderFees(
  taxed: LinesResult,
  facts: CalculationFacts,
  state: string,
  day: number,
  orderFees: OrderFeeFacts,
): LinesResult {
  const lines = chargeOrderFees(taxed.lines, facts.lines, state, facts.currency, day, orderFees);
  let fees = 0;
  for (const [index, line] of lines.entries()) fees += line.taxMinor - (taxed.lines[index] as TaxLine).taxMinor;
  if (fees === 0) return { ...taxed, lines };
  return {
    lines,
    totalTaxMinor: taxed.totalTaxMinor + fees,
    totalExcludingTaxMinor: taxed.totalExcludingTaxMinor,
    totalIncludingTaxMinor: taxed.totalIncludingTaxMinor + fees,
  };
}

/**
 * The calculation's top-level `note` (a taxkit extension) when a US sale was answered by its
 * state's key ("US-IL") although the address had a finer one ("US-IL-60601"): no imported table
 * covers the ZIP, so no county, city or district tax is in the total. The jurisdiction's own note
 * says so too, but a caller reading the total alone would not see it (issue 37, item 6).
 */
export const STATE_LEVEL_NOTE =
  'US rate at state level only: no imported rate table covers this address, so county, city and district taxes, ' +
  'where the place levies any, are not included in the total. Import local rates (taxkit rates import; docs/rates.md).';

function isStateLevelUs(place: ResolvedPlace | undefined): boolean {
  return (
    place !== undefined &&
    place.location.address.country === 'US' &&
    place.location.precision === 'PROVINCE' &&
    place.rateKeys.length > 1
  );
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

/** A certificate exempting part of the price, as calculateLines applies it. */
function partialExemption(certificate: AppliedCertificate | undefined): PartialExemption | undefined {
  if (certificate === undefined || certificate.exemptHundredths >= WHOLE_PRICE) return undefined;
  return { taxedHundredths: WHOLE_PRICE - certificate.exemptHundredths, note: certificateNote(certificate) };
}

/**
 * Why nothing is due on the whole sale, in this order: automatic tax off, a customer exempt
 * everywhere, a certificate exempting the whole price here, reverse charge, no registration.
 */
function zeroReason(
  facts: CalculationFacts,
  country: string | undefined,
  keys: readonly string[] | undefined,
  certificate: AppliedCertificate | undefined,
): ZeroReason | undefined {
  if (facts.automaticTax === 'disabled') return { kind: 'automatic_tax_disabled' };
  if (facts.customer.isTaxExempt) return { kind: 'exempt_customer' };
  if (certificate !== undefined && certificate.exemptHundredths >= WHOLE_PRICE) {
    return { kind: 'certificate', note: certificateNote(certificate) };
  }
  const reverseCharge = country === undefined ? undefined : reverseChargeNote(reverseChargeFacts(facts), country);
  if (reverseCharge !== undefined) return { kind: 'reverse_charge', note: reverseCharge };
  // Test mode always gets rates (docs/decisions.md); live mode collects only where a
  // registration is active on the sale's tax date (docs/nexus.md).
  if (facts.mode === 'live' && facts.registrations !== undefined && country !== undefined) {
    const places = [...(keys ?? []), country];
    if (!registeredOn(facts.registrations, places, facts.taxDate)) {
      const note = places.map((place) => facts.nexusNotes?.get(place)).find((found) => found !== undefined);
      return note === undefined ? { kind: 'no_nexus' } : { kind: 'no_nexus', note };
    }
  }
  return undefined;
}

/** The parts of the facts reverse charge depends on. */
function reverseChargeFacts(facts: CalculationFacts): ReverseChargeFacts {
  return { customer: facts.customer, originCountry: facts.origin?.country };
}
