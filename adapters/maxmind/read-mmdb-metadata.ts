import { MAP, MmdbData, UTF8 } from './mmdb-data.ts';

/** What reading a MaxMind DB needs of its metadata, and where its sections are. */
export interface MmdbMetadata {
  readonly nodeCount: number;
  /** Bits per record of a tree node: 24, 28 or 32 (a node is two records). */
  readonly recordSize: 24 | 28 | 32;
  /** 4: a 32-bit tree of IPv4 networks; 6: a 128-bit tree, IPv4 at ::/96. */
  readonly ipVersion: 4 | 6;
  /** Where the data section starts: after the tree and its 16 zero bytes. */
  readonly dataStart: number;
  /** Where it ends: the metadata marker. */
  readonly dataEnd: number;
}

const METADATA_MARKER = Buffer.from('abcdef4d61784d696e642e636f6d', 'hex'); // "\xAB\xCD\xEFMaxMind.com"

/**
 * Reads the metadata map at the end of a MaxMind DB file: after the *last* "\xAB\xCD\xEFMaxMind.com"
 * (the data section may hold those bytes too). Only the keys the tree needs are decoded; the
 * rest (description, languages…) are stepped over. Throws, naming the file (`what`), when
 * there is no marker, when a key the tree needs is missing or out of range, and when the tree
 * it describes does not fit the file, so that a lookup never walks outside the bytes.
 */
export function readMmdbMetadata(bytes: Buffer, what: string): MmdbMetadata {
  const marker = bytes.lastIndexOf(METADATA_MARKER);
  if (marker === -1) throw new Error(`${what} is not a MaxMind DB (.mmdb) file: it has no MMDB metadata section.`);
  const start = marker + METADATA_MARKER.length;
  const data = new MmdbData(bytes, start, bytes.length, what);
  const values = new Map<string, number | undefined>();
  let position = data.resolve(start);
  if (data.type !== MAP) throw unreadable(what, 'its metadata is not a map');
  for (let pairs = data.size; pairs > 0; pairs -= 1) {
    const keyPayload = data.resolve(position);
    if (data.type !== UTF8) throw unreadable(what, 'a metadata key is not a string');
    const key = data.text(keyPayload, data.size);
    const valueAt = data.after === -1 ? keyPayload + data.size : data.after;
    if (NEEDED.has(key)) values.set(key, data.unsigned(valueAt));
    position = data.skip(valueAt);
  }
  const major = values.get('binary_format_major_version');
  if (values.has('binary_format_major_version') && major !== 2) {
    throw unreadable(what, `binary_format_major_version is ${major}; this reader knows version 2`);
  }
  const nodeCount = values.get('node_count');
  const recordSize = values.get('record_size');
  const ipVersion = values.get('ip_version');
  if (nodeCount === undefined || nodeCount < 1 || nodeCount >= 2 ** 32) {
    throw unreadable(what, `node_count is ${nodeCount}`);
  }
  if (recordSize !== 24 && recordSize !== 28 && recordSize !== 32) {
    throw unreadable(what, `record_size is ${recordSize}; MaxMind DB records are 24, 28 or 32 bits`);
  }
  if (ipVersion !== 4 && ipVersion !== 6) throw unreadable(what, `ip_version is ${ipVersion}`);
  const dataStart = (nodeCount * recordSize) / 4 + 16;
  if (dataStart > marker) {
    throw unreadable(what, `its search tree (${nodeCount} nodes of ${recordSize}-bit records) is larger than the file`);
  }
  return { nodeCount, recordSize, ipVersion, dataStart, dataEnd: marker };
}

const NEEDED = new Set(['node_count', 'record_size', 'ip_version', 'binary_format_major_version']);

function unreadable(what: string, reason: string): Error {
  return new Error(`${what} is not a readable MaxMind DB (.mmdb) file: ${reason}.`);
}
