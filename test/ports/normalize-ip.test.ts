import { describe, expect, it } from 'vitest';
import { normalizeIp } from '../../src/ports/normalize-ip.ts';

describe('normalizeIp: the one form every GeoLookup is asked about', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['::FFFF:cb00:7105', '203.0.113.5'],
    ['0:0:0:0:0:ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8::1', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
  ])('%s → %s', (input, output) => {
    expect(normalizeIp(input)).toBe(output);
  });

  it.each(['', ' 203.0.113.5', '203.0.113', '203.0.113.5 ', 'not-an-ip', '::ffff:999.0.0.1'])('refuses %j', (input) => {
    expect(normalizeIp(input)).toBeUndefined();
  });
});
