// Loads a nationwide imported rate table into a fresh engine and reports the load time and the
// heap the compiled index holds. Run with --expose-gc by bench/suites/rates.mjs.
//
//   node --expose-gc bench/children/rate-index-load.mjs
import { generateAvalaraFixture } from '../../scripts/avalara-fixture.mjs';
import { memory, taxkit } from '../harness/dist.mjs';

const gc = /** @type {() => void} */ (globalThis.gc);
const files = generateAvalaraFixture({ vintages: ['202603', '202604'] });
const store = memory.createMemoryStore();
await taxkit.importRates({ store, inputs: files.map(({ fileName, text }) => ({ fileName, text })) });
const loaded = await store.loadRateTables();
const base = taxkit.loadDefaultRateTables();
const tables = [...base, ...loaded.tables.map((/** @type {any} */ record) => record.table)];
const tableIds = [...base.map(taxkit.hashRateTable), ...loaded.tables.map((/** @type {any} */ record) => record.id)];
gc();
const before = process.memoryUsage().heapUsed;
const started = performance.now();
const index = taxkit.compileRateIndex(tables, { tableIds });
const compileMs = performance.now() - started;
gc();
const heapBytes = process.memoryUsage().heapUsed - before;
// The whole load a starting server does: read the tables from the store, compile, record the snapshot.
const engine = taxkit.createTaxEngine({ store });
const loadStarted = performance.now();
await engine.rates.current();
const loadMs = performance.now() - loadStarted;
const nodes = new Set(index.keys.values()).size;
console.log(JSON.stringify({ compileMs, loadMs, heapBytes, keys: index.keys.size, nodes, rows: loaded.tables.length }));
