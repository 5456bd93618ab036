import { type DomainKey, keyedError } from '../core/errors.ts';
import type { LocationTables } from '../core/location/location-tables.ts';

/** A place a certificate or a certificate request names, checked: upper case, US-PR for Puerto Rico. */
export interface CheckedPlace {
  readonly country: string;
  /** '' for a whole country without states or provinces in taxkit's tables. */
  readonly province: string;
}

/**
 * Checks a place against the location tables: a known ISO country (INVALID_COUNTRY_CODE keyed
 * `[...key, 'country']`); for a country whose states or provinces taxkit knows (US, CA), one of
 * them (MISSING_FIELD or INVALID_VALUE keyed `[...key, 'province']`); for any other country no
 * province, since taxkit taxes it as one place. Puerto Rico is US-PR, as addresses are.
 */
export function checkPlace(tables: LocationTables, country: string, province: string, key: DomainKey): CheckedPlace {
  const upperCountry = country.trim().toUpperCase();
  const upperProvince = province.trim().toUpperCase();
  if (upperCountry === 'PR') return { country: 'US', province: 'PR' };
  if (!tables.countries.has(upperCountry)) {
    throw keyedError(
      'INVALID_COUNTRY_CODE',
      [...key, 'country'],
      `{field} "${country}" is not an ISO 3166-1 alpha-2 country code.`,
    );
  }
  const known = tables.subdivisions.get(upperCountry);
  if (known === undefined) {
    if (upperProvince !== '') {
      throw keyedError(
        'INVALID_VALUE',
        [...key, 'province'],
        `{field} "${province}": taxkit taxes ${upperCountry} as one place, so a certificate covers the whole country; leave it empty.`,
      );
    }
    return { country: upperCountry, province: '' };
  }
  if (upperProvince === '') {
    throw keyedError(
      'MISSING_FIELD',
      [...key, 'province'],
      `Missing required field: {field} (required for ${upperCountry}).`,
    );
  }
  if (!known.has(upperProvince)) {
    throw keyedError(
      'INVALID_VALUE',
      [...key, 'province'],
      `{field} "${province}" is not a ${upperCountry} state or province code (e.g. "TX", "ON").`,
    );
  }
  return { country: upperCountry, province: upperProvince };
}

/** "US-CA", or "DE" for a whole country: how the interface names a certificate's places. */
export function placeId(place: CheckedPlace): string {
  return place.province === '' ? place.country : `${place.country}-${place.province}`;
}
