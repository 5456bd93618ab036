/**
 * A small MaxMind DB (MMDB 2.0) writer for test fixtures, written from the public format spec
 * (https://maxmind.github.io/MaxMind-DB/). No npm package writes MMDB (docs/data.md §2.6), and
 * binary fixtures say nothing in a diff, so tests build their databases in code.
 *
 * What it writes: a binary search tree with 24-, 28- or 32-bit records (IPv6 trees keep IPv4
 * at ::/96, as MaxMind's own databases do, without the ::ffff:0:0/96 and 2002::/16 aliases), a
 * data section with one entry per distinct record, and the metadata map with the exact integer
 * types libmaxminddb demands (node_count uint32; record_size, ip_version, format versions
 * uint16; build_epoch uint64, non-zero).
 *
 * Value types: map, utf8 string, double, float, bytes, uint16, uint32, int32, uint64, uint128,
 * array, boolean. A JS integer in [0, 2^32) becomes uint32, any other number a double, a bigint
 * uint64, a Uint8Array bytes; {@link uint16}, {@link uint64}, {@link double} and the other
 * helpers force a type. With `pointers`, every string met again (map keys included) is written
 * as a pointer to its first copy, as MaxMind's writers share repeated keys and names.
 *
 * Networks may come in any order: a more specific network inside a broader one keeps its own
 * record whichever is inserted first (duplicates: the last one wins).
 *
 * Test-only: it never ships and it is not fast (fine for a few thousand networks).
 */

export type MmdbValue =
  | string
  | number
  | bigint
  | boolean
  | Uint8Array
  | MmdbTyped
  | readonly MmdbValue[]
  | { readonly [key: string]: MmdbValue };

/** A number with an explicit MMDB type. */
export interface MmdbTyped {
  readonly mmdbType: 'uint16' | 'uint32' | 'int32' | 'uint64' | 'uint128' | 'double' | 'float';
  readonly value: number | bigint;
}

export const uint16 = (value: number): MmdbTyped => ({ mmdbType: 'uint16', value });
export const uint32 = (value: number): MmdbTyped => ({ mmdbType: 'uint32', value });
export const int32 = (value: number): MmdbTyped => ({ mmdbType: 'int32', value });
export const uint64 = (value: number | bigint): MmdbTyped => ({ mmdbType: 'uint64', value });
export const uint128 = (value: number | bigint): MmdbTyped => ({ mmdbType: 'uint128', value });
export const double = (value: number): MmdbTyped => ({ mmdbType: 'double', value });
export const float = (value: number): MmdbTyped => ({ mmdbType: 'float', value });

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
  /** Bits per tree record: 24 (default), 28 or 32. */
  readonly recordSize?: 24 | 28 | 32;
  /** Write strings met again (keys and values) as pointers to their first copy. Default false. */
  readonly pointers?: boolean;
  /**
   * Pointer encoding: 'smallest' (default) uses the shortest of the four forms that reaches;
   * 'widest' always the four-byte one (its value is the offset itself, so any offset fits).
   */
  readonly pointerWidth?: 'smallest' | 'widest';
  /**
   * Bytes of an unreferenced `bytes` value written first in the data section, so the records
   * sit past offsets 2,048 or 526,336 and pointers to them need the longer forms. Default 0.
   */
  readonly padding?: number;
  readonly networks: readonly MmdbNetwork[];
}

// --- search tree -------------------------------------------------------------------------

/** A record of a tree node: nothing, another node (by index), or data (by record index). */
type Slot =
  | { readonly kind: 'empty' }
  | { readonly kind: 'node'; readonly node: number }
  | { readonly kind: 'data'; readonly data: number };

const EMPTY: Slot = { kind: 'empty' };
const METADATA_MARKER = Buffer.from('abcdef4d61784d696e642e636f6d', 'hex'); // "\xAB\xCD\xEFMaxMind.com"

/** Builds the database as one Buffer, ready for `new Reader(buffer)` or a `.mmdb` file. */
export function writeMmdb(options: MmdbOptions): Buffer {
  const ipVersion = options.ipVersion ?? 6;
  const buildEpoch = options.buildEpoch ?? 1_767_225_600;
  if (buildEpoch === 0) throw new Error('mmdb-writer: build_epoch must not be 0 (libmaxminddb rejects it)');
  const recordBits = options.recordSize ?? 24;
  const nodes: [Slot, Slot][] = [[EMPTY, EMPTY]];
  const data = createDataSection({
    pointers: options.pointers ?? false,
    widest: options.pointerWidth === 'widest',
    padding: options.padding ?? 0,
  });
  for (const { network, record } of options.networks) {
    const { bits, prefix } = parseNetwork(network, ipVersion);
    insert(nodes, bits, prefix, data.add(record));
  }

  const nodeCount = nodes.length;
  const nodeBytes = recordBits / 4;
  const tree = Buffer.alloc(nodeCount * nodeBytes);
  const recordValue = (slot: Slot): number => {
    if (slot.kind === 'empty') return nodeCount;
    if (slot.kind === 'node') return slot.node;
    return nodeCount + 16 + (data.offsets[slot.data] as number);
  };
  nodes.forEach(([leftSlot, rightSlot], index) => {
    const left = recordValue(leftSlot);
    const right = recordValue(rightSlot);
    for (const value of [left, right]) {
      if (value >= 2 ** recordBits)
        throw new Error(`mmdb-writer: record value ${value} does not fit ${recordBits} bits`);
    }
    const at = index * nodeBytes;
    if (recordBits === 24) {
      tree.writeUIntBE(left, at, 3);
      tree.writeUIntBE(right, at + 3, 3);
    } else if (recordBits === 28) {
      // Each record's low 24 bits on its side; their top four bits share the middle byte, left's high.
      tree.writeUIntBE(left % 2 ** 24, at, 3);
      tree[at + 3] = (Math.floor(left / 2 ** 24) << 4) | Math.floor(right / 2 ** 24);
      tree.writeUIntBE(right % 2 ** 24, at + 4, 3);
    } else {
      tree.writeUInt32BE(left, at);
      tree.writeUInt32BE(right, at + 4);
    }
  });

  const metadata = encode({
    node_count: uint32(nodeCount),
    record_size: uint16(recordBits),
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
function createDataSection(options: { pointers: boolean; widest: boolean; padding: number }): {
  add(record: MmdbValue): number;
  offsets: number[];
  bytes(): Buffer;
} {
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  const byContent = new Map<string, number>();
  // Where each string was first written, for the pointers to it.
  const strings = new Map<string, number>();
  let size = 0;
  const push = (bytes: Buffer): void => {
    chunks.push(bytes);
    size += bytes.length;
  };
  if (options.padding > 0) push(encode(new Uint8Array(options.padding)));
  // Written piece by piece (not through `encode`) so each string's offset is known as it goes.
  const write = (value: MmdbValue): void => {
    if (typeof value === 'string' && options.pointers) {
      const known = strings.get(value);
      if (known !== undefined) {
        push(pointer(known, options.widest));
        return;
      }
      strings.set(value, size);
      push(encode(value));
      return;
    }
    if (Array.isArray(value)) {
      const items = value as readonly MmdbValue[];
      push(control(ARRAY, items.length));
      for (const item of items) write(item);
      return;
    }
    if (typeof value === 'object' && !(value instanceof Uint8Array) && !isTyped(value as MmdbValue)) {
      const entries = Object.entries(value as { readonly [key: string]: MmdbValue });
      push(control(MAP, entries.length));
      for (const [key, item] of entries) {
        write(key);
        write(item);
      }
      return;
    }
    push(encode(value));
  };
  return {
    offsets,
    add(record) {
      const key = JSON.stringify(record, (_, value: unknown) =>
        typeof value === 'bigint' ? `${value}n` : value instanceof Uint8Array ? `bytes:${[...value]}` : value,
      );
      const known = byContent.get(key);
      if (known !== undefined) return known;
      offsets.push(size);
      write(record);
      byContent.set(key, offsets.length - 1);
      return offsets.length - 1;
    },
    bytes: () => Buffer.concat(chunks),
  };
}

/**
 * A pointer to data offset `target`: 001SSVVV and SS + 1 bytes. Sizes 0–2 hold 11, 19 and 27
 * bits on top of 0, 2,048 and 526,336; size 3 holds the offset itself in four bytes.
 */
function pointer(target: number, widest: boolean): Buffer {
  if (!widest && target < 2048) return Buffer.from([0x20 | (target >> 8), target & 0xff]);
  if (!widest && target < 2048 + 2 ** 19) {
    const value = target - 2048;
    return Buffer.from([0x28 | (value >> 16), (value >> 8) & 0xff, value & 0xff]);
  }
  if (!widest && target < 526_336 + 2 ** 27) {
    const value = target - 526_336;
    return Buffer.from([0x30 | (value >> 24), (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]);
  }
  const bytes = Buffer.from([0x38, 0, 0, 0, 0]);
  bytes.writeUInt32BE(target, 1);
  return bytes;
}

// Type numbers of the data section; 8 and up are "extended" (control type 0 + a type byte).
const UTF8 = 2;
const DOUBLE = 3;
const BYTES = 4;
const UINT16 = 5;
const UINT32 = 6;
const MAP = 7;
const INT32 = 8;
const UINT64 = 9;
const UINT128 = 10;
const ARRAY = 11;
const BOOLEAN = 14;
const FLOAT = 15;

/** Encodes one value of the data section (no pointers: every value is written in full). */
export function encode(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(UTF8, bytes.length), bytes]);
  }
  if (typeof value === 'boolean') return control(BOOLEAN, value ? 1 : 0);
  if (value instanceof Uint8Array) return Buffer.concat([control(BYTES, value.length), value]);
  if (typeof value === 'bigint') return unsigned(UINT64, value, 8);
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 && value < 2 ** 32
      ? unsigned(UINT32, BigInt(value), 4)
      : encodeDouble(value);
  }
  if (isTyped(value)) {
    if (value.mmdbType === 'double') return encodeDouble(Number(value.value));
    if (value.mmdbType === 'float') {
      const payload = Buffer.alloc(4);
      payload.writeFloatBE(Number(value.value));
      return Buffer.concat([control(FLOAT, 4), payload]);
    }
    if (value.mmdbType === 'int32') {
      const number = Number(value.value);
      const payload = Buffer.alloc(4);
      payload.writeInt32BE(number);
      // A negative value needs all four bytes (the sign is the top bit); a positive one drops its leading zero bytes.
      let from = 0;
      if (number >= 0) while (from < 4 && payload[from] === 0) from += 1;
      return Buffer.concat([control(INT32, 4 - from), payload.subarray(from)]);
    }
    const { type, width } = UNSIGNED[value.mmdbType];
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

const UNSIGNED = {
  uint16: { type: UINT16, width: 2 },
  uint32: { type: UINT32, width: 4 },
  uint64: { type: UINT64, width: 8 },
  uint128: { type: UINT128, width: 16 },
} as const;

function isTyped(value: MmdbValue): value is MmdbTyped {
  return (
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array) &&
    'mmdbType' in value &&
    typeof value.mmdbType === 'string'
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
