/* eslint-disable no-await-in-loop -- rounds and writes happen one after another on purpose */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { createSqliteStore, migrateSqlite, type SqliteTaxStore } from '../../adapters/sqlite/index.ts';
import { TaxError } from '../../src/core/errors.ts';
import { remainingBalance, type LineBalance } from '../../src/core/ledger/remaining-balance.ts';
import type { Refund } from '../../src/core/types.ts';
import type { RefundPlanner } from '../../src/ports/store.ts';
import {
  AT,
  makeCalculation,
  makeCustomer,
  makeMerchant,
  makeProduct,
  makeRefund,
  makeRefundLine,
  makeTaxLine,
  makeTransaction,
  TENANT,
} from '../helpers/records.ts';
import { describeTaxStore } from '../conformance/store.suite.ts';
import { allRefunds, expectTaxError, outcomesOf } from '../conformance/assertions.ts';
import { planFullRefund, planReversal, refusingPriorRefunds } from '../conformance/planners.ts';
import { makeLocalTable, makeRateRecord } from '../helpers/rate-records.ts';
import { startChild, tsxLoader, type Child } from './fixtures/start-child.ts';

const directory = mkdtempSync(join(tmpdir(), 'taxkit-sqlite-'));
let files = 0;
/** A new database file name in this run's temporary directory. */
const newPath = () => join(directory, `store-${(files += 1)}.db`);

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describeTaxStore('sqlite', () => createSqliteStore({ path: newPath() }));

const TABLES = [
  'calculation_templates',
  'calculations',
  'certificate_requests',
  'certificates',
  'customers',
  'exchange_rates',
  'merchants',
  'products',
  'rate_snapshots',
  'rate_tables',
  'refund_reversals',
  'refunds',
  'registrations',
  'transactions',
] as const;

const journal = JSON.parse(
  readFileSync(new URL('../../adapters/sqlite/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

describe('sqlite store', () => {
  const open: SqliteTaxStore[] = [];
  const track = (store: SqliteTaxStore) => {
    open.push(store);
    return store;
  };
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
  });

  it('works out the running refund balance of a transaction written before it was kept', async () => {
    const path = newPath();
    const store = track(createSqliteStore({ path }));
    const line = makeTaxLine({ amountExcludingTaxMinor: 1_000, taxMinor: 70, amountIncludingTaxMinor: 1_070 });
    const transaction = makeTransaction({ lines: [line] });
    await store.insertTransactions(TENANT, [transaction]);
    const tenth =
      (id: string): RefundPlanner =>
      () =>
        makeRefund({
          id,
          transactionId: transaction.id,
          lines: [makeRefundLine(line, { amountExcludingTaxMinor: -100, taxMinor: -7, amountIncludingTaxMinor: -107 })],
        });
    const first = await store.insertRefund(TENANT, transaction.id, tenth('ref_1'));
    const second = await store.insertRefund(TENANT, transaction.id, tenth('ref_2'));
    const reversed = await store.reverseRefund(TENANT, second.id, planReversal());
    // As a database migrated from before the `remaining` column holds it.
    const raw = new Database(path);
    raw.prepare('UPDATE transactions SET remaining = NULL').run();
    raw.close();
    const seen: (readonly LineBalance[])[] = [];
    const watching: RefundPlanner = (current, remaining) => {
      seen.push(remaining);
      return tenth(`ref_${seen.length + 2}`)(current, remaining);
    };
    await store.insertRefund(TENANT, transaction.id, watching);
    const third = await store.getRefund(TENANT, 'ref_3');
    await store.insertRefund(TENANT, transaction.id, watching);
    expect(seen).toStrictEqual([
      remainingBalance(transaction, [first, reversed]),
      remainingBalance(transaction, [first, reversed, third as Refund]),
    ]);
    expect(seen[1]?.[0]).toMatchObject({ salesMinor: 800, taxMinor: 56 });
  });

  it('keeps every record when the file is reopened', async () => {
    const path = newPath();
    const first = track(createSqliteStore({ path }));
    const calculation = makeCalculation();
    const transaction = makeTransaction({ calculationId: calculation.id });
    const product = makeProduct();
    const customer = makeCustomer();
    const merchant = makeMerchant();
    await first.insertCalculation(TENANT, calculation);
    await first.insertTransactions(TENANT, [transaction]);
    const refund = await first.insertRefund(TENANT, transaction.id, planFullRefund());
    const reversed = await first.reverseRefund(TENANT, refund.id, planReversal());
    await first.insertProduct(TENANT, product);
    await first.insertCustomer(TENANT, customer);
    await first.insertMerchant(TENANT, merchant);
    await first.close();

    const second = track(createSqliteStore({ path }));
    expect(await second.getCalculation(TENANT, calculation.id)).toStrictEqual(calculation);
    expect(await second.getTransaction(TENANT, transaction.id)).toStrictEqual(transaction);
    expect(await allRefunds(second, TENANT, transaction.id)).toStrictEqual([reversed]);
    expect(await second.getProduct(TENANT, product.referenceProductId)).toStrictEqual(product);
    expect(await second.getCustomer(TENANT, customer.id)).toStrictEqual(customer);
    expect(await second.getMerchant(TENANT, merchant.id)).toStrictEqual(merchant);
  });

  it('opens the file in WAL mode, durable by default', () => {
    const store = track(createSqliteStore({ path: newPath() }));
    expect(store.client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.client.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(store.client.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.client.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('commits calculations (quotes) in batches without their own fsync, and every sale with one', async () => {
    const store = track(createSqliteStore({ path: newPath() }));
    const modes: number[] = [];
    // The switch runs as prepared statements: watch every statement's `run` for it.
    const statements = Object.getPrototypeOf(store.client.prepare('SELECT 1')) as {
      run: (...args: unknown[]) => unknown;
    };
    const run = statements.run;
    onTestFinished(() => {
      statements.run = run;
    });
    statements.run = function (this: { source: string }, ...args: unknown[]) {
      if (this.source.startsWith('PRAGMA synchronous =')) modes.push(this.source.endsWith('NORMAL') ? 1 : 2);
      return run.apply(this, args);
    };
    const calculation = makeCalculation();
    const others = [makeCalculation(), makeCalculation()];
    for (const each of [calculation, ...others]) await store.insertCalculation(TENANT, each);
    // Readable at once; written together at the end of the event-loop turn, with one switch to
    // NORMAL and back for the whole batch.
    expect(await store.getCalculation(TENANT, calculation.id)).toStrictEqual(calculation);
    await nextTurn();
    expect(modes).toEqual([1, 2]);
    expect(store.client.prepare('SELECT count(*) FROM calculations').pluck().get()).toBe(3);
    expect(store.client.pragma('synchronous', { simple: true })).toBe(2);
    expect(() => store.insertCalculation(TENANT, calculation)).toThrow(TaxError);
    expect(store.client.pragma('synchronous', { simple: true })).toBe(2); // restored after a failure too
    await store.insertTransactions(TENANT, [makeTransaction({ calculationId: calculation.id })]);
    expect(modes).toEqual([1, 2]); // the sale committed as it is: FULL
    expect(await store.getCalculation(TENANT, calculation.id)).toStrictEqual(calculation);
  });

  it('uses synchronous = NORMAL when not durable', () => {
    const store = track(createSqliteStore({ path: newPath(), durable: false }));
    expect(store.client.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
  });

  it('applies the migrations folder on open, once', async () => {
    const path = newPath();
    await track(createSqliteStore({ path })).close();
    const store = track(createSqliteStore({ path }));
    const tables = store.client
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all();
    expect(tables).toEqual(['__drizzle_migrations', ...TABLES]);
    const applied = store.client.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get();
    expect(applied).toBe(journal.entries.length);
  });

  it('migrateSqlite creates and migrates a file, and running it again changes nothing', () => {
    const path = newPath();
    migrateSqlite(path);
    migrateSqlite(path);
    const client = new Database(path, { readonly: true });
    try {
      const names = client.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
      expect(names).toEqual(expect.arrayContaining([...TABLES]));
      expect(client.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()).toBe(journal.entries.length);
    } finally {
      client.close();
    }
  });

  it("keeps a rate table's record as its JSON text, as reports over the file read it", async () => {
    const store = track(createSqliteStore({ path: newPath() }));
    const table = { ...makeLocalTable({ state: 'NM', zip: '88001' }), source: 'Doña Ana "county" \\ rates 😀' };
    const imported = makeRateRecord(table, { format: 'avalara-zip5' });
    const base = makeRateRecord(makeLocalTable({ state: 'IN', zip: '46122' }), { format: 'base' });
    await store.importRateTables([imported]);
    await store.saveRateSnapshot({ id: 'snap', tableIds: [imported.id, base.id], createdAt: 1 }, [base]);
    const rows = store.client
      .prepare('SELECT id, typeof(body) AS type, body FROM rate_tables ORDER BY active_seq IS NULL, id')
      .all();
    expect(rows).toEqual([
      { id: imported.id, type: 'text', body: JSON.stringify(imported) },
      { id: base.id, type: 'text', body: JSON.stringify(base) },
    ]);
  });

  it('reports a file it cannot open as STORAGE_UNAVAILABLE', () => {
    const path = join(directory, 'no-such-directory', 'taxkit.db');
    for (const attempt of [() => createSqliteStore({ path }), () => migrateSqlite(path)]) {
      let thrown: unknown;
      try {
        attempt();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(TaxError);
      expect((thrown as TaxError).type).toBe('STORAGE_UNAVAILABLE');
      expect((thrown as TaxError).cause).toBeInstanceOf(Error);
    }
  });

  it('reports a corrupt row as STORAGE_UNAVAILABLE with the parse error as cause', async () => {
    const store = track(createSqliteStore({ path: newPath() }));
    const transaction = makeTransaction();
    await store.insertTransactions(TENANT, [transaction]);
    store.client.prepare("UPDATE transactions SET body = '{not json'").run();
    const error = await expectTaxError(store.getTransaction(TENANT, transaction.id), 'STORAGE_UNAVAILABLE');
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('reports a database locked by another connection as STORAGE_UNAVAILABLE, writing nothing', async () => {
    const path = newPath();
    const store = track(createSqliteStore({ path }));
    store.client.pragma('busy_timeout = 50');
    const other = new Database(path);
    try {
      other.prepare('BEGIN IMMEDIATE').run();
      const transaction = makeTransaction();
      const error = await expectTaxError(store.insertTransactions(TENANT, [transaction]), 'STORAGE_UNAVAILABLE');
      expect((error.cause as { code?: string }).code).toBe('SQLITE_BUSY');
      other.prepare('ROLLBACK').run();
      expect(await store.getTransaction(TENANT, transaction.id)).toBeUndefined();
    } finally {
      other.close();
    }
  });

  it('keeps money totals in integer columns a report can sum exactly', async () => {
    const store = track(createSqliteStore({ path: newPath() }));
    const max = Number.MAX_SAFE_INTEGER;
    const line = makeTaxLine({ amountExcludingTaxMinor: max, taxMinor: max, amountIncludingTaxMinor: max });
    await store.insertTransactions(TENANT, [makeTransaction({ lines: [line, line, line] })]);
    await store.insertTransactions(TENANT, [makeTransaction({ lines: [makeTaxLine({ taxMinor: 5 })] })]);
    const total = store.client
      .prepare('SELECT sum(tax_minor) FROM transactions WHERE account_id = ? AND mode = ?')
      .pluck()
      .safeIntegers()
      .get(TENANT.accountId, TENANT.mode);
    expect(total).toBe(3n * BigInt(max) + 5n);
    const type = store.client.prepare('SELECT DISTINCT typeof(tax_minor) FROM transactions').pluck().all();
    expect(type).toEqual(['integer']);
  });
});

describe.skipIf(tsxLoader === undefined)('sqlite store across processes (tsx runs the adapter in children)', () => {
  const children: Child[] = [];
  const start = (...args: Parameters<typeof startChild>) => {
    const child = startChild(...args);
    children.push(child);
    return child;
  };
  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
  });

  it('lets exactly one of two processes record a reference_order_id, every time', async () => {
    const path = newPath();
    migrateSqlite(path);
    const pair = [start('serve', path), start('serve', path)];
    expect(await Promise.all(pair.map((child) => child.nextLine()))).toEqual(['ready', 'ready']);
    for (let round = 0; round < 25; round++) {
      // The barrier: both children are blocked reading stdin, and get the line at once.
      for (const child of pair) child.send(`order race-${round}`);
      const answers = await Promise.all(pair.map((child) => child.nextLine()));
      expect(answers.toSorted()).toEqual(['DUPLICATE_REFERENCE_ORDER_ID', 'ok']);
    }
  });

  it('lets exactly one of two processes refund a transaction whose planner refuses a second', async () => {
    const path = newPath();
    const parent = createSqliteStore({ path });
    const transactions = Array.from({ length: 10 }, () => makeTransaction());
    await parent.insertTransactions(TENANT, transactions);
    const pair = [start('serve', path), start('serve', path)];
    await Promise.all(pair.map((child) => child.nextLine()));
    for (const transaction of transactions) {
      for (const child of pair) child.send(`refund ${transaction.id}`);
      const answers = await Promise.all(pair.map((child) => child.nextLine()));
      expect(answers.toSorted()).toEqual(['TRANSACTION_FULLY_REFUNDED', 'ok']);
      expect(await allRefunds(parent, TENANT, transaction.id)).toHaveLength(1);
    }
    await parent.close();
  });

  it('lets two processes open and migrate a new file at the same moment', async () => {
    const pair = [start('open', ''), start('open', '')];
    expect(await Promise.all(pair.map((child) => child.nextLine()))).toEqual(['ready', 'ready']);
    for (let round = 0; round < 10; round++) {
      const path = newPath();
      for (const child of pair) child.send(path);
      expect(await Promise.all(pair.map((child) => child.nextLine()))).toEqual(['ok', 'ok']);
      const store = createSqliteStore({ path });
      const count = store.client.prepare('SELECT count(*) FROM transactions').pluck().get();
      await store.close();
      expect(count).toBe(2);
    }
  });

  it('keeps every acknowledged transaction when the writing process is killed', async () => {
    const path = newPath();
    migrateSqlite(path);
    const child = start('flood', path);
    const acknowledged: string[] = [];
    while (acknowledged.length < 200) acknowledged.push(await child.nextLine());
    child.process.kill('SIGKILL');
    await child.exited;
    // Lines that were in the pipe when it died were acknowledged too.
    acknowledged.splice(0, acknowledged.length, ...child.lines);

    const store = createSqliteStore({ path });
    try {
      expect(store.client.pragma('integrity_check', { simple: true })).toBe('ok');
      const missing: string[] = [];
      for (const id of acknowledged) {
        if ((await store.getTransaction(TENANT, id)) === undefined) missing.push(id);
      }
      expect(missing).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(200);
    } finally {
      await store.close();
    }
  });
});

describe('sqlite store concurrency in one process', () => {
  it('serialises concurrent refunds from two stores on one file', async () => {
    const path = newPath();
    const [first, second] = [createSqliteStore({ path }), createSqliteStore({ path })];
    const transaction = makeTransaction();
    await first.insertTransactions(TENANT, [transaction]);
    const refuse = refusingPriorRefunds(planFullRefund());
    const settled = await Promise.allSettled([
      first.insertRefund(TENANT, transaction.id, refuse),
      second.insertRefund(TENANT, transaction.id, refuse),
    ]);
    expect(outcomesOf(settled)).toEqual(['TRANSACTION_FULLY_REFUNDED', 'ok']);
    await first.deleteTransaction(TENANT, transaction.id, AT);
    expect(await second.getTransaction(TENANT, transaction.id)).toBeUndefined();
    await first.close();
    await second.close();
  });
});
