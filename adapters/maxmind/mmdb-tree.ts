import type { MmdbMetadata } from './read-mmdb-metadata.ts';

/** {@link MmdbTree.findIpv4Text}: the text is not plain dotted IPv4 (nothing was looked up). */
export const NOT_IPV4 = -2;
/** No network of the database holds the address. */
export const NOT_FOUND = -1;

/**
 * The binary search tree of a MaxMind DB file: one level per address bit, each node two
 * records (left for 0, right for 1) of 24, 28 or 32 bits. A record below `nodeCount` is the
 * next node, `nodeCount` itself means no data, and above it is a pointer into the data
 * section. Finding an address gives the offset in the file of its data record, which also
 * serves as the record's identity for caches.
 *
 * Node numbers never reach past the tree (the walk stops at the first one that is not below
 * `nodeCount`, and the metadata reader checked the tree fits the file); a data pointer outside
 * the data section is an Error.
 */
export class MmdbTree {
  readonly #bytes: Buffer;
  readonly #nodeCount: number;
  readonly #recordSize: 24 | 28 | 32;
  readonly #dataStart: number;
  readonly #dataEnd: number;
  readonly #what: string;
  /**
   * Where IPv4 addresses start: the root of an IPv4 tree, or the node under 96 zero bits of an
   * IPv6 one (IPv4 sits at ::a.b.c.d there), found once rather than walked on every lookup.
   */
  readonly #ipv4Start: number;

  constructor(bytes: Buffer, metadata: MmdbMetadata, what: string) {
    this.#bytes = bytes;
    this.#nodeCount = metadata.nodeCount;
    this.#recordSize = metadata.recordSize;
    this.#dataStart = metadata.dataStart;
    this.#dataEnd = metadata.dataEnd;
    this.#what = what;
    let node = 0;
    if (metadata.ipVersion === 6) {
      for (let depth = 0; depth < 96 && node < this.#nodeCount; depth += 1) node = this.#child(node, 0);
    }
    this.#ipv4Start = node;
  }

  /**
   * The data record of dotted IPv4 text, parsed and walked in one pass: each octet's eight
   * bits are walked as soon as the octet is read. The text must be what `net.isIP` calls
   * IPv4: four decimal octets of at most 255, no leading zeros ("01.2.3.4" is not), nothing
   * around them. Anything else answers {@link NOT_IPV4}, even when the walk had already
   * reached a record, so the caller can try the text as something else.
   */
  findIpv4Text(ip: string): number {
    const length = ip.length;
    if (length < 7 || length > 15) return NOT_IPV4;
    const nodeCount = this.#nodeCount;
    let node = this.#ipv4Start;
    let index = 0;
    for (let octetIndex = 0; octetIndex < 4; octetIndex += 1) {
      if (octetIndex > 0) {
        if (ip.charCodeAt(index) !== 46) return NOT_IPV4; // '.'
        index += 1;
      }
      // charCodeAt past the end is NaN, which fails every digit test below.
      let digit = ip.charCodeAt(index) - 48;
      if (!(digit >= 0 && digit <= 9)) return NOT_IPV4;
      let octet = digit;
      index += 1;
      if (octet !== 0) {
        digit = ip.charCodeAt(index) - 48;
        if (digit >= 0 && digit <= 9) {
          octet = octet * 10 + digit;
          index += 1;
          digit = ip.charCodeAt(index) - 48;
          if (digit >= 0 && digit <= 9) {
            octet = octet * 10 + digit;
            index += 1;
            if (octet > 255) return NOT_IPV4;
          }
        }
      }
      for (let bit = 7; bit >= 0 && node < nodeCount; bit -= 1) node = this.#child(node, (octet >> bit) & 1);
    }
    if (index !== length) return NOT_IPV4;
    return this.#dataOffset(node);
  }

  /** The data record of an IPv6 address (16 bytes, network order), from the root. */
  findIpv6(address: Uint8Array): number {
    const nodeCount = this.#nodeCount;
    let node = 0;
    for (let depth = 0; depth < 128 && node < nodeCount; depth += 1) {
      node = this.#child(node, ((address[depth >> 3] as number) >> (7 - (depth & 7))) & 1);
    }
    return this.#dataOffset(node);
  }

  /** The left (0) or right (1) record of a node. */
  #child(node: number, bit: number): number {
    const bytes = this.#bytes;
    if (this.#recordSize === 28) {
      // 7 bytes: left = 3 bytes + the high nibble of the middle byte on top; right = the low nibble + 3 bytes.
      const at = node * 7;
      const middle = bytes[at + 3] as number;
      return bit === 0
        ? ((middle & 0xf0) << 20) |
            ((bytes[at] as number) << 16) |
            ((bytes[at + 1] as number) << 8) |
            (bytes[at + 2] as number)
        : ((middle & 0x0f) << 24) |
            ((bytes[at + 4] as number) << 16) |
            ((bytes[at + 5] as number) << 8) |
            (bytes[at + 6] as number);
    }
    if (this.#recordSize === 24) {
      const at = node * 6 + bit * 3;
      return ((bytes[at] as number) << 16) | ((bytes[at + 1] as number) << 8) | (bytes[at + 2] as number);
    }
    // 32 bits: multiplied, not shifted, so a record of 2^31 or more stays positive.
    const at = node * 8 + bit * 4;
    return (
      (bytes[at] as number) * 0x1000000 +
      (((bytes[at + 1] as number) << 16) | ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number))
    );
  }

  /**
   * Where the walk ended: data (the spec's record − node_count − 16, from the data section's
   * start), or {@link NOT_FOUND} for the empty record, and for a node still (an address
   * shorter than the tree: no network holds it, as `maxmind` answers too).
   */
  #dataOffset(node: number): number {
    const nodeCount = this.#nodeCount;
    if (node <= nodeCount) return NOT_FOUND;
    const offset = this.#dataStart + node - nodeCount - 16;
    if (offset < this.#dataStart || offset >= this.#dataEnd) {
      throw new Error(`${this.#what} is corrupt: a search tree record (${node}) points outside the data section.`);
    }
    return offset;
  }
}
