/**
 * A small MaxMind DB (MMDB 2.0) writer for test fixtures, written from the public format spec
 * (https://maxmind.github.io/MaxMind-DB/). No npm package writes MMDB (docs/data.md §2.6), and
 * binary fixtures say nothing in a diff, so tests build their databases in code.
 *
 * What it writes: a binary search tree with 24-bit records (IPv6 trees keep IPv4 at ::/96, as
 * MaxMind's own databases do, without the ::ffff:0:0/96 and 2002::/16 aliases), a data section
 * with one entry per distinct record, and the metadata map with the exact integer types
 * libmaxminddb demands (node_count uint32; record_size, ip_version, format versions uint16;
 * build_epoch uint64, non-zero).
 *
 * Value types: map, utf8 string, double, uint16, uint32, uint64, array, boolean. A JS integer in
 * [0, 2^32) becomes uint32, any other number a double, a bigint uint64; {@link uint16},
 * {@link uint64} and {@link double} force a type.
 *
 * Networks may come in any order: a more specific network inside a broader one keeps its own
 * record whichever is inserted first (duplicates: the last one wins).
 *
 * Test-only: it never ships and it is not fast (fine for a few thousand networks).
 */

export type MmdbValue =
  string | number | bigint | boolean | MmdbTyped | readonly MmdbValue[] | { readonly [key: string]: MmdbValue };

/** A number with an explicit MMDB type. */
export interface MmdbTyped {
  readonly mmdbType: 'uint16' | 'uint32' | 'uint64' | 'double';
  readonly value: number | bigint;
}

export const uint16 = (value: number): MmdbTyped => ({ mmdbType: 'uint16', value });
export const uint32 = (value: number): MmdbTyped => ({ mmdbType: 'uint32', value });
export const uint64 = (value: number | bigint): MmdbTyped => ({ mmdbType: 'uint64', value });
export const double = (value: number): MmdbTyped => ({ mmdbType: 'double', value });

export interface MmdbNetwork {
  /** CIDR: "203.0.113.0/24", "2001:db8::/32"; a bare address means a single host. */
  readonly network: string;
  readonly record: { readonly [key: string]: MmdbValue };
}

export interface MmdbOptions {
  /** 4: a 32-bit tree that takes IPv4 networks only; 6 (default): a 128-bit tree. */
  readonly ipVersion?: 4 | 6;
  readonly databaseType?: string;
  readonly languages?: readonly string[];
  readonly description?: string;
  /** Unix seconds; must not be 0 (libmaxminddb rejects it). Default 1 767 225 600 (2026-01-01). */
  readonly buildEpoch?: number;
  readonly networks: readonly MmdbNetwork[];
}

// --- search tree -------------------------------------------------------------------------

/** A record of a tree node: nothing, another node (by index), or data (by record index). */
type Slot =
  | { readonly kind: 'empty' }
  | { readonly kind: 'node'; readonly node: number }
  | { readonly kind: 'data'; readonly data: number };

const EMPTY: Slot = { kind: 'empty' };
const RECORD_BITS = 24;
const METADATA_MARKER = Buffer.from('abcdef4d61784d696e642e636f6d', 'hex'); // "\xAB\xCD\xEFMaxMind.com"

/** Builds the database as one Buffer, ready for `new Reader(buffer)` or a `.mmdb` file. */
export function writeMmdb(options: MmdbOptions): Buffer {
  const ipVersion = options.ipVersion ?? 6;
  const buildEpoch = options.buildEpoch ?? 1_767_225_600;
  if (buildEpoch === 0) throw new Error('mmdb-writer: build_epoch must not be 0 (libmaxminddb rejects it)');
  const nodes: [Slot, Slot][] = [[EMPTY, EMPTY]];
  const data = createDataSection();
  for (const { network, record } of options.networks) {
    const { bits, prefix } = parseNetwork(network, ipVersion);
    insert(nodes, bits, prefix, data.add(record));
  }

  const nodeCount = nodes.length;
  const tree = Buffer.alloc(nodeCount * 6);
  const recordValue = (slot: Slot): number => {
    if (slot.kind === 'empty') return nodeCount;
    if (slot.kind === 'node') return slot.node;
    return nodeCount + 16 + (data.offsets[slot.data] as number);
  };
  nodes.forEach(([left, right], index) => {
    for (const [side, slot] of [
      [0, left],
      [3, right],
    ] as const) {
      const value = recordValue(slot);
      if (value >= 2 ** RECORD_BITS) throw new Error(`mmdb-writer: record value ${value} does not fit 24 bits`);
      tree.writeUIntBE(value, index * 6 + side, 3);
    }
  });

  const metadata = encode({
    node_count: uint32(nodeCount),
    record_size: uint16(RECORD_BITS),
    ip_version: uint16(ipVersion),
    database_type: options.databaseType ?? 'Taxkit-Test-City',
    languages: [...(options.languages ?? ['en'])],
    binary_format_major_version: uint16(2),
    binary_format_minor_version: uint16(0),
    build_epoch: uint64(buildEpoch),
    description: { en: options.description ?? 'taxkit test fixture' },
  });
  return Buffer.concat([tree, Buffer.alloc(16), data.bytes(), METADATA_MARKER, metadata]);
}

/**
 * Points the network's slot at `data`. A data slot met on the way down is a broader network:
 * it is pushed into a new node's two slots so the addresses around the new network keep it.
 * A node met at the end is a more specific network inserted earlier: only its empty slots
 * take the new record.
 */
function insert(nodes: [Slot, Slot][], bits: readonly number[], prefix: number, data: number): void {
  if (prefix === 0) throw new Error('mmdb-writer: a /0 network is not supported');
  let node = 0;
  for (let depth = 0; depth < prefix - 1; depth += 1) {
    const pair = nodes[node] as [Slot, Slot];
    const bit = bits[depth] as 0 | 1;
    const slot = pair[bit];
    if (slot.kind === 'node') {
      node = slot.node;
      continue;
    }
    nodes.push([slot, slot]);
    pair[bit] = { kind: 'node', node: nodes.length - 1 };
    node = nodes.length - 1;
  }
  const pair = nodes[node] as [Slot, Slot];
  const bit = bits[prefix - 1] as 0 | 1;
  const last = pair[bit];
  if (last.kind === 'node') fillEmpty(nodes, last.node, data);
  else pair[bit] = { kind: 'data', data };
}

function fillEmpty(nodes: [Slot, Slot][], node: number, data: number): void {
  const pair = nodes[node] as [Slot, Slot];
  for (const bit of [0, 1] as const) {
    const slot = pair[bit];
    if (slot.kind === 'empty') pair[bit] = { kind: 'data', data };
    else if (slot.kind === 'node') fillEmpty(nodes, slot.node, data);
  }
}

/** "a.b.c.d/n" or "x:y::z/n" as `prefix` leading bits in the tree's address space. */
function parseNetwork(network: string, ipVersion: 4 | 6): { bits: number[]; prefix: number } {
  const [address = '', length] = network.split('/');
  const isV6 = address.includes(':');
  if (isV6 && ipVersion === 4) throw new Error(`mmdb-writer: IPv6 network ${network} in an IPv4 database`);
  const bytes = isV6 ? ipv6Bytes(address) : ipv4Bytes(address);
  const hostBits = bytes.length * 8;
  const own = length === undefined ? hostBits : Number(length);
  if (!Number.isInteger(own) || own < 0 || own > hostBits) throw new Error(`mmdb-writer: bad prefix in ${network}`);
  // IPv4 in an IPv6 tree lives at ::a.b.c.d, under 96 zero bits.
  const padding = !isV6 && ipVersion === 6 ? 96 : 0;
  const bits: number[] = Array.from({ length: padding }, () => 0);
  for (let index = 0; index < hostBits; index += 1) bits.push(((bytes[index >> 3] as number) >> (7 - (index & 7))) & 1);
  return { bits, prefix: padding + own };
}

function ipv4Bytes(address: string): number[] {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) {
    throw new Error(`mmdb-writer: bad IPv4 address ${address}`);
  }
  return parts;
}

function ipv6Bytes(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = ipv4Bytes(dotted[1] as string) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if ((tail === undefined && missing !== 0) || missing < 0) throw new Error(`mmdb-writer: bad IPv6 address ${address}`);
  const groups = [...left, ...Array.from({ length: missing }, () => '0'), ...right].map((group) =>
    Number.parseInt(group, 16),
  );
  if (groups.some((group) => !Number.isInteger(group) || group < 0 || group > 0xffff)) {
    throw new Error(`mmdb-writer: bad IPv6 address ${address}`);
  }
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

// --- data section ------------------------------------------------------------------------

/** One entry per distinct record (by content), in insertion order. */
function createDataSection(): { add(record: MmdbValue): number; offsets: number[]; bytes(): Buffer } {
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  const byContent = new Map<string, number>();
  let size = 0;
  return {
    offsets,
    add(record) {
      const key = JSON.stringify(record, (_, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
      const known = byContent.get(key);
      if (known !== undefined) return known;
      const bytes = encode(record);
      chunks.push(bytes);
      offsets.push(size);
      size += bytes.length;
      byContent.set(key, offsets.length - 1);
      return offsets.length - 1;
    },
    bytes: () => Buffer.concat(chunks),
  };
}

// Type numbers of the data section; 8 and up are "extended" (control type 0 + a type byte).
const UTF8 = 2;
const DOUBLE = 3;
const UINT16 = 5;
const UINT32 = 6;
const MAP = 7;
const UINT64 = 9;
const ARRAY = 11;
const BOOLEAN = 14;

/** Encodes one value of the data section (no pointers: every value is written in full). */
export function encode(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(UTF8, bytes.length), bytes]);
  }
  if (typeof value === 'boolean') return control(BOOLEAN, value ? 1 : 0);
  if (typeof value === 'bigint') return unsigned(UINT64, value, 8);
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 && value < 2 ** 32
      ? unsigned(UINT32, BigInt(value), 4)
      : encodeDouble(value);
  }
  if (isTyped(value)) {
    if (value.mmdbType === 'double') return encodeDouble(Number(value.value));
    const width = value.mmdbType === 'uint16' ? 2 : value.mmdbType === 'uint32' ? 4 : 8;
    const type = value.mmdbType === 'uint16' ? UINT16 : value.mmdbType === 'uint32' ? UINT32 : UINT64;
    return unsigned(type, BigInt(value.value), width);
  }
  if (Array.isArray(value)) {
    const items = value as readonly MmdbValue[];
    return Buffer.concat([control(ARRAY, items.length), ...items.map(encode)]);
  }
  const entries = Object.entries(value as { readonly [key: string]: MmdbValue });
  return Buffer.concat([
    control(MAP, entries.length),
    ...entries.flatMap(([key, item]) => [encode(key), encode(item)]),
  ]);
}

function isTyped(value: MmdbValue): value is MmdbTyped {
  return (
    typeof value === 'object' && !Array.isArray(value) && 'mmdbType' in value && typeof value.mmdbType === 'string'
  );
}

function encodeDouble(value: number): Buffer {
  const payload = Buffer.alloc(8);
  payload.writeDoubleBE(value);
  return Buffer.concat([control(DOUBLE, 8), payload]);
}

/** Big-endian with leading zero bytes dropped: the size is the byte count (0 for zero). */
function unsigned(type: number, value: bigint, width: number): Buffer {
  if (value < 0n || value >= 1n << BigInt(width * 8))
    throw new Error(`mmdb-writer: ${value} does not fit ${width} bytes`);
  const bytes: number[] = [];
  for (let rest = value; rest > 0n; rest >>= 8n) bytes.unshift(Number(rest & 0xffn));
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

/**
 * The control byte: type in the top 3 bits (0 for extended types, followed by a byte holding
 * type − 7), size in the low 5 bits, with 1 to 3 more size bytes for 29 and up.
 */
function control(type: number, size: number): Buffer {
  const extended = type > 7;
  const head = (extended ? 0 : type) << 5;
  const typeByte = extended ? [type - 7] : [];
  let sizeBits: number;
  let sizeBytes: number[];
  if (size < 29) {
    sizeBits = size;
    sizeBytes = [];
  } else if (size < 29 + 256) {
    sizeBits = 29;
    sizeBytes = [size - 29];
  } else if (size < 285 + 65_536) {
    sizeBits = 30;
    sizeBytes = [(size - 285) >> 8, (size - 285) & 0xff];
  } else {
    sizeBits = 31;
    const rest = size - 65_821;
    sizeBytes = [(rest >> 16) & 0xff, (rest >> 8) & 0xff, rest & 0xff];
  }
  return Buffer.from([head | sizeBits, ...typeByte, ...sizeBytes]);
}
