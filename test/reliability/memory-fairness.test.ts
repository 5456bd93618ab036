import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import type { Calculation, Tenant } from '../../src/core/types.ts';
import { ACCOUNT_A, calculationBody, createTestApi, createTestEngine } from '../helpers/http-fixtures.ts';
import { makeCalculation, OTHER_ACCOUNT, TENANT } from '../helpers/records.ts';

const LIVE: Tenant = { accountId: TENANT.accountId, mode: 'live' };

function quote(createdAt: number): Calculation {
  return makeCalculation({ createdAt, expiresAt: createdAt + 86_400 });
}

async function kept(store: ReturnType<typeof createMemoryStore>, tenant: Tenant, calculations: Calculation[]) {
  let found = 0;
  for (const calculation of calculations)
    if ((await store.getCalculation(tenant, calculation.id)) !== undefined) found += 1;
  return found;
}

describe('memory store: one tenant cannot evict another', () => {
  it('a flood in test mode past the bound leaves live mode and other accounts whole', async () => {
    const store = createMemoryStore({ maxCalculations: 1_000 });
    const live = Array.from({ length: 20 }, (_, index) => quote(1_000 + index));
    const other = Array.from({ length: 20 }, (_, index) => quote(1_000 + index));
    for (const calculation of live) await store.insertCalculation(LIVE, calculation);
    for (const calculation of other) await store.insertCalculation(OTHER_ACCOUNT, calculation);
    const flood = Array.from({ length: 3_000 }, (_, index) => quote(2_000 + index));
    for (const calculation of flood) await store.insertCalculation(TENANT, calculation);
    expect(await kept(store, LIVE, live)).toBe(20);
    expect(await kept(store, OTHER_ACCOUNT, other)).toBe(20);
    // The flood keeps its newest, within the bound.
    expect(store.stats().calculations).toBeLessThanOrEqual(1_000);
    expect(await kept(store, TENANT, flood.slice(-500))).toBe(500);
  });

  it('a tenant over its share is cut down to it, not emptied, and one within it keeps everything', async () => {
    const store = createMemoryStore({ maxCalculations: 1_000 });
    const big = Array.from({ length: 700 }, (_, index) => quote(1_000 + index));
    for (const calculation of big) await store.insertCalculation(LIVE, calculation);
    const small = Array.from({ length: 100 }, (_, index) => quote(1_500 + index));
    for (const calculation of small) await store.insertCalculation(OTHER_ACCOUNT, calculation);
    for (let index = 0; index < 2_000; index += 1) await store.insertCalculation(TENANT, quote(3_000 + index));
    // Three tenants: a share is 1,000 × 15/16 ÷ 3 ≈ 312.
    const bigKept = await kept(store, LIVE, big);
    expect(bigKept).toBeGreaterThanOrEqual(312);
    expect(bigKept).toBeLessThan(700);
    expect(await kept(store, OTHER_ACCOUNT, small)).toBe(100);
    // What the live tenant kept is its newest.
    expect(await kept(store, LIVE, big.slice(-bigKept))).toBe(bigKept);
  });

  it('over HTTP: public-key test calculations past the bound do not make a live sale fail', async () => {
    const engine = createTestEngine({ store: createMemoryStore({ maxCalculations: 300 }) });
    const api = createTestApi(engine);
    const live = await api.call('POST', '/tax/calculations', {
      key: ACCOUNT_A.keys.secretLive,
      body: calculationBody(),
    });
    expect(live.status).toBe(200);
    for (let index = 0; index < 400; index += 1) {
      const flood = await api.call('POST', '/tax/calculations', {
        key: ACCOUNT_A.keys.publicTest,
        body: calculationBody(),
      });
      expect(flood.status).toBe(200);
    }
    const sale = await api.call('POST', '/tax/transactions', {
      key: ACCOUNT_A.keys.secretLive,
      body: { calculation_id: live.json.id, reference_order_id: 'live-order-1' },
    });
    expect(sale.status).toBe(200);
  });
});
