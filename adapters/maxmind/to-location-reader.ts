import { isIP } from 'node:net';
import type { GeoLocation } from '../../src/ports/geo.ts';
import { createFifoCache } from './create-fifo-cache.ts';
import { emptyLocationFields, type LocationFields } from './create-location-mapper.ts';
import { createRecordMapper } from './create-record-mapper.ts';
import type { MmdbSource } from './mmdb-source.ts';
import { MmdbData } from './mmdb-data.ts';
import { MmdbTree, NOT_IPV4, NOT_FOUND } from './mmdb-tree.ts';
import { parseIpv6 } from './parse-ipv6.ts';
import { readLocationFields } from './read-location-fields.ts';
import { readMmdbMetadata } from './read-mmdb-metadata.ts';

/** One database, answering locations. */
export interface LocationReader {
  readonly ipVersion: number;
  /**
   * The location of plain dotted IPv4 text (`undefined`: none), or `null` when `ip` is not
   * what `net.isIP` calls IPv4, in which case nothing was looked up.
   */
  ipv4Text(ip: string): GeoLocation | undefined | null;
  /** The location of an address as `normalizeIp` gives it: dotted IPv4, or IPv6 without a zone. */
  address(address: string): GeoLocation | undefined;
}

/** Maps picked record fields to a location: one per lookup, shared by its databases. */
export type LocationMapper = (fields: LocationFields) => GeoLocation | undefined;

/**
 * A {@link LocationReader} over `source`.
 *
 * A `maxmind` Reader the caller opened is asked as it always was: `net.isIP`, `Reader.get`,
 * and the decoded record mapped (once per record the Reader's own cache hands out again).
 *
 * Bytes are read by taxkit itself: the tree is walked straight from the address text, and on
 * a miss of the cache only the handful of fields a location needs are decoded from the
 * record (`readLocationFields`), not the whole of it (lat/long, time zones, names in every
 * language). The cache holds the mapped, frozen locations, keyed by the record's offset, at
 * most `cacheSize` of them (0: none), oldest out first: a hit is one Map get.
 *
 * Bytes are checked first, so a wrong file fails here with a message that names it (`what`)
 * instead of answering nonsense later: gzip (the `.mmdb.gz` downloads), files without MMDB
 * metadata and metadata describing a tree the file cannot hold are refused.
 */
export function toLocationReader(
  source: MmdbSource,
  what: string,
  cacheSize: number,
  toLocation: LocationMapper,
): LocationReader {
  if (!(source instanceof Uint8Array)) {
    if (typeof source.get !== 'function' || typeof source.metadata?.ipVersion !== 'number') {
      throw new TypeError(`${what} must be a maxmind Reader or the bytes of a .mmdb file.`);
    }
    const reader = source;
    const fromRecord = createRecordMapper(toLocation);
    return {
      ipVersion: reader.metadata.ipVersion,
      ipv4Text: (ip) => (isIP(ip) === 4 ? fromRecord(reader.get(ip)) : null),
      address: (address) => fromRecord(reader.get(address)),
    };
  }
  const bytes = Buffer.isBuffer(source) ? source : Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    throw new Error(
      `${what} is gzip-compressed (a .mmdb.gz download?). Decompress it first (gunzip); MaxMind DB files are read uncompressed.`,
    );
  }
  const metadata = readMetadata(bytes, what);
  const tree = new MmdbTree(bytes, metadata, what);
  const data = new MmdbData(bytes, metadata.dataStart, metadata.dataEnd, what);
  const fields = emptyLocationFields();
  const ipv6 = new Uint8Array(16);
  const cache = cacheSize > 0 ? createFifoCache<number, GeoLocation | null>(cacheSize) : undefined;

  /** The location of the record at `offset`: `null` in the cache stands for a record that maps to none. */
  const locationAt = (offset: number): GeoLocation | undefined => {
    if (offset === NOT_FOUND) return undefined;
    const cached = cache?.get(offset);
    if (cached !== undefined) return cached ?? undefined;
    readLocationFields(data, offset, fields);
    const location = toLocation(fields);
    cache?.set(offset, location ?? null);
    return location;
  };

  return {
    ipVersion: metadata.ipVersion,
    ipv4Text(ip) {
      const offset = tree.findIpv4Text(ip);
      return offset === NOT_IPV4 ? null : locationAt(offset);
    },
    address(address) {
      if (!address.includes(':')) {
        const offset = tree.findIpv4Text(address);
        return offset === NOT_IPV4 ? undefined : locationAt(offset);
      }
      return parseIpv6(address, ipv6) ? locationAt(tree.findIpv6(ipv6)) : undefined;
    },
  };
}

function readMetadata(bytes: Buffer, what: string): ReturnType<typeof readMmdbMetadata> {
  try {
    return readMmdbMetadata(bytes, what);
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith(`${what} is not`)) throw error;
    // A damaged metadata map: said once, as the file not being readable.
    const reason = message.startsWith(`${what} is corrupt: `) ? message.slice(`${what} is corrupt: `.length) : message;
    throw new Error(`${what} is not a readable MaxMind DB (.mmdb) file: ${reason}`, { cause: error });
  }
}
