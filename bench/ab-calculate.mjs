// A/B of two builds' in-process calculations, in one process, rounds interleaved (A, B, B, A, …)
// so that a shared machine's slow spells fall on both alike. On this project's 2-core VM the
// same build's store-less calculation measured anywhere from 122k/s to 235k/s within one hour,
// so a change is judged by B ÷ A of rounds run side by side, not by two absolute figures.
//
//   npm run build && node bench/ab-calculate.mjs --base /path/to/other/checkout [--store discarding|memory|sqlite] [--rounds 30] [--ms 250]
//
// `--base` is a directory holding another build's `dist/` (with a `node_modules` that resolves
// its imports, e.g. a symlink to this one's); B is this checkout's `dist/`. Each build gets its
// own engine over its own store; both calculate the bench's 3-line cart. Prints the median of
// the per-round ratios B ÷ A (calculations a second) and each side's median CPU time a
// calculation (the process's, so the collector's threads are in it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchCart } from './cart.mjs';
import { createDiscardingStore } from './floors/discarding-store.mjs';
import { median } from './harness/stats.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    store: { type: 'string', default: 'discarding' },
    rounds: { type: 'string', default: '30' },
    ms: { type: 'string', default: '250' },
  },
});
if (values.base === undefined) {
  console.error('usage: node bench/ab-calculate.mjs --base <dir with dist/> [--store discarding|memory|sqlite]');
  process.exit(2);
}
const rounds = Number(values.rounds);
const ms = Number(values.ms);
const cart = benchCart(3);
const directory = mkdtempSync(join(tmpdir(), 'taxkit-ab-calc-'));

/** An engine of the build in `dist` over the store asked for. @param {string} dist @param {string} name */
async function engineOf(dist, name) {
  const taxkit = await import(join(dist, 'src', 'index.js'));
  const memory = await import(join(dist, 'adapters', 'memory', 'index.js'));
  if (values.store === 'sqlite') {
    const sqlite = await import(join(dist, 'adapters', 'sqlite', 'index.js'));
    return taxkit.createTaxEngine({ store: sqlite.createSqliteStore({ path: join(directory, `${name}.db`) }) });
  }
  const store = memory.createMemoryStore();
  return taxkit.createTaxEngine({ store: values.store === 'memory' ? store : createDiscardingStore(store) });
}

/** Calculations a second and CPU microseconds a calculation over `duration` ms. @param {any} engine @param {number} duration */
async function round(engine, duration) {
  let count = 0;
  const cpu = process.cpuUsage();
  const end = performance.now() + duration;
  while (performance.now() < end) {
    for (let index = 0; index < 50; index += 1) {
      const made = engine.calculations.create(cart);
      if (made instanceof Promise) await made;
    }
    count += 50;
    // A turn of the event loop now and then, as a server gives its stores (SQLite writes its batch).
    await new Promise((turn) => setImmediate(turn));
  }
  const used = process.cpuUsage(cpu);
  return { rate: (count / duration) * 1000, cpuUs: (used.user + used.system) / count };
}

const a = await engineOf(join(values.base, 'dist'), 'a');
const b = await engineOf(new URL('../dist', import.meta.url).pathname, 'b');
try {
  await round(a, 500);
  await round(b, 500);
  const ratios = [];
  const cpuA = [];
  const cpuB = [];
  for (let index = 0; index < rounds; index += 1) {
    const aFirst = index % 2 === 0;
    const first = await round(aFirst ? a : b, ms);
    const second = await round(aFirst ? b : a, ms);
    const [ra, rb] = aFirst ? [first, second] : [second, first];
    ratios.push(rb.rate / ra.rate);
    cpuA.push(ra.cpuUs);
    cpuB.push(rb.cpuUs);
  }
  console.log(
    `${values.store} store, ${rounds} rounds of ${ms} ms: B ÷ A ${median(ratios).toFixed(3)} ` +
      `(${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}); ` +
      `CPU a calculation A ${median(cpuA).toFixed(2)} µs, B ${median(cpuB).toFixed(2)} µs`,
  );
} finally {
  await Promise.all([a.close(), b.close()]);
  rmSync(directory, { recursive: true, force: true });
}
