import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSettableClock } from '../../src/create-settable-clock.ts';
import { ACCOUNT_A, calculationBody, createTestApi, createTestEngine } from '../helpers/http-fixtures.ts';
import { SERVE_KEYS, startServe } from './serve-process.ts';

const LIVE = ACCOUNT_A.keys.secretLive;
const NOW_MS = 1_780_000_000_000;
const YEAR_2000 = 946_684_800;

describe('the test clock moves test mode only', () => {
  it('a test key setting the clock to the year 2000 leaves live-mode calculations and sales dated now', async () => {
    const live = { now: () => NOW_MS };
    const clock = createSettableClock(() => NOW_MS);
    const { call } = createTestApi(createTestEngine({ clock: live, testClock: clock }), { testHarness: { clock } });
    const set = await call('POST', '/tax/test_helpers/clock', { body: { now: YEAR_2000, frozen: true } });
    expect(set.json.now).toBe(YEAR_2000);

    const test = await call('POST', '/tax/calculations', { body: calculationBody() });
    expect(test.json.expires_at).toBe(YEAR_2000 + 86_400);

    const calculation = await call('POST', '/tax/calculations', { key: LIVE, body: calculationBody() });
    expect(calculation.json.expires_at).toBe(NOW_MS / 1000 + 86_400);
    const sale = await call('POST', '/tax/transactions', {
      key: LIVE,
      body: { calculation_id: calculation.json.id, reference_order_id: 'live-1' },
    });
    expect(sale.status).toBe(200);
    expect(sale.json.transaction_processed_at).toBe(NOW_MS / 1000);
  });
});

describe('taxkit serve --test-harness', () => {
  it('a clock set with the test key does not date live-mode sales', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'taxkit-clock-'));
    const server = await startServe(directory, ['--memory', '--test-harness']);
    try {
      const post = (path: string, key: string, body: unknown) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then(async (response) => ({ status: response.status, json: (await response.json()) as any }));
      const set = await post('/tax/test_helpers/clock', SERVE_KEYS.TAXKIT_SECRET_KEY_TEST, { now: YEAR_2000 });
      expect(set.status).toBe(200);
      const live = SERVE_KEYS.TAXKIT_SECRET_KEY_LIVE;
      const calculation = await post('/tax/calculations', live, calculationBody());
      expect(calculation.status).toBe(200);
      const sale = await post('/tax/transactions', live, {
        calculation_id: calculation.json.id,
        reference_order_id: 'live-1',
      });
      expect(sale.status).toBe(200);
      expect(Math.abs(sale.json.transaction_processed_at - Date.now() / 1000)).toBeLessThan(600);
    } finally {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
