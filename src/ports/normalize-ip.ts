import { isIP } from 'node:net';
import { ipv4OfMapped } from '../core/location/ipv4-of-mapped.ts';

/**
 * The one form of an IP address every {@link GeoLookup} is asked about: IPv4 dotted, IPv6
 * without a zone (`%eth0`), and an IPv4-mapped IPv6 address in any spelling as its IPv4
 * (docs/data.md §2.1). `undefined` when `value` is not an IP address at all (net.isIP decides:
 * GeoIP readers accept malformed text), surrounding spaces included.
 *
 * @example
 * normalizeIp('::ffff:cb00:7105'); // '203.0.113.5'
 */
export function normalizeIp(value: string): string | undefined {
  const family = isIP(value);
  if (family === 4) return value;
  if (family !== 6) return undefined;
  const zone = value.indexOf('%');
  const address = zone === -1 ? value : value.slice(0, zone);
  return ipv4OfMapped(address) ?? address;
}
