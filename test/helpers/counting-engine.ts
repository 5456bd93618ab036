import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine, type TaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';

/**
 * An engine with the embedded data over a memory store that lists, in `inserted`, the id of
 * every calculation inserted into it: for tests of when, and whether, a calculation is written.
 */
export function createCountingEngine(nowMs: number): { engine: TaxEngine; inserted: string[] } {
  const memory = createMemoryStore();
  const inserted: string[] = [];
  const store: typeof memory = Object.assign(Object.create(memory), {
    insertCalculation: (...args: Parameters<typeof memory.insertCalculation>) => {
      inserted.push(args[1].id);
      return memory.insertCalculation(...args);
    },
  });
  const engine = createTaxEngine({ store, clock: { now: () => nowMs }, ids: createCountingIds() });
  return { engine, inserted };
}
