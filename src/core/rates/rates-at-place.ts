import type { ResolvedPlace } from '../location/resolved-place.ts';
import type { LocationUsed, ResolutionPrecision } from '../types.ts';
import { lookupRates } from './lookup-rates.ts';
import { NO_RATES, type RateIndex, type ResolvedRate } from './rate-index.ts';

/** The rates that apply at a resolved place on a day, and the place as it was actually used. */
export interface PlaceRates {
  /** `undefined`: no key of the place has data that day. */
  readonly rates: readonly ResolvedRate[] | undefined;
  /**
   * The place's location with `precision`, `status` and the postal code saying what answered:
   * a ZIP+4 that no table looked at is not claimed (docs/rates.md, "Rates at the address").
   */
  readonly location: LocationUsed;
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
