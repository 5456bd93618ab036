/* eslint-disable no-await-in-loop -- setup steps run one after another on purpose */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore, type PostgresTaxStore } from '../../../adapters/postgres/index.ts';
import { tsxLoader } from '../fixtures/start-child.ts';
import { call, indianaSale, killInstance, startInstance, type Answer, type Instance } from './start-instance.ts';
import { createTestDatabase } from './test-database.ts';

const TENANT = { accountId: 'default', mode: 'test' } as const;

describe.skipIf(tsxLoader === undefined)('three `taxkit serve --postgres` instances on one database', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'taxkit-pg-instances-'));
  let instances: Instance[] = [];
  let store: PostgresTaxStore;

  beforeAll(async () => {
    const url = await createTestDatabase();
    // The instances start together and migrate together: the advisory lock keeps that safe.
    instances = await Promise.all([0, 1, 2].map(() => startInstance(url, cwd)));
    store = await createPostgresStore({ connectionString: url, poolSize: 2 });
  });
  afterAll(async () => {
    await store?.close();
    for (const instance of instances) await killInstance(instance);
    rmSync(cwd, { recursive: true, force: true });
  });

  /** The instance for request `index`: round robin, like a load balancer. */
  const at = (index: number) => (instances[index % instances.length] as Instance).url;

  /** `count` calculations, made round robin across the instances; returns their ids. */
  async function calculations(count: number, amount = 10_000, quantity = 10): Promise<string[]> {
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => call(at(i), 'POST', '/tax/calculations', indianaSale(amount, quantity))),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answers.map((answer) => answer.body.id as string);
  }

  it('50 concurrent sales with one reference_order_id across the instances: exactly one 200, the rest 409', async () => {
    const ids = await calculations(50);
    const answers = await Promise.all(
      ids.map((calculationId, i) =>
        call(at(i), 'POST', '/tax/transactions', { calculation_id: calculationId, reference_order_id: 'order-race' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const types = new Set(answers.filter((a) => a.status === 409).map((a) => a.body.type ?? a.body.error?.code));
    expect([...types]).toEqual(['DUPLICATE_REFERENCE_ORDER_ID']);
    const winner = answers.find((answer) => answer.status === 200) as Answer;
    // Every instance reads the one recorded sale.
    for (let i = 0; i < 3; i += 1) {
      const read = await call(at(i), 'GET', `/tax/transactions/${winner.body.id as string}`);
      expect(read.status).toBe(200);
      expect(read.body.reference_order_id).toBe('order-race');
    }
  });

  it('concurrent partial refunds of one sale across the instances never exceed it', async () => {
    // One line of $100.00 over 10 units, 7 % tax: ten refunds of one unit each use it up.
    const [calculationId] = await calculations(1);
    const sale = await call(at(0), 'POST', '/tax/transactions', {
      calculation_id: calculationId,
      reference_order_id: 'order-refunds',
    });
    expect(sale.status).toBe(200);
    const refund = {
      transaction_id: sale.body.id,
      type: 'partial',
      line_items: [
        { reference_line_item_id: 'line-1', sales_amount_refunded: -1000, tax_amount_refunded: -70, quantity: 1 },
      ],
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(at(i), 'POST', '/tax/refunds', refund)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    const stored = (await store.listRefunds(TENANT, sale.body.id as string, { limit: 100 })).items;
    expect(stored).toHaveLength(10);
    const refunded = stored
      .flatMap((r) => r.lines)
      .reduce((sum: number, line) => sum + line.amountExcludingTaxMinor, 0);
    expect(refunded).toBe(-10_000);
    const full = await call(at(1), 'POST', '/tax/refunds', { transaction_id: sale.body.id, type: 'full' });
    expect(full.status).toBe(409);
  });

  it('kill -9 of one instance mid-burst: every acknowledged sale is stored, the others go on', async () => {
    const ids = await calculations(90, 500, 1);
    const acknowledged: string[] = [];
    const victim = instances[2] as Instance;
    let sent = 0;
    const burst = ids.map(async (calculationId, i) => {
      // Spread over time, so the kill lands in the middle of the burst.
      await new Promise((resolve) => setTimeout(resolve, i * 4));
      sent += 1;
      if (sent === 45) victim.process.kill('SIGKILL');
      try {
        const answer = await call(at(i), 'POST', '/tax/transactions', {
          calculation_id: calculationId,
          reference_order_id: `order-burst-${i}`,
        });
        if (answer.status === 200) acknowledged.push(answer.body.id as string);
        return answer.status;
      } catch {
        return 'no answer'; // the killed instance's connections reset
      }
    });
    const outcomes = await Promise.all(burst);
    await victim.exited;
    // The two living instances answered every request sent to them.
    const living = outcomes.filter((_, i) => i % 3 !== 2);
    const killed = outcomes.filter((_, i) => i % 3 === 2);
    // It died mid-burst: it had acknowledged sales, and later requests found it gone.
    expect(killed).toContain(200);
    expect(killed).toContain('no answer');
    expect(living.every((status) => status === 200)).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(living.length);
    const missing: string[] = [];
    for (const id of acknowledged) {
      if ((await store.getTransaction(TENANT, id)) === undefined) missing.push(id);
    }
    expect(missing).toEqual([]);
    instances = instances.slice(0, 2);
    // And the survivors still take new sales.
    const [next] = await calculations(1);
    const after = await call(at(0), 'POST', '/tax/transactions', { calculation_id: next, reference_order_id: 'after' });
    expect(after.status).toBe(200);
  });
});
