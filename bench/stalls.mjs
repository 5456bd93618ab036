// How long the two background jobs of a server hold the event loop or another process's writer:
// the pickup of a newly imported nationwide rate table (read from the store, compiled in slices),
// and the sweep of expired calculations (DELETE batches with pauses) while a second process
// writes to the same SQLite file. Target: at most 50 ms each (docs/reliability.md).
//
//   npm run build && node bench/stalls.mjs [--calculations 200000]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateAvalaraFixture } from '../scripts/avalara-fixture.mjs';
import { benchCart } from './cart.mjs';
import { sqlite, taxkit } from './harness/dist.mjs';
import { watchLoop } from './harness/watch-loop.mjs';

const { values } = parseArgs({ options: { calculations: { type: 'string', default: '200000' } } });
const calculations = Number(values.calculations);
const directory = mkdtempSync(join(tmpdir(), 'taxkit-bench-stalls-'));
const dist = new URL('../dist/', import.meta.url);
const { createCalculationSweeper, SWEEP_BATCH_SIZE, SWEEP_PAUSE_MS } = await import(
  new URL('src/operations/create-calculation-sweeper.js', dist).href
);

try {
  // 1. Rate-table pickup.
  const path = join(directory, 'rates.db');
  const store = sqlite.createSqliteStore({ path });
  const engine = taxkit.createTaxEngine({ store, ratesCheckIntervalMs: 0 });
  await engine.calculations.create(benchCart(1));
  const files = generateAvalaraFixture({ vintages: ['202603', '202604'] });
  await taxkit.importRates({ store, inputs: files.map(({ fileName, text }) => ({ fileName, text })) });
  const loaded = await store.loadRateTables();
  const base = taxkit.loadDefaultRateTables();
  const tables = [...base, ...loaded.tables.map((/** @type {any} */ record) => record.table)];
  const tableIds = [...base.map(taxkit.hashRateTable), ...loaded.tables.map((/** @type {any} */ record) => record.id)];
  let started = performance.now();
  taxkit.compileRateIndex(tables, { tableIds });
  const wholeCompileMs = performance.now() - started;
  started = performance.now();
  await store.loadRateTables();
  const readMs = performance.now() - started;
  // The import has moved the store's revision: the next calculation picks the tables up.
  const watch = watchLoop();
  started = performance.now();
  await engine.calculations.create(benchCart(1));
  const pickupMs = performance.now() - started;
  const pickupLongest = watch.stop().text;
  await engine.close();
  console.log(
    `rate pickup (${loaded.tables.length} imported tables, ${tables.reduce((sum, table) => sum + table.locations.length, 0).toLocaleString('en')} locations): ` +
      `compile in one piece ${wholeCompileMs.toFixed(0)} ms; the store's read of the tables ${readMs.toFixed(0)} ms; ` +
      `pickup by a running engine ${pickupMs.toFixed(0)} ms, longest event-loop stall during it ${pickupLongest}`,
  );

  // 2. The sweep, with a writer in another process.
  const sweepPath = join(directory, 'sweep.db');
  const sweepStore = sqlite.createSqliteStore({ path: sweepPath });
  const filler = taxkit.createTaxEngine({
    store: sweepStore,
    clock: { now: () => Date.UTC(2026, 0, 1) },
    calculationRetentionSeconds: 1e9,
  });
  for (let made = 0; made < calculations; made += 1) {
    await filler.calculations.create(benchCart(3));
  }
  await sweepStore.close();
  const writer = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Database from 'better-sqlite3';
       const db = new Database(${JSON.stringify(sweepPath)}, { timeout: 10000 });
       db.pragma('journal_mode = WAL');
       db.exec('CREATE TABLE IF NOT EXISTS bench_writes (id INTEGER PRIMARY KEY, at REAL)');
       const insert = db.prepare('INSERT INTO bench_writes (at) VALUES (?)');
       const waits = [];
       const stopAt = Date.now() + Number(process.argv[1]);
       const tick = () => {
         const started = performance.now();
         db.prepare('BEGIN IMMEDIATE').run();
         waits.push(performance.now() - started);
         insert.run(Date.now());
         db.prepare('COMMIT').run();
         if (Date.now() < stopAt) setTimeout(tick, 5);
       };
       process.on('SIGTERM', () => {
         waits.sort((a, b) => a - b);
         const ms = (value) => Number(value.toFixed(1));
         console.log(JSON.stringify({ writes: waits.length, p50Ms: ms(waits[waits.length >> 1]), p99Ms: ms(waits[Math.floor(waits.length * 0.99)]), maxMs: ms(waits.at(-1)) }));
         process.exit(0);
       });
       process.stdin.once('data', tick);`,
      '60000',
    ],
    { cwd: new URL('..', import.meta.url).pathname, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let writerOut = '';
  writer.stdout.on('data', (chunk) => (writerOut += chunk));
  const reopened = sqlite.createSqliteStore({ path: sweepPath });
  const batches = [];
  const timed = Object.create(reopened);
  timed.deleteCalculationsExpiredBefore = async (/** @type {number} */ before, /** @type {number} */ limit) => {
    const at = performance.now();
    const deleted = await reopened.deleteCalculationsExpiredBefore(before, limit);
    batches.push(performance.now() - at);
    return deleted;
  };
  const timedSweeper = createCalculationSweeper(timed, 0);
  writer.stdin.write('go\n');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const sweepWatch = watchLoop();
  started = performance.now();
  timedSweeper.request(Math.floor(Date.UTC(2027, 0, 1) / 1000));
  await timedSweeper.idle();
  const sweepMs = performance.now() - started;
  const sweepLongest = sweepWatch.stop().text;
  writer.kill('SIGTERM');
  await new Promise((resolve) => writer.once('exit', resolve));
  await reopened.close();
  batches.sort((a, b) => a - b);
  console.log(
    `sweep of ${calculations.toLocaleString('en')} expired calculations: ${sweepMs.toFixed(0)} ms in ${batches.length} batches of ${SWEEP_BATCH_SIZE} with ${SWEEP_PAUSE_MS} ms pauses; ` +
      `a batch holds the lock p50 ${batches[batches.length >> 1]?.toFixed(1)} ms, max ${batches.at(-1)?.toFixed(1)} ms; longest event-loop stall ${sweepLongest}; ` +
      `the other process's writes waited ${writerOut.trim() || '(no report)'}`,
  );
} finally {
  rmSync(directory, { recursive: true, force: true });
}
