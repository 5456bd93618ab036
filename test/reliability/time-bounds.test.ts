/**
 * Issue 35, finding 4: every Unix-seconds field the interface takes is refused above
 * 253402300799 (9999-12-31T23:59:59Z) with a typed 400 naming the field, writing nothing; a time
 * sent in milliseconds is refused rather than read as the year 57970; and a certificate stored
 * with a date JavaScript cannot show (written before the bound) never breaks a list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { isoDay, isoMoment } from '../../src/wire/iso-time.ts';
import { UNIX_SECONDS_MAX } from '../../src/wire/request-bounds.ts';
import { ACCOUNT_A, createTestApi, createTestEngine, errorTypeOf } from '../helpers/http-fixtures.ts';

const VERSION = '2026-03-01';
const LIVE = ACCOUNT_A.keys.secretLive as string;
/** 2026-01-01T00:00:00Z in milliseconds: a common mistake. */
const MILLISECONDS = 1_767_225_600_000;
/** Past the last day a JavaScript Date can show (275760-09-13). */
const BEYOND_DATE = 8_640_000_000_001;

async function customerOf(call: ReturnType<typeof createTestApi>['call']): Promise<string> {
  const { json } = await call('POST', '/tax/customers', {
    key: LIVE,
    version: VERSION,
    body: { email: 'a@example.com', reference_customer_id: 'reseller-1' },
  });
  return json.id as string;
}

/** POST /tax/certificates for the customer, covering California with `dates`. */
function createCertificate(call: ReturnType<typeof createTestApi>['call'], customerId: string, dates: object) {
  return call('POST', '/tax/certificates', {
    key: LIVE,
    version: VERSION,
    body: {
      customer_id: customerId,
      reason: 'resale',
      certificate_number: 'CA-SR-1',
      certificate_type: 'US-CA-CDTFA-230',
      jurisdictions: [{ country: 'US', province: 'CA', ...dates }],
    },
  });
}

describe('Unix-seconds fields are bounded at the edge', () => {
  it.each([
    ['active_from in milliseconds', { active_from: MILLISECONDS }, 'active_from'],
    ['expires_at past the year 9999', { active_from: 0, expires_at: UNIX_SECONDS_MAX + 1 }, 'expires_at'],
    ['expires_at past the year 275760', { active_from: 0, expires_at: BEYOND_DATE }, 'expires_at'],
  ])('a registration with %s is a 400 naming the field, nothing written', async (_, dates, field) => {
    const { call } = createTestApi();
    const response = await call('POST', '/tax/registrations', {
      version: VERSION,
      key: LIVE,
      body: { country: 'US', province: 'IN', ...dates },
    });
    expect(response.status).toBe(400);
    expect(errorTypeOf(response.json, VERSION)).toBe('INVALID_VALUE');
    expect(response.json.message).toContain(field);
    const listed = await call('GET', '/tax/registrations', { version: VERSION, key: LIVE });
    expect(listed.json.registrations).toEqual([]);
  });

  it('the last second of 9999 is taken', async () => {
    const { call } = createTestApi();
    const response = await call('POST', '/tax/registrations', {
      version: VERSION,
      key: LIVE,
      body: { country: 'US', province: 'IN', active_from: 0, expires_at: UNIX_SECONDS_MAX },
    });
    expect(response.status).toBe(200);
    expect(response.json.expires_at).toBe(UNIX_SECONDS_MAX);
  });

  it.each([
    ['effective_date', { effective_date: BEYOND_DATE }],
    ['expiration_date', { effective_date: 0, expiration_date: MILLISECONDS }],
  ])('a certificate with a %s out of bounds is a 400 naming it, and lists still answer', async (field, dates) => {
    const { call } = createTestApi();
    const customerId = await customerOf(call);
    const response = await createCertificate(call, customerId, { ...dates });
    expect(response.status).toBe(400);
    expect(response.json.message).toContain(field);
    const listed = await call('GET', '/tax/certificates', { key: LIVE, version: VERSION });
    expect(listed.status).toBe(200);
    expect(listed.json.data ?? listed.json.certificates ?? []).toEqual([]);
  });

  it('a certificate request expiring in milliseconds is a 400 naming expires_at', async () => {
    const { call } = createTestApi();
    const customerId = await customerOf(call);
    const response = await call('POST', '/tax/certificate-requests', {
      key: LIVE,
      version: VERSION,
      body: { customer_id: customerId, jurisdictions: ['US-CA'], expires_at: MILLISECONDS },
    });
    expect(response.status).toBe(400);
    expect(response.json.message).toContain('expires_at');
  });

  it('GET /tax/nexus?at= in milliseconds is a 400 naming at', async () => {
    const { call } = createTestApi();
    const response = await call('GET', `/tax/nexus?at=${MILLISECONDS}`, { version: VERSION, key: LIVE });
    expect(response.status).toBe(400);
    expect(response.json.message).toContain('at');
  });
});

describe('the certificate serializer never throws on a stored record', () => {
  it('shows any Unix second to the year 9999 as Date would, and later ones with an expanded year', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_135_596_800, max: UNIX_SECONDS_MAX }), (seconds) => {
        const iso = new Date(seconds * 1000).toISOString();
        expect(isoMoment(seconds)).toBe(`${iso.slice(0, 19)}Z`);
        expect(isoDay(seconds)).toBe(iso.slice(0, 10));
      }),
    );
    expect(isoDay(BEYOND_DATE)).toBe('+275760-09-13');
    expect(isoMoment(Number.MAX_SAFE_INTEGER)).toMatch(/^\+\d{6,}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('a certificate stored with a date past the year 275760 is listed, not a 500', async () => {
    const store = createMemoryStore();
    const { call } = createTestApi(createTestEngine({ store }));
    const customerId = await customerOf(call);
    const created = await createCertificate(call, customerId, { effective_date: 0 });
    expect(created.status).toBe(200);
    // As a record written before the bound existed would be.
    const tenant = { accountId: ACCOUNT_A.id, mode: 'live' as const };
    await store.updateCertificate(tenant, created.json.id, (current) => ({
      ...current,
      jurisdictions: current.jurisdictions.map((jurisdiction) => ({ ...jurisdiction, expirationDate: BEYOND_DATE })),
    }));
    const listed = await call('GET', '/tax/certificates', { key: LIVE, version: VERSION });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.json)).toContain('+275760-09-13');
  });
});
