// The durable-write floor: one prepared better-sqlite3 INSERT per autocommit, in WAL mode with
// synchronous = FULL (an fsync per commit), of a row the size of a stored transaction. No
// checks, no JSON, no indexes beyond the primary key: what the disk and SQLite allow.
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * @param {string} directory where the database file goes
 * @param {number} bodyBytes size of the `body` column
 * @returns {{ run: () => void, close: () => void }}
 */
export function createRawInsert(directory, bodyBytes) {
  const client = openWal(join(directory, 'raw-floor.db'), 'FULL');
  client.exec(`CREATE TABLE IF NOT EXISTS raw (
    account_id TEXT NOT NULL, mode TEXT NOT NULL, id TEXT NOT NULL, reference_order_id TEXT NOT NULL,
    body TEXT NOT NULL, PRIMARY KEY (account_id, mode, id))`);
  const insert = client.prepare('INSERT INTO raw VALUES (?, ?, ?, ?, ?)');
  const body = 'x'.repeat(bodyBytes);
  let sequence = 0;
  return {
    run() {
      sequence += 1;
      insert.run('bench', 'test', `tr_${sequence}`, `order-${sequence}`, body);
    },
    close: () => client.close(),
  };
}

/**
 * The same raw autocommit INSERT (WAL + FULL), but into taxkit's own `transactions` table in a
 * file its migrations made, with its primary key and the two unique indexes that hold one sale
 * per calculation and per `reference_order_id`: what the ledger's uniqueness alone costs, before
 * taxkit does any work. Each insert copies `row` (a stored transaction) under fresh keys.
 *
 * @param {string} path a database file migrated by `createSqliteStore` and closed again
 * @param {Record<string, unknown>} row a row of `transactions`, as `SELECT *` returns it
 * @returns {{ run: () => void, close: () => void }}
 */
export function createLedgerShapedInsert(path, row) {
  const client = openWal(path, 'FULL');
  const columns = Object.keys(row);
  const insert = client.prepare(
    `INSERT INTO transactions (${columns.join(', ')}) VALUES (${columns.map((name) => `@${name}`).join(', ')})`,
  );
  let sequence = 0;
  return {
    run() {
      sequence += 1;
      insert.run({
        ...row,
        id: `tr_${sequence}`,
        calculation_id: `calc_${sequence}`,
        reference_order_id: `order-${sequence}`,
      });
    },
    close: () => client.close(),
  };
}

/**
 * A ceiling for the SQLite calculation row: what a store writing one row per calculation pays
 * at the least. Each calculation's row is a copy of `row` (a row taxkit wrote, so the same
 * columns, body bytes and indexes) under the calculation's own id, queued and inserted with one
 * prepared statement, in batches of up to 512 per transaction at the end of the event-loop turn,
 * with `synchronous = NORMAL`: the quote writer's batching, without encoding the calculation,
 * checking ids or keeping templates. Nothing is kept in memory.
 *
 * @template {import('../../dist/src/ports/store.js').TaxStore} S
 * @param {S} store whose other methods the wrapper keeps
 * @param {string} path a database file migrated by `createSqliteStore` and closed again
 * @param {Record<string, unknown>} row a row of `calculations`, as `SELECT *` returns it
 * @returns {{ store: S, close: () => void }}
 */
export function createRawCalculationInsert(store, path, row) {
  const client = openWal(path, 'NORMAL');
  const columns = Object.keys(row);
  const idAt = columns.indexOf('id');
  const insert = client.prepare(
    `INSERT INTO calculations (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  const values = Object.values(row);
  /** @type {string[]} */
  let queue = [];
  const writeBatch = client.transaction((/** @type {string[]} */ ids) => {
    for (const id of ids) {
      values[idAt] = id;
      insert.run(values);
    }
  });
  const flush = () => {
    const ids = queue;
    queue = [];
    if (ids.length > 0) writeBatch(ids);
  };
  return {
    store: {
      ...store,
      name: 'raw-calculation-insert',
      insertCalculation: (/** @type {unknown} */ _tenant, /** @type {{ id: string }} */ calculation) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push(calculation.id);
        if (queue.length >= 512) flush();
      },
    },
    close: () => {
      flush();
      client.close();
    },
  };
}

/**
 * A better-sqlite3 connection to `path` in WAL mode with the given `synchronous` level.
 * @param {string} path
 * @param {'FULL' | 'NORMAL'} synchronous
 */
function openWal(path, synchronous) {
  const client = new Database(path);
  client.pragma('journal_mode = WAL');
  client.pragma(`synchronous = ${synchronous}`);
  return client;
}
