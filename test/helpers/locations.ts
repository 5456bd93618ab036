/**
 * Small location tables for tests: a handful of US ZIP codes, two Canadian provinces and a few
 * countries, enough to resolve the addresses of `engine-fixtures.ts` without loading `data/`.
 *
 * @module
 */
import type { LocationTables, UsZipPlace } from '../../src/core/location/location-tables.ts';

const US_ZIPS: ReadonlyMap<string, UsZipPlace> = new Map([
  ['46122', { state: 'IN', city: 'Danville', county: 'Hendricks' }],
  ['94111', { state: 'CA', city: 'San Francisco', county: 'San Francisco' }],
  ['90002', { state: 'CA', city: 'Los Angeles', county: 'Los Angeles' }],
  ['10001', { state: 'NY', city: 'New York', county: 'New York' }],
]);

const SUBDIVISIONS = new Map([
  [
    'US',
    new Map([
      ['IN', 'Indiana'],
      ['CA', 'California'],
      ['NY', 'New York'],
    ]),
  ],
  [
    'CA',
    new Map([
      ['ON', 'Ontario'],
      ['QC', 'Quebec'],
    ]),
  ],
]);

export function createTestLocations(): LocationTables {
  return {
    countries: new Map([
      ['US', 'United States'],
      ['CA', 'Canada'],
      ['DE', 'Germany'],
      ['FR', 'France'],
    ]),
    subdivisions: SUBDIVISIONS,
    subdivisionCodes: new Map(
      [...SUBDIVISIONS].map(([country, names]) => [
        country,
        new Map([...names].map(([code, name]) => [name.toUpperCase(), code])),
      ]),
    ),
    usStateOfZip: (zip5) => US_ZIPS.get(zip5)?.state,
    usZipPlace: (zip5) => US_ZIPS.get(zip5),
    // A handful of ZIPs cannot tell which others exist.
    usZipExists: (zip5) => (US_ZIPS.has(zip5) ? true : undefined),
    caProvincesOfPostal: (letter) => ({ M: ['ON'], K: ['ON'], H: ['QC'] })[letter],
    usTopZip: (state, city) =>
      [...US_ZIPS].find(
        ([, place]) => place.state === state && (city === undefined || place.city.toUpperCase() === city),
      )?.[0],
  };
}
