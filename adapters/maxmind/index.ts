/**
 * `taxkit/maxmind`: the GeoIP adapter. A {@link GeoLookup} over MaxMind DB files for
 * `customer.ip` (API version 2026-03-01): GeoIP2/GeoLite2-City or the ip-location-db flat files.
 * taxkit ships no database; the caller passes a path, bytes or an open `maxmind` Reader.
 *
 * @module
 */
export { createGeoLookup, type GeoLookupOptions } from './create-geo-lookup.ts';
export { openGeoLookup, type GeoDatabasePaths } from './open-geo-lookup.ts';
export type { MmdbReader, MmdbSource } from './mmdb-source.ts';
export type { GeoLocation, GeoLookup } from '../../src/ports/geo.ts';
