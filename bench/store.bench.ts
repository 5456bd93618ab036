/**
 * How many transactions per second each store records, one `insertTransactions` call (one
 * commit) at a time, beside a raw better-sqlite3 prepared INSERT of a row of the same body size
 * in a database with the same pragmas: the cost of the adapter itself (drizzle, JSON, the
 * IMMEDIATE transaction, the calculation check, the indexes) is the gap between the two.
 *
 * Target (issue): SQLite durable ≥ 5,000 transactions/s and ≥ 0.5 × the raw insert rate.
 * Durable commits are bounded by the disk's fsync rate, which the raw row shows.
 *
 * Run: `npx vitest bench --run bench/store.bench.ts`
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, bench, describe } from 'vitest';
import { createMemoryStore } from '../adapters/memory/index.ts';
import { createSqliteStore } from '../adapters/sqlite/index.ts';
import type { Transaction } from '../src/core/types.ts';
import type { TaxStore } from '../src/ports/store.ts';
import { makeJurisdictionTax, makeTaxLine, makeTransaction, TENANT } from '../test/helpers/records.ts';

const directory = mkdtempSync(join(tmpdir(), 'taxkit-store-bench-'));

/** A realistic order: two lines, each taxed by state, county and district. */
const TEMPLATE: Transaction = makeTransaction({
  lines: ['line-1', 'line-2'].map((referenceLineItemId) =>
    makeTaxLine({
      referenceLineItemId,
      jurisdictions: [
        makeJurisdictionTax(),
        makeJurisdictionTax({ jurisdictionId: 'US-CA-075', name: 'SAN FRANCISCO', authorityType: 'COUNTY' }),
        makeJurisdictionTax({ jurisdictionId: 'US-CA-SFTD', name: 'SF TRANSIT', authorityType: 'DISTRICT' }),
      ],
    }),
  ),
  metadata: { order: 'web-12345', channel: 'checkout' },
});
const BODY_SIZE = JSON.stringify(TEMPLATE).length;

let sequence = 0;
/** The template with fresh ids and keys, so no insert clashes. */
function nextTransaction(): Transaction {
  sequence += 1;
  const n = String(sequence).padStart(12, '0');
  return { ...TEMPLATE, id: `tr_${n}`, calculationId: `calc_${n}`, referenceOrderId: `order-${n}` };
}

/** Records one transaction per call. */
function recorder(store: TaxStore): () => Promise<void> {
  return () => store.insertTransactions(TENANT, [nextTransaction()]);
}

/** The raw baseline: one prepared INSERT per commit, a body of the same size, the same pragmas. */
function rawInsert(file: string, synchronous: 'FULL' | 'NORMAL'): { run: () => void; client: Database.Database } {
  const client = new Database(join(directory, file));
  client.pragma('journal_mode = WAL');
  client.pragma(`synchronous = ${synchronous}`);
  client.exec(`CREATE TABLE raw (
    account_id TEXT NOT NULL, mode TEXT NOT NULL, id TEXT NOT NULL, reference_order_id TEXT NOT NULL,
    body TEXT NOT NULL, PRIMARY KEY (account_id, mode, id))`);
  const insert = client.prepare('INSERT INTO raw VALUES (?, ?, ?, ?, ?)');
  const body = 'x'.repeat(BODY_SIZE);
  return {
    client,
    run: () => {
      const { id, referenceOrderId } = nextTransaction();
      insert.run(TENANT.accountId, TENANT.mode, id, referenceOrderId, body);
    },
  };
}

const memory = createMemoryStore();
const durable = createSqliteStore({ path: join(directory, 'durable.db') });
const fast = createSqliteStore({ path: join(directory, 'normal.db'), durable: false });
const rawFull = rawInsert('raw-full.db', 'FULL');
const rawNormal = rawInsert('raw-normal.db', 'NORMAL');

afterAll(async () => {
  await Promise.all([memory.close(), durable.close(), fast.close()]);
  rawFull.client.close();
  rawNormal.client.close();
  rmSync(directory, { recursive: true, force: true });
});

const options = { time: 3000, warmupTime: 300 };

describe(`record one transaction, durable (WAL, synchronous FULL), body ${BODY_SIZE} bytes`, () => {
  bench('memory store', recorder(memory), options);
  bench('sqlite store (durable)', recorder(durable), options);
  bench('raw better-sqlite3 INSERT (WAL, FULL)', rawFull.run, options);
});

describe('record one transaction, not durable (WAL, synchronous NORMAL)', () => {
  bench('sqlite store (durable: false)', recorder(fast), options);
  bench('raw better-sqlite3 INSERT (WAL, NORMAL)', rawNormal.run, options);
});
