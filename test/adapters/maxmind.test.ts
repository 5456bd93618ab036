import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Reader } from 'maxmind';
import { afterAll, describe, expect, it } from 'vitest';
import { createGeoLookup, openGeoLookup } from '../../adapters/maxmind/index.ts';
import {
  encode,
  float,
  int32,
  uint16,
  uint32,
  uint64,
  uint128,
  writeMmdb,
  type MmdbNetwork,
} from '../helpers/mmdb-writer.ts';

/** A GeoIP2-City record as MaxMind writes it (names trimmed to English). */
function city(country: string, extra: Record<string, unknown> = {}): MmdbNetwork['record'] {
  return { country: { iso_code: country, names: { en: country } }, ...extra } as MmdbNetwork['record'];
}

/** GeoIP2/GeoLite2-City shape: one IPv6 tree with IPv4 at ::/96. */
const GEOIP2 = writeMmdb({
  databaseType: 'GeoLite2-City',
  networks: [
    {
      network: '73.162.0.0/16',
      record: city('US', {
        subdivisions: [{ iso_code: 'CA', names: { en: 'California' } }],
        city: { names: { en: 'San Jose', de: 'San José' } },
        postal: { code: '95131' },
        location: { latitude: 37.4, longitude: -121.9, accuracy_radius: 5, time_zone: 'America/Los_Angeles' },
      }),
    },
    {
      network: '24.48.0.0/16',
      record: city('CA', {
        subdivisions: [{ iso_code: 'QC', names: { en: 'Quebec' } }],
        city: { names: { en: 'Montreal' } },
        postal: { code: 'h1k' },
      }),
    },
    {
      network: '81.2.69.0/24',
      record: city('GB', {
        subdivisions: [{ iso_code: 'ENG' }, { iso_code: 'BNE' }],
        city: { names: { en: 'London' } },
        postal: { code: 'N2' },
      }),
    },
    { network: '8.8.8.0/24', record: city('US') },
    { network: '1.1.1.0/24', record: { registered_country: { iso_code: 'AU', names: { en: 'Australia' } } } },
    { network: '2a00:1450::/32', record: city('DE', { city: { names: { en: 'Berlin' } } }) },
  ],
});

/** ip-location-db flat shape, IPv4 file (ip_version 4) and IPv6 file, as the npm packages ship them. */
const FLAT_V4 = writeMmdb({
  ipVersion: 4,
  databaseType: 'dbip-city-ipv4',
  networks: [
    // Broad first: 32.0.0.0/8 is what an IPv4-only tree "finds" for 2001:4860:… (its first 32 bits).
    { network: '32.0.0.0/8', record: flat('US', 'Virginia', 'Ashburn', '') },
    { network: '24.48.0.0/16', record: flat('CA', 'Quebec', 'Montreal (Ville-Marie)', 'H1S') },
    { network: '73.162.0.0/16', record: flat('US', 'California', 'San Jose', '95131') },
    { network: '98.97.0.0/16', record: flat('US', 'Colorado', 'Denver', '') },
    { network: '81.2.69.0/24', record: flat('GB', 'England', 'London', '') },
    { network: '5.1.0.0/16', record: flat('DE', 'Bavaria', 'Munich', '') },
    { network: '70.80.0.0/16', record: flat('ca', ' québec ', 'Québec', '') },
    { network: '70.81.0.0/16', record: flat('US', 'new  york', 'New York', '10001') },
    { network: '70.82.0.0/16', record: flat('CA', 'ON', 'Toronto', 'M5V') },
    { network: '70.83.0.0/16', record: flat('', '', '', '') },
  ],
});
const FLAT_V6 = writeMmdb({
  databaseType: 'dbip-city-ipv6',
  networks: [{ network: '2001:4860::/32', record: flat('CA', 'Quebec', 'Montreal', '') }],
});

function flat(country: string, state1: string, cityName: string, postcode: string): MmdbNetwork['record'] {
  return {
    country_code: country,
    state1,
    state2: '',
    city: cityName,
    postcode,
    latitude: 45.5,
    longitude: -73.6,
    timezone: '',
  };
}

const dir = mkdtempSync(join(tmpdir(), 'taxkit-maxmind-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe('createGeoLookup over a GeoIP2-City database', () => {
  const geo = createGeoLookup(new Reader(GEOIP2));

  it('maps a US record: state code and ZIP', () => {
    expect(geo.lookup('73.162.0.1')).toEqual({ country: 'US', province: 'CA', city: 'San Jose', postalCode: '95131' });
  });

  it('maps a Canadian record: province and FSA (upper-cased)', () => {
    expect(geo.lookup('24.48.0.1')).toEqual({ country: 'CA', province: 'QC', city: 'Montreal', postalCode: 'H1K' });
  });

  it('takes the first subdivision of a GB record', () => {
    expect(geo.lookup('81.2.69.160')).toEqual({ country: 'GB', province: 'ENG', city: 'London', postalCode: 'N2' });
  });

  it('maps a country-only record to the country alone', () => {
    expect(geo.lookup('8.8.8.8')).toEqual({ country: 'US' });
  });

  it('falls back to registered_country when country is missing, unless turned off', () => {
    expect(geo.lookup('1.1.1.1')).toEqual({ country: 'AU' });
    expect(createGeoLookup(new Reader(GEOIP2), { registeredCountryFallback: false }).lookup('1.1.1.1')).toBeUndefined();
  });

  it('answers undefined for an address the database does not know', () => {
    expect(geo.lookup('192.0.2.1')).toBeUndefined();
    expect(geo.lookup('2001:db8::1')).toBeUndefined();
  });

  it('looks IPv6 addresses up in the same (IPv6) database', () => {
    expect(geo.lookup('2a00:1450:4001:80b::200e')).toEqual({ country: 'DE', city: 'Berlin' });
  });

  it('looks IPv4-mapped IPv6 addresses up as IPv4, in every spelling', () => {
    const us = { country: 'US', province: 'CA', city: 'San Jose', postalCode: '95131' };
    expect(new Reader(GEOIP2).get('::ffff:73.162.0.1')).toBeNull();
    expect(geo.lookup('::ffff:73.162.0.1')).toEqual(us);
    expect(geo.lookup('::FFFF:73.162.0.1')).toEqual(us);
    expect(geo.lookup('0:0:0:0:0:ffff:73.162.0.1')).toEqual(us);
    expect(geo.lookup('::ffff:49a2:1')).toEqual(us);
  });

  it('refuses text that is not an IP address (the reader itself answers malformed text)', () => {
    expect(new Reader(GEOIP2).get('73.162.0')).not.toBeNull();
    for (const text of ['73.162.0', '73.162.0.1 ', '', 'not-an-ip', '73.162.0.256']) {
      expect(geo.lookup(text)).toBeUndefined();
    }
  });

  it('returns frozen locations, shared between lookups of one cached record', () => {
    const cached = createGeoLookup(GEOIP2); // bytes: the adapter gives the reader a record cache
    const first = cached.lookup('73.162.0.1');
    expect(Object.isFrozen(first)).toBe(true);
    expect(cached.lookup('73.162.200.7')).toBe(first);
  });

  it('answers the same through a record cache smaller than the records asked for, however long', () => {
    const tiny = createGeoLookup(GEOIP2, { cacheSize: 2 });
    const uncached = createGeoLookup(GEOIP2, { cacheSize: 0 });
    const ips = ['73.162.0.1', '24.48.0.1', '81.2.69.160', '73.162.9.9', '24.48.7.7', '81.2.69.1'];
    for (let round = 0; round < 50; round += 1) {
      for (const ip of ips) expect(tiny.lookup(ip)).toEqual(uncached.lookup(ip));
    }
    // A record the cache still holds keeps its one shared location.
    expect(tiny.lookup('81.2.69.2')).toBe(tiny.lookup('81.2.69.3'));
  });

  it('leaves the records of a caching reader as JSON and Object.keys see them', () => {
    const cache = new Map<string | number, unknown>();
    const reader = new Reader(GEOIP2, {
      cache: { get: (key) => cache.get(key), set: (key, value) => cache.set(key, value) },
    });
    const geo = createGeoLookup(reader);
    const location = geo.lookup('24.48.0.1');
    const record = reader.get('24.48.0.1') as Record<string, unknown>;
    expect(geo.lookup('24.48.0.2')).toBe(location);
    expect(Object.keys(record)).toEqual(['country', 'subdivisions', 'city', 'postal']);
    expect(Object.keys(JSON.parse(JSON.stringify(record)))).toEqual(Object.keys(record));
  });

  it('accepts the bytes instead of a Reader', () => {
    expect(createGeoLookup(GEOIP2).lookup('24.48.0.1')).toMatchObject({ province: 'QC' });
    expect(createGeoLookup(new Uint8Array(GEOIP2), { cacheSize: 0 }).lookup('24.48.0.1')).toMatchObject({
      province: 'QC',
    });
  });
});

describe('createGeoLookup over ip-location-db flat databases', () => {
  const geo = createGeoLookup(new Reader(FLAT_V4), { ipv6Reader: new Reader(FLAT_V6) });

  it('turns the English state name into its code and keeps the ZIP', () => {
    expect(geo.lookup('73.162.0.1')).toEqual({ country: 'US', province: 'CA', city: 'San Jose', postalCode: '95131' });
  });

  it('maps a Canadian record and strips the bracketed city suffix', () => {
    expect(geo.lookup('24.48.0.1')).toEqual({ country: 'CA', province: 'QC', city: 'Montreal', postalCode: 'H1S' });
  });

  it('treats an empty postcode as absent (DB-IP has none)', () => {
    expect(geo.lookup('98.97.0.1')).toEqual({ country: 'US', province: 'CO', city: 'Denver' });
  });

  it('matches names regardless of case, spacing and accents, and accepts a code as the name', () => {
    expect(geo.lookup('70.80.0.1')).toEqual({ country: 'CA', province: 'QC', city: 'Québec' });
    expect(geo.lookup('70.81.0.1')).toMatchObject({ country: 'US', province: 'NY', postalCode: '10001' });
    expect(geo.lookup('70.82.0.1')).toMatchObject({ country: 'CA', province: 'ON' });
  });

  it('gives no province for a name the table does not know', () => {
    expect(geo.lookup('81.2.69.160')).toEqual({ country: 'GB', city: 'London' });
    expect(geo.lookup('5.1.2.3')).toEqual({ country: 'DE', city: 'Munich' });
  });

  it('uses the subdivisionCodes given', () => {
    const codes = new Map([['GB', new Map([['ENGLAND', 'ENG']])]]);
    const custom = createGeoLookup(new Reader(FLAT_V4), { subdivisionCodes: codes });
    expect(custom.lookup('81.2.69.160')).toEqual({ country: 'GB', province: 'ENG', city: 'London' });
    expect(custom.lookup('73.162.0.1')).toEqual({ country: 'US', city: 'San Jose', postalCode: '95131' });
  });

  it('remembers a subdivision name per country: the same name is another code elsewhere', () => {
    // "England" is a GB subdivision here and, in this made-up table, a DE one too; the memo of
    // names must not hand GB's answer to DE (or DE's miss to GB), whichever is asked first.
    const codes = new Map([
      ['GB', new Map([['ENGLAND', 'ENG']])],
      ['DE', new Map([['BAVARIA', 'BY']])],
    ]);
    const database = writeMmdb({
      ipVersion: 4,
      databaseType: 'dbip-city-ipv4',
      networks: [
        { network: '5.1.0.0/16', record: flat('DE', 'England', 'Nowhere', '') },
        { network: '81.2.69.0/24', record: flat('GB', 'England', 'London', '') },
        { network: '5.2.0.0/16', record: flat('DE', 'Bavaria', 'Munich', '') },
      ],
    });
    const custom = createGeoLookup(new Reader(database), { subdivisionCodes: codes });
    expect(custom.lookup('5.1.2.3')).toEqual({ country: 'DE', city: 'Nowhere' });
    expect(custom.lookup('81.2.69.160')).toEqual({ country: 'GB', province: 'ENG', city: 'London' });
    expect(custom.lookup('5.2.2.3')).toEqual({ country: 'DE', province: 'BY', city: 'Munich' });
    expect(custom.lookup('5.1.2.4')).toEqual({ country: 'DE', city: 'Nowhere' });
  });

  it('answers undefined for a record without a country and for a miss', () => {
    expect(geo.lookup('70.83.0.1')).toBeUndefined();
    expect(geo.lookup('203.0.113.9')).toBeUndefined();
  });

  it('never sends an IPv6 address to an IPv4-only database', () => {
    // The trap (docs/data.md §2.1): the IPv4 tree answers from the first 32 bits, 32.1.72.96.
    expect(new Reader(FLAT_V4).get('2001:4860:4860::8888')).toMatchObject({ country_code: 'US', state1: 'Virginia' });
    expect(createGeoLookup(new Reader(FLAT_V4)).lookup('2001:4860:4860::8888')).toBeUndefined();
    expect(geo.lookup('2001:4860:4860::8888')).toEqual({ country: 'CA', province: 'QC', city: 'Montreal' });
    expect(geo.lookup('2001:4861::1')).toBeUndefined();
  });

  it('looks IPv4-mapped addresses up in the IPv4 database, not the IPv6 one', () => {
    expect(geo.lookup('::ffff:24.48.0.1')).toMatchObject({ country: 'CA', province: 'QC' });
    expect(createGeoLookup(new Reader(FLAT_V4)).lookup('::ffff:73.162.0.1')).toMatchObject({ province: 'CA' });
  });

  it('refuses an IPv4-only database as the IPv6 one', () => {
    expect(() => createGeoLookup(new Reader(FLAT_V4), { ipv6Reader: FLAT_V4 })).toThrow(/ip_version 4/);
  });
});

describe('openGeoLookup', () => {
  it('reads one database file', async () => {
    const geo = await openGeoLookup(file('city.mmdb', GEOIP2));
    expect(geo.lookup('73.162.0.1')).toMatchObject({ country: 'US', province: 'CA', postalCode: '95131' });
    expect(geo.lookup('2a00:1450::1')).toMatchObject({ country: 'DE' });
  });

  it('reads an IPv4 and an IPv6 file', async () => {
    const geo = await openGeoLookup({ ipv4: file('v4.mmdb', FLAT_V4), ipv6: file('v6.mmdb', FLAT_V6) });
    expect(geo.lookup('24.48.0.1')).toMatchObject({ country: 'CA', province: 'QC', city: 'Montreal' });
    expect(geo.lookup('2001:4860:4860::8888')).toMatchObject({ country: 'CA', province: 'QC' });
    const v4Only = await openGeoLookup({ ipv4: file('v4-only.mmdb', FLAT_V4) });
    expect(v4Only.lookup('2001:4860:4860::8888')).toBeUndefined();
  });

  it('rejects a gzip file with a message that says so', async () => {
    const path = file('GeoLite2-City.mmdb.gz', gzipSync(GEOIP2));
    await expect(openGeoLookup(path)).rejects.toThrow(/GeoLite2-City\.mmdb\.gz is gzip-compressed.*gunzip/);
    await expect(openGeoLookup({ ipv4: file('v4b.mmdb', FLAT_V4), ipv6: path })).rejects.toThrow(/gzip/);
    expect(() => createGeoLookup(gzipSync(GEOIP2))).toThrow(/gzip/);
  });

  it('rejects a file that is not a MaxMind DB, and a missing one', async () => {
    await expect(openGeoLookup(file('notes.txt', Buffer.from('not a database')))).rejects.toThrow(/not a MaxMind DB/);
    await expect(openGeoLookup(join(dir, 'missing.mmdb'))).rejects.toThrow(/ENOENT/);
  });
});

describe('the test MMDB writer', () => {
  it('encodes integers with the types the format spec gives them', () => {
    expect([...encode(uint16(24))]).toEqual([0xa1, 24]); // type 5, size 1
    expect([...encode(uint32(70_000))]).toEqual([0xc3, 0x01, 0x11, 0x70]); // type 6, size 3
    expect([...encode(uint64(1_767_225_600))]).toEqual([0x04, 0x02, 0x69, 0x55, 0xb9, 0x00]); // extended type 9
    expect([...encode(true)]).toEqual([0x01, 0x07]); // extended type 14, size 1
  });

  it('writes metadata a reader accepts, with a non-zero build epoch', () => {
    const reader = new Reader(FLAT_V4);
    expect(reader.metadata).toMatchObject({
      ipVersion: 4,
      recordSize: 24,
      binaryFormatMajorVersion: 2,
      databaseType: 'dbip-city-ipv4',
    });
    expect(reader.metadata.buildEpoch.getTime()).toBeGreaterThan(0);
  });

  it('writes 24-, 28- and 32-bit trees and every pointer form that a reader follows', () => {
    const record = {
      city: 'Montréal',
      again: 'Montréal',
      list: ['Montréal', { city: 'Montréal' }],
      numbers: [int32(-5), int32(300), uint128(2n ** 100n), float(1.5), uint64(7)],
      raw: new Uint8Array([1, 2]),
    };
    for (const recordSize of [24, 28, 32] as const) {
      for (const pointerWidth of ['smallest', 'widest'] as const) {
        // 600 000 bytes of padding put the strings past 526 336: the three-byte pointer form.
        for (const padding of [0, 3_000, 600_000]) {
          const bytes = writeMmdb({
            recordSize,
            pointers: true,
            pointerWidth,
            padding,
            networks: [{ network: '10.0.0.0/8', record }],
          });
          const reader = new Reader(bytes);
          expect(reader.metadata.recordSize).toBe(recordSize);
          expect(reader.get('10.1.2.3')).toEqual({
            ...record,
            numbers: [-5, 300, 2n ** 100n, 1.5, 7n],
            raw: Buffer.from([1, 2]),
          });
        }
      }
    }
    // Shared strings are written once: the record shrinks by the three copies of "Montréal".
    const plain = writeMmdb({ networks: [{ network: '10.0.0.0/8', record }] });
    expect(writeMmdb({ pointers: true, networks: [{ network: '10.0.0.0/8', record }] }).length).toBeLessThan(
      plain.length - 3 * 7,
    );
  });

  it('keeps a specific network inserted before a broader one', () => {
    const reader = new Reader(
      writeMmdb({
        networks: [
          { network: '10.1.0.0/16', record: { n: 'specific' } },
          { network: '10.0.0.0/8', record: { n: 'broad' } },
        ],
      }),
    );
    expect(reader.getWithPrefixLength('10.1.2.3')).toEqual([{ n: 'specific' }, 16]);
    expect(reader.get('10.2.0.1')).toEqual({ n: 'broad' });
    expect(reader.get('11.0.0.1')).toBeNull();
  });
});
