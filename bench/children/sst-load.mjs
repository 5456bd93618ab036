// A server starting on a database holding every state's SST files, in a process of its own (so
// nothing of the import is on its heap): the time to the first index, the memory that index
// holds once loaded, and once every jurisdiction set in it has been used. Run with --expose-gc
// by bench/suites/sst.mjs.
//
//   node --expose-gc bench/children/sst-load.mjs <database>
import { sqlite, taxkit } from '../harness/dist.mjs';

const sstDist = new URL('../../dist/src/core/rates/sst/', import.meta.url);
const { sstRatesOf } = await import(new URL('lookup-sst.js', sstDist).href);
const [database] = process.argv.slice(2);
const gc = /** @type {() => void} */ (globalThis.gc);
// The compiled ranges are typed arrays, whose bytes V8 keeps outside its heap: count both.
const heapAndBuffers = () => {
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

// The engine and its embedded tables first, on a store without imports, so that the baseline
// holds everything but the SST index.
const bare = taxkit.createTaxEngine({ store: sqlite.createSqliteStore({ path: ':memory:' }) });
await bare.rates.current();
await bare.close();
const before = heapAndBuffers();
const started = performance.now();
const store = sqlite.createSqliteStore({ path: database });
const engine = taxkit.createTaxEngine({ store });
const index = await engine.rates.current();
const loadMs = performance.now() - started;
const loadedBytes = heapAndBuffers() - before;
let sets = 0;
const day = taxkit.parseDay('2026-04-15');
for (const state of index.sst?.values() ?? []) {
  for (let set = 0; set < state.memberStart.length - 1; set += 1) sstRatesOf(state, set, day);
  sets += state.memberStart.length - 1;
}
const allSetsBytes = heapAndBuffers() - before;
await engine.close();
console.log(JSON.stringify({ loadMs, loadedBytes, allSetsBytes, sets }));
