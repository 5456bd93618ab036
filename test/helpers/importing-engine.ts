import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';

/**
 * An engine over a fresh memory store, at a fixed time, with counting ids, that asks the store
 * for its rate revision before every calculation: a test imports or removes a rate table and
 * the next calculation uses the change.
 */
export function createImportingEngine(nowMs: number) {
  const store = createMemoryStore();
  const engine = createTaxEngine({
    store,
    clock: { now: () => nowMs },
    ids: createCountingIds(),
    ratesCheckIntervalMs: 0,
  });
  return { store, engine };
}
