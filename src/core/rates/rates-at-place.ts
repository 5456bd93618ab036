import type { ResolvedPlace } from '../location/resolved-place.ts';
import type { LocationUsed, ResolutionPrecision } from '../types.ts';
import { lookupRates } from './lookup-rates.ts';
import { NO_RATES, type RateIndex, type ResolvedRate } from './rate-index.ts';
import { parseStreetLine } from '../location/normalize-street.ts';
import { findStreetSet, holdsAddressesIn } from './sst/find-street-set.ts';
import { findSstSet, sstRatesOf, zip5Rates, type Zip5Rates } from './sst/lookup-sst.ts';
import type { SstStateIndex } from './sst/sst-state-index.ts';

/** The rates that apply at a resolved place on a day, and the place as it was actually used. */
export interface PlaceRates {
  /** `undefined`: no key of the place has data that day. */
  readonly rates: readonly ResolvedRate[] | undefined;
  /**
   * The place's location with `precision`, `status` and the postal code saying what answered:
   * a ZIP+4 that no table looked at is not claimed (docs/rates.md, "Rates at the address").
   */
  readonly location: LocationUsed;
  /** Why the answer is less precise than what was given, said on every jurisdiction's note. */
  readonly note?: string;
}

/** How fine each precision is: an answer never claims a finer one than the layer that gave it. */
const FINENESS: Readonly<Record<ResolutionPrecision, number>> = {
  STREET: 5,
  POSTAL_PLUS: 4,
  POSTAL: 3,
  PROVINCE: 2,
  COUNTRY: 1,
  APPROXIMATED: 0,
};

/**
 * The precision a US rate key answers at, by its shape: "US-IL" a state, "US-IL-60606" a ZIP5,
 * "US-IL-60606-1234" a ZIP+4.
 */
function precisionOfUsKey(key: string): ResolutionPrecision {
  let dashes = 0;
  for (let i = 0; i < key.length; i += 1) if (key.charCodeAt(i) === 45) dashes += 1;
  return dashes >= 3 ? 'POSTAL_PLUS' : dashes === 2 ? 'POSTAL' : 'PROVINCE';
}

/**
 * The first rate key the index has data for that day wins (`NO_RATES`, a key whose data starts
 * later, passes to the next, broader key). For a US address the location then says which key
 * answered: a state-only answer is PROVINCE whatever postal code was given, a ZIP5 table's is
 * POSTAL, and a ZIP+4 that was given but not used leaves `address_used` (the postal code is cut
 * to its ZIP5) and turns an EXACT status into POSTAL_FALLBACK_1. Pure and idempotent: a replay
 * of the returned location gives it back.
 */
export function ratesAtPlace(index: RateIndex, place: ResolvedPlace, day: number): PlaceRates {
  const { location, rateKeys } = place;
  const state = location.address.country === 'US' ? index.sst?.get(location.address.province) : undefined;
  const sst = state === undefined ? undefined : sstAnswer(state, place, day);
  if (sst !== undefined) return sst;
  let answeredBy = -1;
  let rates: readonly ResolvedRate[] | undefined;
  for (let i = 0; i < rateKeys.length; i += 1) {
    const found = lookupRates(index, rateKeys[i] as string, day);
    if (found !== undefined && found !== NO_RATES) {
      answeredBy = i;
      rates = found;
      break;
    }
  }
  if (location.address.country !== 'US' || location.precision === undefined) return { rates, location };
  if (location.precision === 'APPROXIMATED' || location.precision === 'COUNTRY') return { rates, location };
  const answered = answeredBy < 0 ? 'PROVINCE' : precisionOfUsKey(rateKeys[answeredBy] as string);
  return { rates, location: usedAt(location, answered, rateKeys) };
}

/** The location as used at `answered` precision (never finer than it claimed). */
export function usedAt(
  location: LocationUsed,
  answered: ResolutionPrecision,
  rateKeys: readonly string[],
): LocationUsed {
  const claimed = location.precision as ResolutionPrecision;
  const precision = FINENESS[answered] < FINENESS[claimed] ? answered : claimed;
  const plusFourGiven = rateKeys.some((key) => precisionOfUsKey(key) === 'POSTAL_PLUS');
  if (!plusFourGiven || FINENESS[precision] >= FINENESS.POSTAL_PLUS) {
    return precision === claimed ? location : { ...location, precision };
  }
  const { address } = location;
  return {
    ...location,
    address: { ...address, postalCode: address.postalCode.slice(0, 5) },
    status: location.status === 'EXACT' ? 'POSTAL_FALLBACK_1' : location.status,
    precision,
  };
}

/** Reused by every ZIP5 answer (single-threaded, filled before each read). */
const ZIP5: Zip5Rates = { lowestSet: -1, lowestUnits: 0, highestUnits: 0, split: false };

/** "US-KS-66061-1234" → 66061 (-1 when the key has no ZIP). */
function zip5OfKey(key: string): number {
  if (key.length < 11 || key.charCodeAt(5) !== 45) return -1;
  let zip = 0;
  for (let i = 6; i < 11; i += 1) {
    const digit = key.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    zip = zip * 10 + digit;
  }
  return zip;
}

/** "US-KS-66061-1234" → 1234 (-1 when the key has no plus-4). */
function plus4OfKey(key: string): number {
  if (key.length !== 16 || key.charCodeAt(11) !== 45) return -1;
  let plus4 = 0;
  for (let i = 12; i < 16; i += 1) plus4 = plus4 * 10 + key.charCodeAt(i) - 48;
  return plus4;
}

/**
 * The SST layer: the address record that matches the street (STREET), else the ZIP+4 record
 * (POSTAL_PLUS), else the lowest combined rate of the ZIP5's records (POSTAL, with a note when
 * the ZIP5 has several, or when the ZIP+4 was given but no record holds it). `undefined` when
 * the state's files say nothing of the ZIP5 that day: the next layers answer.
 */
function sstAnswer(state: SstStateIndex, place: ResolvedPlace, day: number): PlaceRates | undefined {
  const { location, rateKeys } = place;
  const key = rateKeys[0];
  const zip5 = key === undefined ? -1 : zip5OfKey(key);
  if (zip5 < 0) return undefined;
  const plus4 = plus4OfKey(key as string);
  const claim: LocationUsed = { ...location, precision: 'STREET' };
  const line1 = location.address.line1;
  if (line1 !== '' && holdsAddressesIn(state.addresses, zip5)) {
    const street = parseStreetLine(line1);
    const unit = /(\d+)\s*$/.exec(location.address.line2)?.[1] ?? '';
    const set = street === undefined ? -1 : findStreetSet(state.addresses, zip5, street, unit, day);
    const rates = set < 0 ? NO_RATES : sstRatesOf(state, set, day);
    if (rates !== NO_RATES) return { rates, location: usedAt(claim, 'STREET', rateKeys) };
  }
  if (plus4 >= 0) {
    const set = findSstSet(state.plus4, zip5 * 10_000 + plus4, day);
    const rates = set < 0 ? NO_RATES : sstRatesOf(state, set, day);
    if (rates !== NO_RATES) return { rates, location: usedAt(claim, 'POSTAL_PLUS', rateKeys) };
  }
  const zip = zip5Rates(state, zip5, day, ZIP5);
  if (zip.lowestSet < 0) return undefined;
  const zipText = String(zip5).padStart(5, '0');
  const notes: string[] = [];
  if (plus4 >= 0) {
    notes.push(
      `No ZIP+4 record of ${state.state}'s SST boundary file holds ${zipText}-${String(plus4).padStart(4, '0')}: taxed at the ZIP5's rate.`,
    );
  }
  if (zip.split) {
    notes.push(
      `ZIP code ${zipText} has several combined rates in ${state.state}'s SST files (${percent(zip.lowestUnits)} to ${percent(zip.highestUnits)}); without a matching ZIP+4 the lowest applies, as the SST agreement rules for a ZIP5 alone. Send the ZIP+4 for the exact rate.`,
    );
  }
  return {
    rates: sstRatesOf(state, zip.lowestSet, day),
    location: usedAt(claim, 'POSTAL', rateKeys),
    ...(notes.length === 0 ? {} : { note: notes.join(' ') }),
  };
}

/** Units of 10^-8 as a percentage ("9.475 %"). */
function percent(units: number): string {
  return `${(units / 1_000_000).toFixed(6).replace(/\.?0+$/, '')} %`;
}
