/* eslint-disable no-await-in-loop -- the load loop sends one request after another on purpose */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../../adapters/postgres/index.ts';
import { tsxLoader } from '../fixtures/start-child.ts';
import { call, indianaSale, killInstance, startInstance, type Instance } from './start-instance.ts';
import { startPostgres, type RunningPostgres } from './start-postgres.ts';

const TENANT = { accountId: 'default', mode: 'test' } as const;

/** What one request of the load came to, and when. */
interface Outcome {
  readonly at: number;
  readonly status: number | 'no answer';
  readonly type?: string;
  readonly transactionId?: string;
  readonly tookMs: number;
}

// A server of its own: this test stops and starts it, which the shared one must not see.
describe.skipIf(tsxLoader === undefined)('the database restarted under load', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'taxkit-pg-restart-'));
  let server: RunningPostgres;
  let instances: Instance[] = [];

  beforeAll(async () => {
    server = await startPostgres({ durable: false });
    instances = await Promise.all([0, 1].map(() => startInstance(server.urlOf('postgres'), cwd)));
  });
  afterAll(async () => {
    for (const instance of instances) await killInstance(instance);
    await server?.destroy();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('answers 503 while it is down, succeeds again after, and writes nothing by halves', async () => {
    const outcomes: Outcome[] = [];
    let stop = false;
    let counter = 0;
    /** One client: calculate, then record the sale, again and again. */
    async function client(instance: Instance): Promise<void> {
      while (!stop) {
        const started = Date.now();
        const n = (counter += 1);
        try {
          const calculation = await call(instance.url, 'POST', '/tax/calculations', indianaSale(1000, 1));
          const answer =
            calculation.status === 200
              ? await call(instance.url, 'POST', '/tax/transactions', {
                  calculation_id: calculation.body.id,
                  reference_order_id: `order-${n}`,
                })
              : calculation;
          outcomes.push({
            at: started,
            status: answer.status,
            type: answer.body.type,
            transactionId: answer.status === 200 ? answer.body.id : undefined,
            tookMs: Date.now() - started,
          } as Outcome);
        } catch {
          outcomes.push({ at: started, status: 'no answer', tookMs: Date.now() - started });
        }
        if (outcomes.at(-1)?.status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    // Warm up: each instance's first calculation loads and records its rate snapshot.
    for (const instance of instances) {
      expect((await call(instance.url, 'POST', '/tax/calculations', indianaSale(1000, 1))).status).toBe(200);
    }
    const load = instances.flatMap((instance) => [client(instance), client(instance), client(instance)]);

    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stoppedAt = Date.now();
    await server.stop();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const restartedAt = Date.now();
    await server.start();
    // Give the instances time to notice and reconnect, then some load after.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    stop = true;
    await Promise.all(load);

    // Requests answered before it stopped; those in flight at the stop may go either way.
    const before = outcomes.filter((o) => o.at + o.tookMs < stoppedAt);
    // Requests that began while it was down and that cannot have reached it by retrying.
    const whileDown = outcomes.filter((o) => o.at > stoppedAt + 500 && o.at + o.tookMs < restartedAt);
    const after = outcomes.filter((o) => o.at > restartedAt + 1500);
    const counts = { all: outcomes.length, before: before.length, whileDown: whileDown.length, after: after.length };
    expect(before.length, JSON.stringify(counts)).toBeGreaterThan(0);
    expect(before.filter((o) => o.status !== 200)).toEqual([]);
    expect(whileDown.length).toBeGreaterThan(0);
    expect(whileDown.every((o) => o.status === 503 && o.type === 'STORAGE_UNAVAILABLE')).toBe(true);
    // Never a hang: the store gives up after its retry window, and the answer says so.
    expect(Math.max(...whileDown.map((o) => o.tookMs))).toBeLessThan(10_000);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((o) => o.status === 200)).toBe(true);
    // No answer other than 200 or 503, ever: no 500, no dropped connection.
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);

    // Every acknowledged sale is there, whole.
    const store = await createPostgresStore({ connectionString: server.urlOf('postgres'), poolSize: 2 });
    try {
      const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.transactionId as string);
      for (const id of acknowledged) {
        const transaction = await store.getTransaction(TENANT, id);
        expect(transaction?.id).toBe(id);
        expect(transaction?.lines).toHaveLength(1);
      }
      // And nothing half-written: every stored row's columns agree with the record it holds.
      const { rows } = await store.pool.query<{ body: string; tax_minor: string; reference: string }>(
        "SELECT body, tax_minor, convert_from(reference_order_id, 'UTF8') AS reference FROM transactions",
      );
      for (const row of rows) {
        const record = JSON.parse(row.body) as { referenceOrderId: string; lines: { taxMinor: number }[] };
        expect(record.referenceOrderId).toBe(row.reference);
        expect(String(record.lines.reduce((sum, line) => sum + line.taxMinor, 0))).toBe(row.tax_minor);
      }
      expect(rows.length).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await store.close();
    }
  }, 60_000);
});
