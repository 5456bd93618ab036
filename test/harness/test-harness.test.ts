import { describe, expect, it } from 'vitest';
import { createSeededIds } from '../../src/create-seeded-ids.ts';
import { createSettableClock } from '../../src/create-settable-clock.ts';
import { ACCOUNT_A, ACCOUNT_B, calculationBody, createTestApi, createTestEngine } from '../helpers/http-fixtures.ts';

const LIVE = ACCOUNT_A.keys.secretLive;
const PUBLIC = ACCOUNT_A.keys.publicTest as string;
const B = ACCOUNT_B.keys.secretTest;

/** An API whose engine runs on a settable clock, with the test-harness routes on. */
function harnessApi(seed?: string) {
  const clock = createSettableClock();
  const engine = createTestEngine({ clock, ...(seed === undefined ? {} : { ids: createSeededIds(seed) }) });
  return { ...createTestApi(engine, { testHarness: { clock } }), clock };
}

describe('test-harness routes', () => {
  it('set and freeze in one call stand exactly at the time asked for, however the real clock ticks', async () => {
    // A real clock that moves on every read: set-then-freeze on a running clock would land past `now`.
    let real = 1_000;
    const clock = createSettableClock(() => {
      real += 7;
      return real;
    });
    const { call } = createTestApi(createTestEngine({ clock }), { testHarness: { clock } });
    const set = await call('POST', '/tax/test_helpers/clock', { body: { now: 1_750_000_000, frozen: true } });
    expect(set.status).toBe(200);
    expect(clock.now()).toBe(1_750_000_000_000);
  });

  it('do not exist without the option, nor in live mode; public keys are refused', async () => {
    const { call } = createTestApi();
    for (const [method, path] of [
      ['GET', '/tax/test_helpers/clock'],
      ['POST', '/tax/test_helpers/clock'],
      ['POST', '/tax/test_helpers/reset'],
    ] as const) {
      expect((await call(method, path, method === 'POST' ? { body: {} } : {})).status, path).toBe(404);
    }
    const harness = harnessApi();
    expect((await harness.call('GET', '/tax/test_helpers/clock', { key: LIVE })).status).toBe(404);
    expect((await harness.call('POST', '/tax/test_helpers/reset', { key: LIVE })).status).toBe(404);
    expect((await harness.call('GET', '/tax/test_helpers/clock', { key: PUBLIC })).status).toBe(401);
    expect((await harness.call('GET', '/tax/test_helpers/clock', { key: null })).status).toBe(401);
  });

  it('the clock route sets, advances and freezes the engine clock, so expiry is testable at once', async () => {
    const { call } = harnessApi();
    const set = await call('POST', '/tax/test_helpers/clock', { body: { now: 1_750_000_000, frozen: true } });
    expect(set.json).toEqual({ object: 'test_clock', now: 1_750_000_000, frozen: true });
    const calculation = await call('POST', '/tax/calculations', { body: calculationBody() });
    expect(calculation.json.expires_at).toBe(1_750_000_000 + 86_400);
    const moved = await call('POST', '/tax/test_helpers/clock', { body: { advance_seconds: 86_401 } });
    expect(moved.json.now).toBe(1_750_086_401);
    const late = await call('POST', '/tax/transactions', {
      body: { calculation_id: calculation.json.id, reference_order_id: 'o-late' },
    });
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.json)).toMatch(/calculation_expired/i);
    expect((await call('GET', '/tax/test_helpers/clock')).json).toEqual({
      object: 'test_clock',
      now: 1_750_086_401,
      frozen: true,
    });
    const bad = await call('POST', '/tax/test_helpers/clock', { body: { advance_seconds: 'soon' } });
    expect(bad.status).toBe(400);
    const released = await call('POST', '/tax/test_helpers/clock', { body: { frozen: false } });
    expect(released.json.frozen).toBe(false);
    expect(released.json.now).toBeGreaterThanOrEqual(1_750_086_401);
  });

  it('reset deletes the caller’s test-mode records only', async () => {
    const { call } = harnessApi();
    const product = { reference_product_id: 'sku-1', reference_product_name: 'Mug', product_category: 'EXEMPT' };
    for (const key of [undefined, LIVE, B]) {
      expect((await call('POST', '/tax/products', { key, body: product })).status).toBe(200);
    }
    const calculation = await call('POST', '/tax/calculations', { body: calculationBody() });
    const reset = await call('POST', '/tax/test_helpers/reset');
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ object: 'test_helpers.reset', testmode: true, deleted: true });
    expect((await call('GET', '/tax/products/sku-1')).status).toBe(404);
    const gone = await call('POST', '/tax/transactions', {
      body: { calculation_id: calculation.json.id, reference_order_id: 'o-1' },
    });
    expect(gone.status).toBe(404);
    expect((await call('GET', '/tax/products/sku-1', { key: LIVE })).status).toBe(200);
    expect((await call('GET', '/tax/products/sku-1', { key: B })).status).toBe(200);
    // The reference is free again.
    expect((await call('POST', '/tax/products', { body: product })).status).toBe(200);
  });

  it('the engine refuses to reset live data', async () => {
    const engine = createTestEngine();
    await expect(engine.resetTestData({ tenant: { accountId: 'acct_a', mode: 'live' } })).rejects.toMatchObject({
      type: 'INVALID_VALUE',
    });
  });
});

describe('seeded ids', () => {
  it('the same seed, clock and calls give byte-identical answers; another seed does not', async () => {
    const run = async (seed: string) => {
      const { call } = harnessApi(seed);
      await call('POST', '/tax/test_helpers/clock', { body: { now: 1_750_000_000, frozen: true } });
      const calculation = await call('POST', '/tax/calculations', { body: calculationBody() });
      const transaction = await call('POST', '/tax/transactions', {
        body: { calculation_id: calculation.json.id, reference_order_id: 'o-1' },
      });
      return [calculation.text, transaction.text];
    };
    const first = await run('suite-1');
    expect(await run('suite-1')).toEqual(first);
    expect(await run('suite-2')).not.toEqual(first);
    expect(JSON.parse(first[0] as string).id).toMatch(
      /^calc_1750000000000[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
