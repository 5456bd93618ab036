/**
 * Writes the 16 bytes of an IPv6 address into `into`, from text `net.isIP` already accepted
 * as IPv6 and without a zone ("2001:db8::1", "::ffff:1.2.3.4", "::1.2.3.4"): groups of up to
 * four hex digits, at most one "::" standing for the zero groups it leaves out, and an
 * optional dotted IPv4 tail counting as the last two groups. Returns false for text it cannot
 * read, which validated text never is. IPv6 lookups are the rare case; this favours plainness.
 */
export function parseIpv6(text: string, into: Uint8Array): boolean {
  const gap = text.indexOf('::');
  const left = groupsOf(gap === -1 ? text : text.slice(0, gap));
  const right = gap === -1 ? [] : groupsOf(text.slice(gap + 2));
  if (left === undefined || right === undefined) return false;
  const missing = 8 - left.length - right.length;
  if (gap === -1 ? missing !== 0 : missing < 0) return false;
  const groups = [...left, ...new Array<number>(missing).fill(0), ...right];
  for (let index = 0; index < 8; index += 1) {
    const group = groups[index] as number;
    into[index * 2] = group >> 8;
    into[index * 2 + 1] = group & 0xff;
  }
  return true;
}

const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The 16-bit groups of one side of "::" (empty text: none). */
function groupsOf(text: string): number[] | undefined {
  if (text === '') return [];
  const parts = text.split(':');
  const groups: number[] = [];
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] as string;
    const dotted = index === parts.length - 1 ? DOTTED.exec(part) : null;
    if (dotted !== null) {
      const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
      if (a > 255 || b > 255 || c > 255 || d > 255) return undefined;
      groups.push((a << 8) | b, (c << 8) | d);
    } else if (HEX_GROUP.test(part)) {
      groups.push(Number.parseInt(part, 16));
    } else {
      return undefined;
    }
  }
  return groups;
}
