// Whether the store port's one synchronous fast path (insertCalculation returning nothing) still
// pays: the same store kind, once as it is and once returning a resolved promise, through the
// engine, in alternating rounds of one process. Measured in CPU time of the process, not wall
// time: on a shared VM a neighbour's load moved wall-clock rounds by 0.4–2.0 ×.
//
//   npm run build && node bench/insert-fast-path.mjs [--pairs 40] [--ops 5000]
//
// Prints, for the memory and SQLite stores, the CPU microseconds per 3-line calculation either
// way and the median and quartiles of promise ÷ as-is over the pairs (docs/storage.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchCart } from './cart.mjs';
import { memory, sqlite, taxkit } from './harness/dist.mjs';

const { values } = parseArgs({
  options: { pairs: { type: 'string', default: '40' }, ops: { type: 'string', default: '5000' } },
});
const pairs = Number(values.pairs);
const ops = Number(values.ops);
const cart = benchCart(3);
const directory = mkdtempSync(join(tmpdir(), 'taxkit-bench-fast-path-'));

/** `store` with an insertCalculation that answers with a promise, as an asynchronous store does. */
function promising(/** @type {any} */ store) {
  const insert = store.insertCalculation.bind(store);
  return Object.assign(Object.create(store), {
    insertCalculation: (/** @type {unknown[]} */ ...args) => {
      try {
        return Promise.resolve(insert(...args));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  });
}

/** CPU microseconds per calculation over `ops` calculations made one after another. */
async function round(/** @type {any} */ engine) {
  const start = process.cpuUsage();
  for (let made = 0; made < ops; made += 1) await engine.calculations.create(cart);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / ops;
}

const sorted = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b);
const at = (/** @type {number[]} */ values, /** @type {number} */ share) =>
  /** @type {number} */ (sorted(values)[Math.floor(values.length * share)]);

const stores = {
  memory: () => memory.createMemoryStore(),
  sqlite: (/** @type {string} */ name) => sqlite.createSqliteStore({ path: join(directory, `${name}.db`) }),
};
for (const [name, make] of Object.entries(stores)) {
  const asIs = taxkit.createTaxEngine({ store: make('as-is') });
  const promised = taxkit.createTaxEngine({ store: promising(make('promised')) });
  for (let warm = 0; warm < 3; warm += 1) {
    await round(asIs);
    await round(promised);
  }
  /** @type {number[]} */ const direct = [];
  /** @type {number[]} */ const viaPromise = [];
  /** @type {number[]} */ const ratios = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    // Alternate which goes first, so a drift of the machine hits both alike.
    const [first, second] = pair % 2 === 0 ? [asIs, promised] : [promised, asIs];
    const a = await round(first);
    const b = await round(second);
    const [x, y] = pair % 2 === 0 ? [a, b] : [b, a];
    direct.push(x);
    viaPromise.push(y);
    ratios.push(y / x);
  }
  process.stdout.write(
    `${name}: ${at(direct, 0.5).toFixed(2)} µs as is, ${at(viaPromise, 0.5).toFixed(2)} µs with a promise; ` +
      `promise ÷ as is ${at(ratios, 0.5).toFixed(3)} (quartiles ${at(ratios, 0.25).toFixed(3)}–${at(ratios, 0.75).toFixed(3)}, ${pairs} pairs of ${ops})\n`,
  );
  await Promise.all([asIs.close(), promised.close()]);
}
rmSync(directory, { recursive: true, force: true });
