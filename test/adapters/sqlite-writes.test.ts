import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createCommitQueue } from '../../adapters/sqlite/create-commit-queue.ts';
import { createSqliteStore } from '../../adapters/sqlite/index.ts';
import { RECORD_FORMAT } from '../../adapters/shared/calculation-codec.ts';
import { compactText, toCompactCalculation } from '../../adapters/sqlite/compact-calculation.ts';
import { TaxError } from '../../src/core/errors.ts';
import { createSeededIds } from '../../src/create-seeded-ids.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { outcomesOf } from '../conformance/assertions.ts';
import { planFullRefund, refusingPriorRefunds } from '../conformance/planners.ts';
import { writeOldCalculationRow } from '../helpers/old-calculation-row.ts';
import { makeCalculation, makeTransaction, TENANT } from '../helpers/records.ts';

const directory = mkdtempSync(join(tmpdir(), 'taxkit-sqlite-writes-'));
let files = 0;
const newPath = () => join(directory, `writes-${(files += 1)}.db`);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A WAL + FULL connection that records every statement it runs, and a table to write to. */
function tracedClient() {
  const statements: string[] = [];
  const client = new Database(newPath(), { verbose: (sql) => statements.push(String(sql)) });
  client.pragma('journal_mode = WAL');
  client.pragma('synchronous = FULL');
  client.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
  const insert = client.prepare('INSERT INTO t (id, v) VALUES (?, ?)');
  const count = () => client.prepare('SELECT count(*) FROM t').pluck().get();
  statements.length = 0;
  return { client, statements, insert, count };
}

describe('group commit of durable writes', () => {
  it('commits the writes of one event-loop turn together: one BEGIN IMMEDIATE, one COMMIT', async () => {
    const { client, statements, insert, count } = tracedClient();
    const queue = createCommitQueue(client);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => queue.commit(() => insert.run(index, 'x').changes)),
    );
    expect(results).toEqual(Array.from({ length: 20 }, () => 1));
    expect(statements.filter((sql) => sql.startsWith('BEGIN'))).toEqual(['BEGIN IMMEDIATE']);
    expect(statements.filter((sql) => sql === 'COMMIT')).toHaveLength(1);
    expect(count()).toBe(20);
    client.close();
  });

  it('rolls back only the write that failed; the others of its group are committed', async () => {
    const { client, insert, count } = tracedClient();
    const queue = createCommitQueue(client);
    const failure = new TaxError('DUPLICATE_REFERENCE_ORDER_ID', 'refused');
    const settled = await Promise.allSettled([
      queue.commit(() => insert.run(1, 'first')),
      queue.commit(() => {
        insert.run(2, 'second');
        throw failure;
      }),
      queue.commit(() => insert.run(1, 'clashes with the first')),
      queue.commit(() => insert.run(3, 'third')),
    ]);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).toBe(failure);
    expect(((settled[2] as PromiseRejectedResult).reason as TaxError).type).toBe('STORAGE_UNAVAILABLE');
    expect(client.prepare('SELECT id FROM t ORDER BY id').pluck().all()).toEqual([1, 3]);
    expect(count()).toBe(2);
    client.close();
  });

  it('acknowledges none of a group whose commit cannot happen, and writes none', async () => {
    const { client, insert, count } = tracedClient();
    client.pragma('busy_timeout = 20');
    const other = new Database(client.name);
    other.prepare('BEGIN IMMEDIATE').run();
    const queue = createCommitQueue(client);
    const settled = await Promise.allSettled([
      queue.commit(() => insert.run(1, 'a')),
      queue.commit(() => insert.run(2, 'b')),
    ]);
    other.prepare('ROLLBACK').run();
    other.close();
    for (const outcome of settled) {
      expect(outcome.status).toBe('rejected');
      expect(((outcome as PromiseRejectedResult).reason as TaxError).type).toBe('STORAGE_UNAVAILABLE');
    }
    expect(count()).toBe(0);
    client.close();
  });

  it('keeps reference_order_id unique among 50 concurrent transactions of one group', async () => {
    const store = createSqliteStore({ path: newPath() });
    const settled = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        store.insertTransactions(TENANT, [makeTransaction({ referenceOrderId: 'order-same' })]),
      ),
    );
    const outcomes = outcomesOf(settled);
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'DUPLICATE_REFERENCE_ORDER_ID')).toHaveLength(49);
    expect(store.client.prepare('SELECT count(*) FROM transactions').pluck().get()).toBe(1);
    await store.close();
  });

  it('lets exactly one of 20 concurrent full refunds of a transaction through', async () => {
    const store = createSqliteStore({ path: newPath() });
    const transaction = makeTransaction();
    await store.insertTransactions(TENANT, [transaction]);
    const refund = refusingPriorRefunds(planFullRefund());
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, () => store.insertRefund(TENANT, transaction.id, refund)),
    );
    const outcomes = outcomesOf(settled);
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'TRANSACTION_FULLY_REFUNDED')).toHaveLength(19);
    expect((await store.listRefunds(TENANT, transaction.id, { limit: 100 })).items).toHaveLength(1);
    await store.close();
  });
});

describe('calculations on SQLite', () => {
  it('are written in batches: at once when 512 are queued, the rest at the end of the turn', async () => {
    const store = createSqliteStore({ path: newPath() });
    const rows = () => store.client.prepare('SELECT count(*) FROM calculations').pluck().get();
    for (let index = 0; index < 600; index += 1) await store.insertCalculation(TENANT, makeCalculation());
    expect(rows()).toBe(512);
    await nextTurn();
    expect(rows()).toBe(600);
    await store.close();
  });

  it('reach another store on the same file within one turn, and survive a close', async () => {
    const path = newPath();
    const first = createSqliteStore({ path });
    const second = createSqliteStore({ path });
    const calculation = makeCalculation();
    await first.insertCalculation(TENANT, calculation);
    await nextTurn();
    expect(await second.getCalculation(TENANT, calculation.id)).toStrictEqual(calculation);
    const last = makeCalculation();
    await first.insertCalculation(TENANT, last);
    await first.close();
    expect(await second.getCalculation(TENANT, last.id)).toStrictEqual(last);
    await second.close();
  });

  it('look for a taken id in the file unless the engine drew it at random', async () => {
    const store = createSqliteStore({ path: newPath() });
    const calculation = makeCalculation();
    await store.insertCalculation(TENANT, calculation);
    await nextTurn(); // written: only the file holds it now
    // The insert answers synchronously (TaxStore allows it), so a refusal is thrown, not rejected.
    expect(() => store.insertCalculation(TENANT, calculation)).toThrow(/already holds a calculation/);
    // Still in the queue: refused even with the hint, which skips only the read of the file.
    const queued = makeCalculation();
    expect(store.insertCalculation(TENANT, queued, { randomId: true })).toBeUndefined();
    expect(() => store.insertCalculation(TENANT, queued, { randomId: true })).toThrow(/already holds a calculation/);
    // With the hint the file is not read, so the store takes the caller's word.
    expect(store.insertCalculation(TENANT, calculation, { randomId: true })).toBeUndefined();
    await store.close();
  });

  it("refuse a seeded engine's repeated id from another engine on the same file, and pass random ids on", async () => {
    const path = newPath();
    const clock = { now: () => 1_767_225_600_000 };
    const cart = {
      customer: { address: { address_country: 'US', address_province: 'IN', address_postal_code: '46122' } },
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: false,
        line_items: [{ product_category: 'GENERAL_MERCHANDISE' as const, amount: 1_000, quantity: 1 }],
      },
    };
    const seeded = () => createTaxEngine({ store: createSqliteStore({ path }), clock, ids: createSeededIds('s') });
    const [first, second] = [seeded(), seeded()];
    const made = await first.calculations.create(cart);
    expect(made.total_amount_including_tax).toBe(1_070);
    await nextTurn();
    await expect(second.calculations.create(cart)).rejects.toMatchObject({ type: 'STORAGE_UNAVAILABLE' });
    // The refused calculation changed nothing: the first one's record is intact.
    expect((await first.calculations.replay(made.id as string)).total_amount_including_tax).toBe(
      made.total_amount_including_tax,
    );

    const stores = [createSqliteStore({ path }), createSqliteStore({ path })];
    const seen: (boolean | undefined)[] = [];
    const random = stores.map((store) =>
      createTaxEngine({
        store: Object.assign(Object.create(store), {
          insertCalculation: (...args: Parameters<typeof store.insertCalculation>) => {
            seen.push(args[2]?.randomId);
            return store.insertCalculation(...args);
          },
        }) as typeof store,
        clock,
      }),
    );
    const ids = await Promise.all(random.map(async (engine) => (await engine.calculations.create(cart)).id));
    expect(new Set(ids).size).toBe(2);
    expect(seen).toEqual([true, true]);
    await Promise.all([first, second, ...random].map((engine) => engine.close()));
  });

  it('are stored compactly, and rows written as compact or keyed JSON by earlier versions still read', async () => {
    const path = newPath();
    let store = createSqliteStore({ path });
    const calculation = makeCalculation();
    await store.insertCalculation(TENANT, calculation);
    await nextTurn();
    const body = store.client.prepare('SELECT body FROM calculations').pluck().get() as Buffer;
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(body[0]).toBe(RECORD_FORMAT);
    expect(body.length).toBeLessThan(JSON.stringify(calculation).length * 0.7);

    const compact = makeCalculation();
    writeOldCalculationRow(store.client, TENANT, compact.id, compactText(toCompactCalculation(compact)));
    const legacy = makeCalculation();
    writeOldCalculationRow(store.client, TENANT, legacy.id, JSON.stringify(legacy));
    // Opening the file again migrates those rows to records, once.
    await store.close();
    store = createSqliteStore({ path });
    expect(await store.getCalculation(TENANT, compact.id)).toStrictEqual(compact);
    expect(await store.getCalculation(TENANT, legacy.id)).toStrictEqual(legacy);
    await store.close();
  });
});
