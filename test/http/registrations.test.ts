/**
 * Registrations through HTTP: the routes, refusals naming the field (writing nothing), and
 * live collection decided by the registrations active on the calculation's tax date.
 */
import { describe, expect, it } from 'vitest';
import { MAX_REGISTRATIONS_PER_ACCOUNT } from '../../src/operations/registrations.ts';
import { ACCOUNT_A, calculationBody, createTestApi, createTestEngine } from '../helpers/http-fixtures.ts';

const VERSION = '2026-03-01';
const LIVE = ACCOUNT_A.keys.secretLive as string;
const TEST = ACCOUNT_A.keys.secretTest as string;
/** 2025-01-01 and 2025-07-01, 00:00 UTC. */
const JAN_2025 = 1_735_689_600;
const JUL_2025 = 1_751_328_000;
const DAY = 86_400;

function register(call: ReturnType<typeof createTestApi>['call'], body: Record<string, unknown>, key = LIVE) {
  return call('POST', '/tax/registrations', { version: VERSION, key, body });
}

/** Indiana tax (7 % of 1,200) of a calculation on `taxDate`. */
async function indianaTax(call: ReturnType<typeof createTestApi>['call'], taxDate: number, key = LIVE) {
  const response = await call('POST', '/tax/calculations', {
    version: VERSION,
    key,
    body: { ...calculationBody(), tax_date: taxDate },
  });
  expect(response.status).toBe(200);
  return response.json;
}

describe('POST/GET/DELETE /tax/registrations', () => {
  it('records, lists, reads, updates and deletes a registration', async () => {
    const { call } = createTestApi();
    const created = await register(call, {
      country: 'US',
      province: 'IN',
      active_from: JAN_2025,
      registration_number: '0012345678',
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      object: 'tax.registration',
      country: 'US',
      province: 'IN',
      type: 'us_state_sales_tax',
      registration_number: '0012345678',
      active_from: JAN_2025,
      expires_at: null,
      testmode: false,
    });
    const id = created.json.id as string;
    expect(id).toMatch(/^taxreg_/);
    const listed = await call('GET', '/tax/registrations', { version: VERSION, key: LIVE });
    expect(listed.json).toEqual({
      object: 'list',
      registrations: [created.json],
      has_more: false,
      last_registration_id: id,
    });
    // Live and test records never see each other.
    expect((await call('GET', '/tax/registrations', { version: VERSION, key: TEST })).json.registrations).toEqual([]);
    expect((await call('GET', `/tax/registrations/${id}`, { version: VERSION, key: LIVE })).json).toEqual(created.json);
    const updated = await call('POST', `/tax/registrations/${id}`, {
      version: VERSION,
      key: LIVE,
      body: { expires_at: JUL_2025 },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.expires_at).toBe(JUL_2025);
    const cleared = await call('POST', `/tax/registrations/${id}`, {
      version: VERSION,
      key: LIVE,
      body: { expires_at: null },
    });
    expect(cleared.json.expires_at).toBeNull();
    const deleted = await call('DELETE', `/tax/registrations/${id}`, { version: VERSION, key: LIVE });
    expect(deleted.json).toMatchObject({ id, object: 'tax.registration', deleted: true });
    const gone = await call('GET', `/tax/registrations/${id}`, { version: VERSION, key: LIVE });
    expect(gone.status).toBe(404);
    expect(gone.json.type).toBe('REGISTRATION_NOT_FOUND');
  });

  it.each([
    ['an unknown scheme', { country: 'US', province: 'IN', active_from: JAN_2025, type: 'vat_moss' }, 'type'],
    ['a scheme of another country', { country: 'US', province: 'IN', active_from: JAN_2025, type: 'no_voec' }, 'type'],
    ['an unknown state', { country: 'US', province: 'ZZ', active_from: JAN_2025 }, 'province'],
    ['a US registration without a state', { country: 'US', active_from: JAN_2025 }, 'province'],
    ['an unknown country', { country: 'QQ', active_from: JAN_2025 }, 'country'],
    ['a lower-case country', { country: 'us', province: 'IN', active_from: JAN_2025 }, 'country'],
    [
      'expires_at before active_from',
      { country: 'US', province: 'IN', active_from: JUL_2025, expires_at: JAN_2025 },
      'expires_at',
    ],
    [
      'expires_at equal to active_from',
      { country: 'US', province: 'IN', active_from: JUL_2025, expires_at: JUL_2025 },
      'expires_at',
    ],
    ['a negative active_from', { country: 'US', province: 'IN', active_from: -1 }, 'active_from'],
    ['no active_from', { country: 'US', province: 'IN' }, 'active_from'],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_, body, field) => {
    const { call } = createTestApi();
    const response = await register(call, body);
    expect(response.status).toBe(400);
    expect(response.json.message).toContain(field);
    expect((await call('GET', '/tax/registrations', { version: VERSION, key: LIVE })).json.registrations).toEqual([]);
  });

  it('refuses an overlapping registration of the same place and scheme (400 on active_from), allows one after it', async () => {
    const { call } = createTestApi();
    const first = await register(call, { country: 'US', province: 'IN', active_from: JAN_2025, expires_at: JUL_2025 });
    expect(first.status).toBe(200);
    const overlapping = await register(call, { country: 'US', province: 'IN', active_from: JAN_2025 + 30 * DAY });
    expect(overlapping.status).toBe(400);
    expect(overlapping.json.message).toMatch(/^active_from: registration taxreg_/);
    const open = await register(call, { country: 'US', province: 'IN', active_from: 0 });
    expect(open.status).toBe(400);
    expect((await call('GET', '/tax/registrations', { version: VERSION, key: LIVE })).json.registrations).toHaveLength(
      1,
    );
    // Periods are half open: the next may start the second the first expires.
    expect((await register(call, { country: 'US', province: 'IN', active_from: JUL_2025 })).status).toBe(200);
    // An update into an overlap is refused too.
    const extended = await call('POST', `/tax/registrations/${first.json.id}`, {
      version: VERSION,
      key: LIVE,
      body: { expires_at: null },
    });
    expect(extended.status).toBe(400);
    expect(extended.json.message).toMatch(/^active_from/);
  });

  it('reads nothing with a public key', async () => {
    const { call } = createTestApi();
    await register(call, { country: 'US', province: 'IN', active_from: JAN_2025 });
    for (const key of [ACCOUNT_A.keys.publicLive as string, ACCOUNT_A.keys.publicTest as string]) {
      const listed = await call('GET', '/tax/registrations', { version: VERSION, key });
      expect(listed.status).toBeGreaterThanOrEqual(400);
      expect(listed.text).not.toContain('taxreg_');
      expect((await call('GET', '/tax/nexus', { version: VERSION, key })).status).toBeGreaterThanOrEqual(400);
      expect(
        (await register(call, { country: 'US', province: 'CA', active_from: JAN_2025 }, key)).status,
      ).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('live collection follows the registrations of the tax date', () => {
  it('collects where a registration is active on the tax date: not before it starts, not after it expires', async () => {
    const { call } = createTestApi();
    await register(call, { country: 'US', province: 'IN', active_from: JAN_2025, expires_at: JUL_2025 });
    const before = await indianaTax(call, JAN_2025 - DAY);
    expect(before.total_tax_amount).toBe(0);
    expect(before.line_items[0].tax_jurisdictions[0].rate_type).toBe('NO COLLECTION; NO STATE NEXUS');
    expect((await indianaTax(call, JAN_2025)).total_tax_amount).toBe(84);
    expect((await indianaTax(call, JUL_2025 - 1)).total_tax_amount).toBe(84);
    expect((await indianaTax(call, JUL_2025)).total_tax_amount).toBe(0);
  });

  it('test mode always collects, whatever the registrations', async () => {
    const { call } = createTestApi();
    await register(call, { country: 'US', province: 'CA', active_from: JAN_2025 }, TEST);
    expect((await indianaTax(call, JAN_2025 - DAY, TEST)).total_tax_amount).toBe(84);
    expect((await indianaTax(call, JUL_2025, TEST)).total_tax_amount).toBe(84);
  });

  it('the engine option seeds an account with no records; its own records replace the seed', async () => {
    const { call } = createTestApi(createTestEngine({ registrations: ['US-IN'] }));
    expect((await indianaTax(call, JAN_2025)).total_tax_amount).toBe(84);
    await register(call, { country: 'US', province: 'CA', active_from: JAN_2025 });
    expect((await indianaTax(call, JAN_2025)).total_tax_amount).toBe(0);
    // Another account still has no records of its own: the seed applies to it.
    const other = await call('POST', '/tax/calculations', {
      version: VERSION,
      key: 'sk_live_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      body: { ...calculationBody(), tax_date: JAN_2025 },
    });
    expect(other.json.total_tax_amount).toBe(84);
  });

  it('a replay collects where the account was registered on the calculation tax date', async () => {
    const { call } = createTestApi();
    await register(call, { country: 'US', province: 'CA', active_from: JAN_2025 });
    const calculation = await indianaTax(call, JAN_2025 + 10 * DAY);
    expect(calculation.total_tax_amount).toBe(0);
    // Registered later, but from a date before the sale: the replay collects.
    await register(call, { country: 'US', province: 'IN', active_from: JAN_2025 });
    const replayed = await call('POST', `/tax/calculations/${calculation.id}/replay`, { version: VERSION, key: LIVE });
    expect(replayed.json.total_tax_amount).toBe(84);
    // A registration that starts after the tax date does not.
    const later = await indianaTax(call, JAN_2025 - 10 * DAY);
    expect(later.total_tax_amount).toBe(0);
    const replayedLater = await call('POST', `/tax/calculations/${later.id}/replay`, { version: VERSION, key: LIVE });
    expect(replayedLater.json.total_tax_amount).toBe(0);
  });
});

describe('GET /tax/registrations pages, and an account holds a bounded number (issue 35)', () => {
  it('lists every one without a cursor, and a page at a time with limit and cursor', async () => {
    const { call } = createTestApi();
    const ids: string[] = [];
    for (let year = 0; year < 5; year += 1) {
      const from = JAN_2025 + year * 400 * DAY;
      const created = await register(call, {
        country: 'US',
        province: 'IN',
        active_from: from,
        expires_at: from + DAY,
      });
      ids.push(created.json.id as string);
    }
    ids.sort();
    const all = await call('GET', '/tax/registrations', { version: VERSION, key: LIVE });
    expect(all.json.registrations.map((r: { id: string }) => r.id)).toEqual(ids);
    expect(all.json.has_more).toBe(false);
    const first = await call('GET', '/tax/registrations?limit=2', { version: VERSION, key: LIVE });
    expect(first.json.registrations.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2));
    expect(first.json).toMatchObject({ has_more: true, last_registration_id: ids[1] });
    const next = await call('GET', `/tax/registrations?limit=2&cursor=${ids[1]}`, { version: VERSION, key: LIVE });
    expect(next.json.registrations.map((r: { id: string }) => r.id)).toEqual(ids.slice(2, 4));
    const last = await call('GET', `/tax/registrations?cursor=${ids[3]}`, { version: VERSION, key: LIVE });
    expect(last.json.registrations.map((r: { id: string }) => r.id)).toEqual(ids.slice(4));
    expect(last.json.has_more).toBe(false);
    const bad = await call('GET', '/tax/registrations?limit=0', { version: VERSION, key: LIVE });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('limit');
  });

  it(`refuses the registration past MAX_REGISTRATIONS_PER_ACCOUNT with a 400 naming the bound, writing nothing`, async () => {
    const engine = createTestEngine();
    const tenant = { tenant: { accountId: ACCOUNT_A.id, mode: 'live' as const } };
    for (let index = 0; index < MAX_REGISTRATIONS_PER_ACCOUNT; index += 1) {
      await engine.registrations.create(
        { country: 'US', province: 'IN', active_from: index * DAY, expires_at: (index + 1) * DAY },
        tenant,
      );
    }
    const { call } = createTestApi(engine);
    const refused = await register(call, { country: 'US', province: 'IN', active_from: JAN_2025 });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain(String(MAX_REGISTRATIONS_PER_ACCOUNT));
    const listed = await call('GET', '/tax/registrations', { version: VERSION, key: LIVE });
    expect(listed.json.registrations).toHaveLength(MAX_REGISTRATIONS_PER_ACCOUNT);
    // A deleted one frees its place.
    await call('DELETE', `/tax/registrations/${listed.json.registrations[0].id}`, { version: VERSION, key: LIVE });
    expect((await register(call, { country: 'US', province: 'IN', active_from: JAN_2025 })).status).toBe(200);
  });
});
