import { describe, expect, it } from 'vitest';
import type { GeoLocation } from '../../src/ports/geo.ts';
import { calculationBody, createTestEngine, TEST_ADDRESSES } from '../helpers/engine-fixtures.ts';

const v = { version: '2026-03-01' as const };

/** A GeoLookup over a table, recording what it was asked. */
function tableGeo(table: Record<string, GeoLocation>) {
  const asked: string[] = [];
  return {
    asked,
    lookup: (ip: string) => {
      asked.push(ip);
      return table[ip];
    },
  };
}

const withCustomer = (customer: object) => calculationBody({ customer });

describe('customer location: address first, IP as fallback', () => {
  it('refuses a malformed IP even when the address alone would do', async () => {
    const { engine } = createTestEngine();
    await expect(
      engine.calculations.create(withCustomer({ address: TEST_ADDRESSES.toronto, ip: { value: 'not-an-ip' } }), v),
    ).rejects.toMatchObject({
      type: 'INVALID_IP_FORMAT',
      status: 400,
    });
  });

  it.each(['::ffff:5.1.0.1', '0:0:0:0:0:ffff:5.1.0.1', '::ffff:501:1', '::FFFF:5.1.0.1%eth0'])(
    'hands every GeoLookup the dotted IPv4 inside %s',
    async (spelling) => {
      const geo = tableGeo({ '5.1.0.1': { country: 'DE' } });
      const { engine } = createTestEngine({ geo });
      await expect(engine.calculations.create(withCustomer({ ip: { value: spelling } }), v)).resolves.toMatchObject({
        location_source: 'ip',
      });
      expect(geo.asked).toEqual(['5.1.0.1']);
    },
  );

  it('without a GeoIP database: strict says so, zero, approximate and best_effort answer zero', async () => {
    const { engine } = createTestEngine();
    // Only strict answers IP_RESOLUTION_* (issue 10: approximate used to fail here too).
    for (const resolution of ['strict']) {
      await expect(
        engine.calculations.create(withCustomer({ ip: { value: '5.1.0.1', resolution } }), v),
      ).rejects.toMatchObject({
        type: 'IP_RESOLUTION_FAILED',
        status: 422,
        message: expect.stringMatching(/No GeoIP database/),
      });
    }
    for (const resolution of ['zero', 'approximate', 'best_effort']) {
      await expect(
        engine.calculations.create(withCustomer({ ip: { value: '5.1.0.1', resolution } }), v),
      ).resolves.toMatchObject({ total_tax_amount: 0, resolution_precision: null, location_source: 'ip' });
    }
  });

  it('reports the address error when the IP fallback cannot resolve either', async () => {
    const { engine } = createTestEngine({ geo: tableGeo({}) });
    const wrongState = { ...TEST_ADDRESSES.indiana, address_province: 'CA' };
    await expect(
      engine.calculations.create(withCustomer({ address: wrongState, ip: { value: '5.1.0.1' } }), v),
    ).rejects.toMatchObject({
      type: 'ZIP_STATE_MISMATCH',
    });
  });

  it('falls back to the IP when the address is wrong and the IP resolves', async () => {
    const { engine } = createTestEngine({ geo: tableGeo({ '5.1.0.1': { country: 'DE' } }) });
    const wrongState = { ...TEST_ADDRESSES.indiana, address_province: 'CA' };
    await expect(
      engine.calculations.create(withCustomer({ address: wrongState, ip: { value: '5.1.0.1' } }), v),
    ).resolves.toMatchObject({
      location_source: 'ip',
      address_used: { address_country: 'DE' },
    });
  });
});
