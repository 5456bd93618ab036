// Durable writes in-process, one client: recording transactions through the engine on a durable
// SQLite file (fsync before each acknowledgement) beside a raw autocommit INSERT of a row the
// same size in WAL + FULL, one after the other. For orientation, a ceiling beside it: the same
// raw INSERT into taxkit's own transactions table, with the indexes that keep the ledger's
// uniqueness, against the same floor.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchCart } from '../cart.mjs';
import { sqlite, taxkit } from '../harness/dist.mjs';
import { compare } from '../harness/measure.mjs';
import { createLedgerShapedInsert, createRawInsert } from '../floors/raw-sqlite-insert.mjs';

/** Operations per round: a durable write costs an fsync, so rounds count writes, not time. */
const OPS = 600;

/**
 * Calculations made before a round (untimed), so the round times only the recording.
 * @param {any} engine
 * @param {number} count
 * @returns {Promise<string[]>}
 */
async function makeCalculations(engine, count) {
  const cart = benchCart(3);
  const ids = [];
  for (let index = 0; index < count; index += 1) ids.push((await engine.calculations.create(cart)).id);
  return ids;
}

/** @param {{ rounds: number }} settings */
export async function runDurable({ rounds }) {
  const directory = mkdtempSync(join(tmpdir(), 'taxkit-bench-durable-'));
  const store = sqlite.createSqliteStore({ path: join(directory, 'durable.db') });
  const engine = taxkit.createTaxEngine({ store });
  let order = 0;
  /** @type {string[]} */
  let pending = [];
  const record = () =>
    engine.transactions.create({ calculation_id: pending.pop(), reference_order_id: `order-${++order}` });
  // One transaction first, to size the floor's row like the store's.
  pending = await makeCalculations(engine, 1);
  await record();
  const bodyBytes = /** @type {number} */ (
    store.client.prepare('SELECT max(length(body)) FROM transactions').pluck().get()
  );
  const raw = createRawInsert(directory, bodyBytes);
  const template = store.client.prepare('SELECT * FROM transactions LIMIT 1').get();
  const ledgerPath = join(directory, 'ledger-shaped.db');
  await sqlite.createSqliteStore({ path: ledgerPath }).close();
  const ledgerShaped = createLedgerShapedInsert(ledgerPath, /** @type {Record<string, unknown>} */ (template));
  const rawFloor = {
    label: `raw better-sqlite3 INSERT, WAL + FULL, ${bodyBytes}-byte row`,
    run: raw.run,
    opsPerRound: OPS,
  };

  const result = await compare({
    subject: {
      label: 'engine.transactions.create, SQLite durable',
      run: record,
      opsPerRound: OPS,
      beforeRound: async (count) => {
        pending = await makeCalculations(engine, count);
      },
    },
    floor: rawFloor,
    rounds,
    ms: 0,
  });
  const ceiling = await compare({
    subject: {
      label: "the same raw INSERT into taxkit's transactions table (primary key + 2 unique indexes)",
      run: ledgerShaped.run,
      opsPerRound: OPS,
    },
    floor: rawFloor,
    rounds,
    ms: 0,
  });
  raw.close();
  ledgerShaped.close();
  await engine.close();
  rmSync(directory, { recursive: true, force: true });
  return [
    { measure: 'durable transaction, SQLite, 1 client', ...result, target: { ratio: 0.9 } },
    {
      measure: "ceiling for the row above: the raw INSERT with the ledger's unique indexes",
      ...ceiling,
      target: { orientation: true },
    },
  ];
}
