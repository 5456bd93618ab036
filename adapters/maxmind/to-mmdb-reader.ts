import { Reader } from 'maxmind';

/**
 * What the adapter needs of an MMDB reader: `maxmind`'s `Reader` (from `maxmind.open` or
 * `new Reader(buffer)`) fits, whatever its record type parameter.
 */
export interface MmdbReader {
  readonly metadata: { readonly ipVersion: number };
  get(ip: string): unknown;
}

/** An open reader, or the bytes of a `.mmdb` file. */
export type MmdbSource = MmdbReader | Uint8Array;

const METADATA_MARKER = Buffer.from('abcdef4d61784d696e642e636f6d', 'hex'); // "\xAB\xCD\xEFMaxMind.com"

/**
 * A reader over `source`. Bytes are checked first, so a wrong file fails here with a message
 * that names it (`what`) instead of answering nonsense later: gzip (the `.mmdb.gz` downloads)
 * and files without MMDB metadata are refused. `cacheSize` bounds the cache of decoded records
 * (0: none); `maxmind.open` uses 10 000.
 */
export function toMmdbReader(source: MmdbSource, what: string, cacheSize: number): MmdbReader {
  if (!(source instanceof Uint8Array)) {
    if (typeof source.get !== 'function' || typeof source.metadata?.ipVersion !== 'number') {
      throw new TypeError(`${what} must be a maxmind Reader or the bytes of a .mmdb file.`);
    }
    return source;
  }
  const bytes = Buffer.isBuffer(source) ? source : Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    throw new Error(
      `${what} is gzip-compressed (a .mmdb.gz download?). Decompress it first (gunzip); MaxMind DB files are read uncompressed.`,
    );
  }
  if (bytes.lastIndexOf(METADATA_MARKER) === -1) {
    throw new Error(`${what} is not a MaxMind DB (.mmdb) file: it has no MMDB metadata section.`);
  }
  try {
    return new Reader(bytes, cacheSize > 0 ? { cache: createFifoCache(cacheSize) } : {});
  } catch (error) {
    throw new Error(`${what} is not a readable MaxMind DB (.mmdb) file: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The reader's optional cache port, keyed by data offset: the oldest entry goes first. The
 * order is a ring of keys, not the Map's own: taking the first key of a Map whose front entries
 * were deleted walks over every deleted slot, which made each eviction cost more the longer
 * the cache had been full.
 */
function createFifoCache(max: number): {
  get(key: string | number): unknown;
  set(key: string | number, value: unknown): void;
} {
  const entries = new Map<string | number, unknown>();
  const order: (string | number | undefined)[] = new Array<string | number | undefined>(max).fill(undefined);
  let oldest = 0;
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      if (entries.has(key)) {
        entries.set(key, value);
        return;
      }
      const evicted = order[oldest];
      if (evicted !== undefined) entries.delete(evicted);
      order[oldest] = key;
      oldest = oldest + 1 === max ? 0 : oldest + 1;
      entries.set(key, value);
    },
  };
}
