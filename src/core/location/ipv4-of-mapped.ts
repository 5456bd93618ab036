/**
 * The dotted IPv4 address inside an IPv4-mapped IPv6 address (::ffff:0:0/96), in any of its
 * spellings: "::ffff:203.0.113.5", "::FFFF:cb00:7105", "0:0:0:0:0:ffff:203.0.113.5". Anything
 * else gives `undefined`. Expects text net.isIP accepted as IPv6, without a zone.
 *
 * The IPv4 files of ip-location-db know nothing of ::ffff:… and their IPv6 files answer null
 * for it (docs/data.md §2.1), so a mapped address must be looked up as IPv4.
 */
export function ipv4OfMapped(address: string): string | undefined {
  if (!/ffff/i.test(address)) return undefined;
  const groups = expandIpv6(address);
  if (groups === undefined || groups[5] !== 0xffff) return undefined;
  for (let index = 0; index < 5; index += 1) if (groups[index] !== 0) return undefined;
  const high = groups[6] as number;
  const low = groups[7] as number;
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** The eight 16-bit groups of an IPv6 address, a dotted IPv4 tail counting as two. */
function expandIpv6(address: string): number[] | undefined {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (missing < 0) return undefined;
  return [...left, ...Array.from({ length: missing }, () => '0'), ...right].map((group) => Number.parseInt(group, 16));
}
