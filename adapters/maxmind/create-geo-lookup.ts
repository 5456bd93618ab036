import { isIP } from 'node:net';
import { loadDefaultLocations } from '../../src/defaults/load-default-locations.ts';
import type { GeoLookup } from '../../src/ports/geo.ts';
import { createRecordMapper } from './create-record-mapper.ts';
import { normalizeIp } from '../../src/ports/normalize-ip.ts';
import { toMmdbReader, type MmdbReader, type MmdbSource } from './to-mmdb-reader.ts';

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
  /** Decoded records kept when reading from bytes (0: none). Default 10 000, as `maxmind.open`. */
  readonly cacheSize?: number;
}

/**
 * A {@link GeoLookup} over MaxMind DB readers: GeoIP2/GeoLite2-City files and the flat
 * ip-location-db files (DB-IP Lite City, GeoLite2 repacks) alike, told apart per record.
 *
 * Which database answers: IPv4 addresses, and IPv4-mapped IPv6 ones ("::ffff:203.0.113.5",
 * looked up as IPv4), go to `source`. Other IPv6 addresses go to `ipv6Reader` when given, else
 * to `source` if it is an IPv6 database; an IPv4-only database is never asked about IPv6 (it
 * would answer from the address's first 32 bits: a wrong country), so that is a miss. Text
 * that is not an IP address is a miss too: the reader does not validate its input.
 *
 * Takes readers or bytes and does no file I/O: {@link openGeoLookup} reads files.
 *
 * @example
 * import { Reader } from 'maxmind';
 * import { createGeoLookup } from 'taxkit/maxmind';
 * const geo = createGeoLookup(new Reader(bytes), { ipv6Reader: new Reader(ipv6Bytes) });
 * geo.lookup('24.48.0.1'); // { country: 'CA', province: 'QC', city: 'Montreal' }
 */
export function createGeoLookup(source: MmdbSource, options: GeoLookupOptions = {}): GeoLookup {
  const cacheSize = options.cacheSize ?? 10_000;
  const primary = toMmdbReader(source, 'The GeoIP database', cacheSize);
  const ipv6 = ipv6ReaderOf(primary, options.ipv6Reader, cacheSize);
  const toLocation = createRecordMapper({
    subdivisionCodes: () => options.subdivisionCodes ?? loadDefaultLocations().subdivisionCodes,
    registeredCountryFallback: options.registeredCountryFallback ?? true,
  });
  return {
    lookup(ip) {
      // The common case, a plain IPv4 address, is validated once and asked as it is.
      const family = isIP(ip);
      if (family === 4) return toLocation(primary.get(ip));
      if (family !== 6) return undefined;
      const address = normalizeIp(ip);
      if (address === undefined) return undefined;
      if (isIP(address) === 4) return toLocation(primary.get(address));
      return ipv6 === undefined ? undefined : toLocation(ipv6.get(address));
    },
  };
}

function ipv6ReaderOf(primary: MmdbReader, source: MmdbSource | undefined, cacheSize: number): MmdbReader | undefined {
  if (source === undefined) return primary.metadata.ipVersion === 6 ? primary : undefined;
  const reader = toMmdbReader(source, 'The IPv6 GeoIP database (ipv6Reader)', cacheSize);
  if (reader.metadata.ipVersion !== 6) {
    throw new Error(
      `The IPv6 GeoIP database (ipv6Reader) has ip_version ${reader.metadata.ipVersion}: it would answer IPv6 addresses from their first 32 bits. Pass an IPv6 database.`,
    );
  }
  return reader;
}
