/**
 * GeoIP lookups through `createGeoLookup` on generated fixture databases (a few thousand
 * networks, both record shapes). Every task runs one batch of 1 000 lookups, so lookups per
 * second = hz × 1 000. The key mix is fixed (seeded), so runs compare.
 *
 * Run: `npx vitest bench --run bench/geo.bench.ts`.
 */
import { Reader } from 'maxmind';
import { bench, describe } from 'vitest';
import { createGeoLookup } from '../adapters/maxmind/index.ts';
import type { GeoLookup } from '../src/ports/geo.ts';
import { writeMmdb, type MmdbNetwork } from '../test/helpers/mmdb-writer.ts';

const BATCH = 1_000;
const IPV4_NETWORKS = 3_000;
const IPV6_NETWORKS = 1_000;

/** mulberry32: a small seeded generator, so the fixture and the keys are the same every run. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = createRandom(20_260_301);
const int = (below: number): number => Math.floor(random() * below);
const hex = (below: number): string => int(below).toString(16);

const PLACES = [
  { country: 'US', state: 'California', code: 'CA', city: 'San Jose', postal: '95131' },
  { country: 'US', state: 'Colorado', code: 'CO', city: 'Denver', postal: '' },
  { country: 'CA', state: 'Quebec', code: 'QC', city: 'Montreal (Ville-Marie)', postal: 'H1S' },
  { country: 'CA', state: 'Ontario', code: 'ON', city: 'Toronto', postal: 'M5V' },
  { country: 'GB', state: 'England', code: 'ENG', city: 'London', postal: 'N2' },
  { country: 'DE', state: 'Bavaria', code: 'BY', city: 'Munich', postal: '' },
] as const;
type Place = (typeof PLACES)[number];

function geoip2(place: Place): MmdbNetwork['record'] {
  return {
    continent: { code: 'NA', names: { en: 'North America' } },
    country: { iso_code: place.country, names: { en: place.country, de: place.country, fr: place.country } },
    subdivisions: [{ iso_code: place.code, names: { en: place.state } }],
    city: { names: { en: place.city, de: place.city, fr: place.city } },
    ...(place.postal === '' ? {} : { postal: { code: place.postal } }),
    location: { latitude: 45.5, longitude: -73.6, accuracy_radius: 20, time_zone: 'America/Toronto' },
  };
}

function flat(place: Place): MmdbNetwork['record'] {
  return {
    country_code: place.country,
    state1: place.state,
    state2: '',
    city: place.city,
    postcode: place.postal,
    latitude: 45.5,
    longitude: -73.6,
    timezone: '',
  };
}

// Distinct /24s (first octet 1–223) and /48s under 2a0x::/16, each with a place.
const v4Prefixes = new Set<string>();
while (v4Prefixes.size < IPV4_NETWORKS) v4Prefixes.add(`${1 + int(223)}.${int(256)}.${int(256)}`);
const v6Prefixes = new Set<string>();
while (v6Prefixes.size < IPV6_NETWORKS) v6Prefixes.add(`2a0${hex(16)}:${hex(65_536)}:${hex(65_536)}`);
const v4 = [...v4Prefixes].map((prefix) => ({ prefix, place: PLACES[int(PLACES.length)] as Place }));
const v6 = [...v6Prefixes].map((prefix) => ({ prefix, place: PLACES[int(PLACES.length)] as Place }));

const GEOIP2_DB = writeMmdb({
  databaseType: 'GeoLite2-City',
  networks: [
    ...v4.map(({ prefix, place }) => ({ network: `${prefix}.0/24`, record: geoip2(place) })),
    ...v6.map(({ prefix, place }) => ({ network: `${prefix}::/48`, record: geoip2(place) })),
  ],
});
const FLAT_V4_DB = writeMmdb({
  ipVersion: 4,
  databaseType: 'dbip-city-ipv4',
  networks: v4.map(({ prefix, place }) => ({ network: `${prefix}.0/24`, record: flat(place) })),
});
const FLAT_V6_DB = writeMmdb({
  databaseType: 'dbip-city-ipv6',
  networks: v6.map(({ prefix, place }) => ({ network: `${prefix}::/48`, record: flat(place) })),
});

function batch(make: () => string): string[] {
  return Array.from({ length: BATCH }, make);
}
const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;

const v4Hits = batch(() => `${pick(v4).prefix}.${int(256)}`);
const v4Misses = batch(() => {
  for (;;) {
    const prefix = `${1 + int(223)}.${int(256)}.${int(256)}`;
    if (!v4Prefixes.has(prefix)) return `${prefix}.${int(256)}`;
  }
});
const v6Hits = batch(() => `${pick(v6).prefix}:${hex(65_536)}::${hex(65_536)}`);
const v6Misses = batch(() => `2a1${hex(16)}:${hex(65_536)}:${hex(65_536)}::1`);
// The traffic mix: 60 % IPv4 hits, 10 % IPv4 misses, 20 % IPv6 hits, 5 % IPv6 misses, 5 % ::ffff:a.b.c.d.
const mixed = batch(() => {
  const roll = random();
  if (roll < 0.6) return pick(v4Hits);
  if (roll < 0.7) return pick(v4Misses);
  if (roll < 0.9) return pick(v6Hits);
  if (roll < 0.95) return pick(v6Misses);
  return `::ffff:${pick(v4Hits)}`;
});

function run(geo: GeoLookup, ips: readonly string[]): number {
  let found = 0;
  for (const ip of ips) if (geo.lookup(ip) !== undefined) found += 1;
  return found;
}

describe(`GeoIP2-City shape, ${IPV4_NETWORKS} IPv4 + ${IPV6_NETWORKS} IPv6 networks, ${BATCH} lookups per task`, () => {
  const cached = createGeoLookup(GEOIP2_DB);
  const uncached = createGeoLookup(new Reader(GEOIP2_DB));
  const raw = new Reader(GEOIP2_DB);

  bench('baseline: Reader.get, IPv4 hits, no cache', () => {
    for (const ip of v4Hits) raw.get(ip);
  });
  bench('IPv4 hits, Reader without cache', () => void run(uncached, v4Hits));
  bench('IPv4 hits (bytes: record cache)', () => void run(cached, v4Hits));
  bench('IPv4 misses', () => void run(cached, v4Misses));
  bench('IPv6 hits', () => void run(cached, v6Hits));
  bench('IPv6 misses', () => void run(cached, v6Misses));
  bench('mixed', () => void run(cached, mixed));
});

describe(`flat ip-location-db shape, IPv4 file + IPv6 file, ${BATCH} lookups per task`, () => {
  const geo = createGeoLookup(FLAT_V4_DB, { ipv6Reader: FLAT_V6_DB });
  const v4Only = createGeoLookup(FLAT_V4_DB);

  bench('IPv4 hits', () => void run(geo, v4Hits));
  bench('IPv6 hits', () => void run(geo, v6Hits));
  bench('mixed', () => void run(geo, mixed));
  bench('IPv6 against an IPv4-only file (refused)', () => void run(v4Only, v6Hits));
});
