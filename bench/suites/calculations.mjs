// Calculations in-process: the memory store against a store that discards calculations, and the
// SQLite store against the memory store. Each measure beside its floor, in the same rounds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchCart } from '../cart.mjs';
import { memory, sqlite, taxkit } from '../harness/dist.mjs';
import { compare } from '../harness/measure.mjs';
import { createDiscardingStore } from '../floors/discarding-store.mjs';

/** @param {{ rounds: number, ms: number }} settings */
export async function runCalculations({ rounds, ms }) {
  const directory = mkdtempSync(join(tmpdir(), 'taxkit-bench-calc-'));
  const cart = benchCart(3);
  const engineOver = (/** @type {any} */ store) => taxkit.createTaxEngine({ store });
  const memoryEngine = engineOver(memory.createMemoryStore());
  const discardingEngine = engineOver(createDiscardingStore(memory.createMemoryStore()));
  const sqliteEngine = engineOver(sqlite.createSqliteStore({ path: join(directory, 'calc.db') }));
  const contender = (/** @type {string} */ label, /** @type {any} */ engine) => ({
    label,
    run: () => engine.calculations.create(cart),
  });

  const discarding = contender('same engine, store that discards calculations', discardingEngine);
  const kept = await compare({ subject: contender('memory store', memoryEngine), floor: discarding, rounds, ms });
  const onDisk = await compare({
    subject: contender('SQLite store (durable file)', sqliteEngine),
    floor: contender('memory store', memoryEngine),
    rounds,
    ms,
  });
  await Promise.all([memoryEngine.close(), discardingEngine.close(), sqliteEngine.close()]);
  rmSync(directory, { recursive: true, force: true });
  return [
    { measure: '3-line calculation, memory store', ...kept, target: { ratio: 0.8 } },
    {
      measure: '3-line calculation, no store kept (validate + compute + serialize)',
      subject: kept.floor,
      target: { absolute: 200_000 },
    },
    { measure: '3-line calculation, SQLite store', ...onDisk, target: { ratio: 0.7 } },
  ];
}
