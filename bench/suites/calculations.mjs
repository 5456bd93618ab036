// Calculations in-process: the memory store against a store that discards calculations, and the
// SQLite store against the memory store. Each measure beside its floor, in the same rounds. For
// orientation, against the same floors: a store keeping the engine's objects by reference (the
// simplest way to keep them), and the SQLite row's ceiling, a raw batched INSERT of the same row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchCart } from '../cart.mjs';
import { memory, sqlite, taxkit } from '../harness/dist.mjs';
import { compare } from '../harness/measure.mjs';
import { createDiscardingStore } from '../floors/discarding-store.mjs';
import { createRawCalculationInsert } from '../floors/raw-sqlite-insert.mjs';
import { createReferenceKeepingStore } from '../floors/reference-keeping-store.mjs';

/** @param {{ rounds: number, ms: number }} settings */
export async function runCalculations({ rounds, ms }) {
  const directory = mkdtempSync(join(tmpdir(), 'taxkit-bench-calc-'));
  const cart = benchCart(3);
  const engineOver = (/** @type {any} */ store) => taxkit.createTaxEngine({ store });
  const memoryEngine = engineOver(memory.createMemoryStore());
  const discardingEngine = engineOver(createDiscardingStore(memory.createMemoryStore()));
  const sqliteStore = sqlite.createSqliteStore({ path: join(directory, 'calc.db') });
  const sqliteEngine = engineOver(sqliteStore);
  // The raw INSERT copies a row the SQLite store wrote for this cart, into a file of its own.
  await sqliteEngine.calculations.create(cart);
  await new Promise((written) => setImmediate(written)); // the quote writer's batch goes at the turn's end
  const rawPath = join(directory, 'raw-calc.db');
  const rawTemplate = sqliteStore.client.prepare('SELECT * FROM calculations LIMIT 1').get();
  await sqlite.createSqliteStore({ path: rawPath }).close();
  const raw = createRawCalculationInsert(createDiscardingStore(memory.createMemoryStore()), rawPath, rawTemplate);
  const rawEngine = engineOver(raw.store);
  const contender = (/** @type {string} */ label, /** @type {any} */ engine) => ({
    label,
    run: () => engine.calculations.create(cart),
  });

  const discarding = contender('same engine, store that discards calculations', discardingEngine);
  const inMemory = contender('memory store', memoryEngine);
  const kept = await compare({ subject: inMemory, floor: discarding, rounds, ms });
  const onDisk = await compare({
    subject: contender('SQLite store (durable file)', sqliteEngine),
    floor: inMemory,
    rounds,
    ms,
  });
  const insertCeiling = await compare({
    subject: contender('raw batched INSERT of the same row, nothing kept in memory', rawEngine),
    floor: inMemory,
    rounds,
    ms,
  });
  await Promise.all([memoryEngine.close(), sqliteEngine.close(), rawEngine.close()]);
  raw.close();
  // Last: the objects it keeps (about 250 MB at 100,000) would slow every measure after it.
  const referenceEngine = engineOver(createReferenceKeepingStore(memory.createMemoryStore()));
  const byReference = await compare({
    subject: contender('store keeping the newest 100,000 calculations by reference', referenceEngine),
    floor: discarding,
    rounds,
    ms,
  });
  await Promise.all([referenceEngine.close(), discardingEngine.close()]);
  rmSync(directory, { recursive: true, force: true });
  return [
    { measure: '3-line calculation, memory store', ...kept, target: { ratio: 0.8 } },
    {
      measure: '3-line calculation, no store kept (validate + compute + serialize)',
      subject: kept.floor,
      target: { absolute: 200_000 },
    },
    {
      measure: 'beside the memory row: a store that keeps the engine’s objects by reference (no copy, no encoding)',
      ...byReference,
      target: { orientation: true },
    },
    { measure: '3-line calculation, SQLite store', ...onDisk, target: { ratio: 0.7 } },
    {
      measure: 'ceiling for the SQLite row: the raw batched INSERT of the same row, no encoding',
      ...insertCeiling,
      target: { orientation: true },
    },
  ];
}
