/* eslint-disable no-await-in-loop -- writes happen one after another on purpose */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore, migratePostgres, type PostgresTaxStore } from '../../../adapters/postgres/index.ts';
import { createTaxEngine } from '../../../src/engine.ts';
import { expectTaxError, outcomesOf } from '../../conformance/assertions.ts';
import { planFullRefund, planReversal, refusingPriorRefunds } from '../../conformance/planners.ts';
import { makeLocalTable, makeRateRecord } from '../../helpers/rate-records.ts';
import { makeCalculation, makeTaxLine, makeTransaction, nextId, TENANT } from '../../helpers/records.ts';
import { freePort } from './start-postgres.ts';
import { createTestDatabase } from './test-database.ts';

const journal = JSON.parse(
  readFileSync(new URL('../../../adapters/postgres/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

let url: string;
let schemas = 0;
/** Each call's outcome in call order: 'ok' or its error type. */
const inOrder = (results: readonly PromiseSettledResult<unknown>[]) =>
  results.map((result) => (result.status === 'fulfilled' ? 'ok' : (result.reason as { type?: string }).type));
/** A schema of its own for a test that needs an empty, unmigrated place. */
const freshSchema = () => `t_${process.pid}_${(schemas += 1)}`;

beforeAll(async () => {
  url = await createTestDatabase();
});

describe('postgres store', () => {
  const open: PostgresTaxStore[] = [];
  const track = async (store: Promise<PostgresTaxStore>) => {
    const opened = await store;
    open.push(opened);
    return opened;
  };
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
  });

  it('applies the migrations on open, once, even when several instances open at the same moment', async () => {
    const schema = freshSchema();
    const stores = await Promise.all(
      [0, 1, 2, 3].map(() => track(createPostgresStore({ connectionString: url, schema, poolSize: 1 }))),
    );
    const { rows } = await (stores[0] as PostgresTaxStore).pool.query(
      `SELECT count(*)::int AS n FROM __drizzle_migrations`,
    );
    expect(rows[0].n).toBe(journal.entries.length);
    const tables = await (stores[0] as PostgresTaxStore).pool.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
      [schema],
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      '__drizzle_migrations',
      'calculations',
      'certificate_requests',
      'certificates',
      'customers',
      'exchange_rates',
      'housekeeping',
      'merchants',
      'products',
      'rate_snapshots',
      'rate_tables',
      'refund_reversals',
      'refunds',
      'registrations',
      'transactions',
    ]);
  });

  it('migratePostgres migrates, and running it again changes nothing; migrate: false touches nothing', async () => {
    await migratePostgres(url);
    await migratePostgres(url);
    const untouched = freshSchema();
    const store = await track(createPostgresStore({ connectionString: url, schema: untouched, migrate: false }));
    const found = await store.pool.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [
      untouched,
    ]);
    expect(found.rowCount).toBe(0);
    await expectTaxError(store.getTransaction(TENANT, 'tr_1'), 'STORAGE_UNAVAILABLE');
  });

  it('keeps each schema apart', async () => {
    const [first, second] = await Promise.all([
      track(createPostgresStore({ connectionString: url, schema: freshSchema() })),
      track(createPostgresStore({ connectionString: url, schema: freshSchema() })),
    ]);
    const transaction = makeTransaction();
    await first.insertTransactions(TENANT, [transaction]);
    expect(await second.getTransaction(TENANT, transaction.id)).toBeUndefined();
    await second.insertTransactions(TENANT, [transaction]);
  });

  it('refuses bad options with INVALID_VALUE before connecting', async () => {
    const pool = new pg.Pool({ connectionString: url });
    try {
      for (const options of [
        {},
        { connectionString: url, pool },
        { connectionString: url, schema: 'Bad-Name' },
        { connectionString: url, schema: 'pg_reserved' },
        { pool, schema: 'fine' },
        { connectionString: url, poolSize: 0 },
      ]) {
        await expectTaxError(createPostgresStore(options), 'INVALID_VALUE');
      }
    } finally {
      await pool.end();
    }
  });

  it('borrows a pool it is given and leaves it open on close', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      const store = await createPostgresStore({ pool });
      const transaction = makeTransaction();
      await store.insertTransactions(TENANT, [transaction]);
      await store.close();
      await expectTaxError(store.getTransaction(TENANT, transaction.id), 'STORAGE_UNAVAILABLE');
      expect((await pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('fails fast with STORAGE_UNAVAILABLE when no server listens, never hanging', async () => {
    const nowhere = `postgres://postgres:x@127.0.0.1:${await freePort()}/postgres`;
    const started = Date.now();
    const error = await expectTaxError(
      createPostgresStore({ connectionString: nowhere, retryForMs: 200 }),
      'STORAGE_UNAVAILABLE',
    );
    expect(error.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('gives up on a row locked too long with STORAGE_UNAVAILABLE, writing nothing', async () => {
    const store = await track(createPostgresStore({ connectionString: url, statementTimeoutMs: 300 }));
    const transaction = makeTransaction();
    await store.insertTransactions(TENANT, [transaction]);
    const blocker = await store.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM transactions WHERE id = $1 FOR UPDATE', [Buffer.from(transaction.id)]);
      const started = Date.now();
      await expectTaxError(store.insertRefund(TENANT, transaction.id, planFullRefund()), 'STORAGE_UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await blocker.query('ROLLBACK');
      blocker.release();
    }
    expect((await store.listRefunds(TENANT, transaction.id, { limit: 10 })).items).toEqual([]);
  });

  it('reports a corrupt row as STORAGE_UNAVAILABLE with the parse error as cause', async () => {
    const store = await track(createPostgresStore({ connectionString: url, schema: freshSchema() }));
    const transaction = makeTransaction();
    await store.insertTransactions(TENANT, [transaction]);
    await store.pool.query("UPDATE transactions SET body = '{not json'");
    const error = await expectTaxError(store.getTransaction(TENANT, transaction.id), 'STORAGE_UNAVAILABLE');
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('records a sale of its own in one statement that still refuses a calculation recorded as the other type', async () => {
    const store = await track(createPostgresStore({ connectionString: url, schema: freshSchema() }));
    const fee = makeTransaction({ type: 'fee' });
    await store.insertTransactions(TENANT, [fee]);
    const order = makeTransaction({ type: 'order', calculationId: fee.calculationId });
    await expectTaxError(store.insertTransactions(TENANT, [order]), 'CALCULATION_ALREADY_RECORDED');
    expect(await store.getTransaction(TENANT, order.id)).toBeUndefined();
    // Every statement the store's connections send while it records one more sale.
    const statements: string[] = [];
    const client = await store.pool.connect();
    client.release();
    const fresh = makeTransaction();
    const original = Object.getPrototypeOf(client).query;
    Object.getPrototypeOf(client).query = function (this: unknown, config: unknown, ...rest: unknown[]) {
      statements.push(typeof config === 'string' ? config : String((config as { text: string }).text));
      return original.call(this, config, ...rest);
    };
    try {
      await store.insertTransactions(TENANT, [fresh]);
    } finally {
      Object.getPrototypeOf(client).query = original;
    }
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^insert into "transactions" .* where not exists/);
    expect(await store.getTransaction(TENANT, fresh.id)).toStrictEqual(fresh);
  });

  it('commits sales arriving together in one statement, each acknowledged after it, each clash answered alone', async () => {
    const store = await track(createPostgresStore({ connectionString: url, schema: freshSchema() }));
    const taken = makeTransaction();
    await store.insertTransactions(TENANT, [taken]);
    const fresh = Array.from({ length: 12 }, () => makeTransaction());
    const duplicateOrder = makeTransaction({ referenceOrderId: taken.referenceOrderId });
    const recordedAgain = makeTransaction({ calculationId: taken.calculationId, type: 'fee' });
    // Two of one calculation in one group: the statement's check cannot see its own rows.
    const twin = makeTransaction({ calculationId: (fresh[0] as { calculationId: string }).calculationId, type: 'fee' });
    const outcomes = inOrder(
      await Promise.allSettled(
        [...fresh, duplicateOrder, recordedAgain, twin].map((sale) => store.insertTransactions(TENANT, [sale])),
      ),
    );
    expect(outcomes.slice(0, 12)).toEqual(fresh.map(() => 'ok'));
    expect(outcomes.slice(12)).toEqual([
      'DUPLICATE_REFERENCE_ORDER_ID',
      'CALCULATION_ALREADY_RECORDED',
      'CALCULATION_ALREADY_RECORDED',
    ]);
    for (const sale of fresh) expect(await store.getTransaction(TENANT, sale.id)).toStrictEqual(sale);
    // One database transaction wrote the twelve (xmin: the id of the transaction that wrote a row).
    const { rows } = await store.pool.query(
      'SELECT count(DISTINCT xmin::text)::int AS commits, count(*)::int AS sales FROM transactions',
    );
    expect(rows[0]).toEqual({ commits: 2, sales: 13 });
  });

  it('fails every sale of a group whose statement fails with STORAGE_UNAVAILABLE, writing none of them', async () => {
    const store = await track(createPostgresStore({ connectionString: url, schema: freshSchema() }));
    // A row the database refuses for a reason other than a clash fails the whole statement.
    await store.pool.query(`ALTER TABLE transactions ADD CONSTRAINT poison CHECK (body NOT LIKE '%"poison"%')`);
    const group = [makeTransaction(), makeTransaction({ referenceOrderId: 'poison' }), makeTransaction()];
    const outcomes = inOrder(await Promise.allSettled(group.map((sale) => store.insertTransactions(TENANT, [sale]))));
    expect(outcomes).toEqual(['STORAGE_UNAVAILABLE', 'STORAGE_UNAVAILABLE', 'STORAGE_UNAVAILABLE']);
    const { rows } = await store.pool.query('SELECT count(*)::int AS sales FROM transactions');
    expect(rows[0].sales).toBe(0);
  });

  it('keeps money totals in bigint columns a report can sum exactly', async () => {
    const store = await track(createPostgresStore({ connectionString: url, schema: freshSchema() }));
    const max = Number.MAX_SAFE_INTEGER;
    const line = makeTaxLine({ amountExcludingTaxMinor: max, taxMinor: max, amountIncludingTaxMinor: max });
    await store.insertTransactions(TENANT, [makeTransaction({ lines: [line, line, line] })]);
    await store.insertTransactions(TENANT, [makeTransaction({ lines: [makeTaxLine({ taxMinor: 5 })] })]);
    const { rows } = await store.pool.query('SELECT sum(tax_minor)::text AS total FROM transactions');
    expect(BigInt(rows[0].total)).toBe(3n * BigInt(max) + 5n);
  });

  it('serialises refunds of one transaction made through two stores (two pools)', async () => {
    const [first, second] = await Promise.all([
      track(createPostgresStore({ connectionString: url, poolSize: 3 })),
      track(createPostgresStore({ connectionString: url, poolSize: 3 })),
    ]);
    const transaction = makeTransaction();
    await first.insertTransactions(TENANT, [transaction]);
    // Each planner allows one refund only: a second sees the balance the first one took.
    const once = (store: PostgresTaxStore) =>
      store.insertRefund(TENANT, transaction.id, refusingPriorRefunds(planFullRefund()));
    const settled = await Promise.allSettled([once(first), once(second), once(first), once(second)]);
    expect(outcomesOf(settled)).toEqual([...Array(3).fill('TRANSACTION_FULLY_REFUNDED'), 'ok']);
    const [refund] = (await second.listRefunds(TENANT, transaction.id, { limit: 10 })).items;
    const reversals = await Promise.allSettled([
      first.reverseRefund(TENANT, refund?.id as string, planReversal()),
      second.reverseRefund(TENANT, refund?.id as string, planReversal()),
    ]);
    expect(outcomesOf(reversals)).toEqual(['REFUND_ALREADY_REVERSED', 'ok']);
  });

  it('sweeps in one instance at a time: a held sweep lock makes the others skip', async () => {
    const schema = freshSchema();
    const [first, second] = await Promise.all([
      track(createPostgresStore({ connectionString: url, schema })),
      track(createPostgresStore({ connectionString: url, schema })),
    ]);
    for (let i = 0; i < 5; i += 1)
      await first.insertCalculation(TENANT, makeCalculation({ id: nextId('calc'), expiresAt: 100 }));
    const holder = await first.pool.connect();
    try {
      // The sweep's lock key, held as another instance's sweep would hold it.
      await holder.query('SELECT pg_advisory_lock($1)', [0x746b_7377_70n.toString()]);
      expect(await second.deleteCalculationsExpiredBefore(1000)).toBe(0);
      await holder.query('SELECT pg_advisory_unlock($1)', [0x746b_7377_70n.toString()]);
    } finally {
      holder.release();
    }
    expect(await second.deleteCalculationsExpiredBefore(1000)).toBe(5);
    // Another instance's sweep up to the same time finds the job done.
    await first.insertCalculation(TENANT, makeCalculation({ id: nextId('calc'), expiresAt: 100 }));
    expect(await first.deleteCalculationsExpiredBefore(1000)).toBe(0);
    expect(await first.deleteCalculationsExpiredBefore(1001)).toBe(1);
  });

  it('an engine on one store calculates with rates another instance imported, without a restart', async () => {
    const schema = freshSchema();
    const [mine, theirs] = await Promise.all([
      track(createPostgresStore({ connectionString: url, schema })),
      track(createPostgresStore({ connectionString: url, schema })),
    ]);
    const engine = createTaxEngine({
      store: mine,
      clock: { now: () => Date.UTC(2026, 3, 15) },
      ratesCheckIntervalMs: 0,
    });
    const sale = {
      customer: { address: { address_country: 'US', address_province: 'CA', address_postal_code: '90002' } },
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: false,
        line_items: [{ product_category: 'GENERAL_MERCHANDISE' as const, amount: 10_000, quantity: 1 }],
      },
    };
    expect((await engine.calculations.create(sale)).total_tax_amount).toBe(725);
    const outcome = await theirs.importRateTables([makeRateRecord(makeLocalTable())]);
    expect(outcome.revision).toBe(1);
    expect((await engine.calculations.create(sale)).total_tax_amount).toBe(700);
    expect(await mine.rateRevision()).toBe(1);
    expect((await mine.listRateTables()).map((table) => table.revision)).toEqual([1]);
  });

  it('two instances importing at once get consecutive revisions, each table once', async () => {
    const schema = freshSchema();
    const [first, second] = await Promise.all([
      track(createPostgresStore({ connectionString: url, schema })),
      track(createPostgresStore({ connectionString: url, schema })),
    ]);
    const tables = ['90001', '90002', '90003'].map((zip) => makeRateRecord(makeLocalTable({ zip })));
    const outcomes = await Promise.all([
      first.importRateTables(tables),
      second.importRateTables(tables),
      second.importRateTables([makeRateRecord(makeLocalTable({ zip: '90004' }))]),
    ]);
    // The two imports that added tables made revisions 1 and 2; the repeat of the same tables,
    // whenever it ran, added nothing and reported the revision of that moment.
    const adding = outcomes.filter((outcome) => outcome.added.length > 0);
    expect(adding.map((outcome) => outcome.revision).toSorted()).toEqual([1, 2]);
    expect(outcomes.filter((outcome) => outcome.added.length === 0)).toHaveLength(1);
    expect(outcomes.flatMap((outcome) => outcome.added).toSorted()).toEqual(
      [...tables.map((table) => table.id), makeRateRecord(makeLocalTable({ zip: '90004' })).id].toSorted(),
    );
    expect((await first.loadRateTables()).tables).toHaveLength(4);
  });
});
