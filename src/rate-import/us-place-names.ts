import type { LocationTables } from '../core/location/location-tables.ts';

/** The place names an Avalara import needs: state names, and the county of a ZIP. */
export interface UsPlaceNames {
  /** English name of a US state or territory code ("California"); `undefined` when unknown. */
  stateName(code: string): string | undefined;
  /** The county of a ZIP in that state, as GeoNames spells it ("Los Angeles"), when known. */
  countyOf(zip: string, state: string): string | undefined;
}

/** {@link UsPlaceNames} over the location tables (by default taxkit's embedded GeoNames table). */
export function usPlaceNames(locations: LocationTables): UsPlaceNames {
  const states = locations.subdivisions.get('US');
  return {
    stateName: (code) => states?.get(code),
    countyOf: (zip, state) => {
      const place = locations.usZipPlace(zip);
      return place !== undefined && place.state === state && place.county !== '' ? place.county : undefined;
    },
  };
}
