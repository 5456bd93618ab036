// A/B of two builds of `taxkit serve` under the same HTTP load, in one run, rounds interleaved
// (A, B, B, A, A, B, …) so that a shared machine's load falls on both alike.
//
//   npm run build && node bench/ab-serve.mjs --base /path/to/other/checkout [--mode db] [--rounds 6] [--seconds 3]
//
// `--base` is a directory holding another build's `dist/` (with a `node_modules` that resolves
// its imports, e.g. a symlink to this one's); B is this checkout's `dist/`. Modes: `memory`
// and `db` POST 3-line calculations; `transactions` POSTs durable transactions to `serve --db`
// (each round first makes the calculations it records, untimed). Prints each round and the
// median of the per-round ratios B ÷ A, with the load average before and after.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchCart } from './cart.mjs';
import { load, startServerProcess } from './harness/http.mjs';
import { makeCalculations, salesLoad } from './harness/sales-load.mjs';
import { HEADERS, KEY_ENV } from './harness/serve-keys.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    mode: { type: 'string', default: 'memory' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    /** NODE_OPTIONS for B's server only (V8 flags to try against the same build as A). */
    'b-node-options': { type: 'string', default: '' },
  },
});
if (values.base === undefined) {
  console.error('usage: node bench/ab-serve.mjs --base <dir with dist/> [--mode memory|db|transactions]');
  process.exit(2);
}
const CART = JSON.stringify(benchCart(3));
const mode = values.mode;
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const directory = mkdtempSync(join(tmpdir(), 'taxkit-ab-'));

/** @param {string} name @param {string} dist @param {string} [nodeOptions] */
async function start(name, dist, nodeOptions = '') {
  const cli = join(dist, 'src', 'cli.js');
  const args = mode === 'memory' ? ['--memory'] : ['--db', join(directory, `${name}.db`)];
  return startServerProcess([cli, 'serve', ...args, '--port', '0'], { ...KEY_ENV, NODE_OPTIONS: nodeOptions });
}

/**
 * CPU time, in nanoseconds, of a server process: its main thread (the event loop, from
 * `/proc/<pid>/schedstat`) and all its threads (utime + stime of `/proc/<pid>/stat`, in clock
 * ticks of 10 ms). Divided by the requests answered, CPU per request is what a loaded machine
 * distorts least: a server starved of a core answers fewer requests, not dearer ones.
 * @param {number | undefined} pid
 */
function cpuNs(pid) {
  if (pid === undefined) return { main: Number.NaN, all: Number.NaN };
  try {
    const main = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const all = (Number(fields[11]) + Number(fields[12])) * 1e7;
    return { main, all };
  } catch {
    return { main: Number.NaN, all: Number.NaN };
  }
}

/** @param {{ url: string, pid: number | undefined }} server */
async function measuredRound(server) {
  // The calculations a transactions round records are made first, outside the CPU measured.
  const ids = mode === 'transactions' ? await makeCalculations(server.url, 3_000) : undefined;
  const before = cpuNs(server.pid);
  const result = await round(server.url, ids);
  const after = cpuNs(server.pid);
  const { answered } = result;
  return {
    ...result,
    mainUs: (after.main - before.main) / 1e3 / answered,
    allUs: (after.all - before.all) / 1e3 / answered,
  };
}

/** @param {string} url @param {string[]} [ids] the calculations to record (transactions mode) */
async function round(url, ids) {
  if (mode !== 'transactions') {
    return load({
      url: `${url}/tax/calculations`,
      method: 'POST',
      headers: HEADERS,
      body: CART,
      connections,
      duration: seconds,
    });
  }
  return salesLoad(url, ids ?? (await makeCalculations(url, 3_000)), connections);
}

const before = loadavg();
const a = await start('a', join(values.base, 'dist'));
const b = await start('b', new URL('../dist', import.meta.url).pathname, values['b-node-options']);
try {
  for (const server of [a, b]) await round(server.url);
  const ratios = [];
  /** B's main-thread CPU per request ÷ A's, per round. */
  const cpuRatios = [];
  for (let index = 0; index < rounds; index += 1) {
    const aFirst = index % 2 === 0;
    const [first, second] = aFirst ? [a, b] : [b, a];
    const one = await measuredRound(first);
    const two = await measuredRound(second);
    const [ra, rb] = aFirst ? [one, two] : [two, one];
    if (ra.failures + rb.failures > 0) console.log(`  failures: A ${ra.failures}, B ${rb.failures}`);
    ratios.push(rb.rate / ra.rate);
    cpuRatios.push(rb.mainUs / ra.mainUs);
    console.log(
      `round ${index + 1}: A ${Math.round(ra.rate)}/s, ${ra.mainUs.toFixed(1)} µs main thread (${ra.allUs.toFixed(0)} all threads) a request; ` +
        `B ${Math.round(rb.rate)}/s, ${rb.mainUs.toFixed(1)} µs (${rb.allUs.toFixed(0)}); B÷A rate ${(rb.rate / ra.rate).toFixed(2)}, CPU ${(rb.mainUs / ra.mainUs).toFixed(2)}`,
    );
  }
  ratios.sort((x, y) => x - y);
  cpuRatios.sort((x, y) => x - y);
  const median = ratios[Math.floor(ratios.length / 2)];
  const cpuMedian = cpuRatios[Math.floor(cpuRatios.length / 2)];
  const after = loadavg();
  console.log(
    `${mode}: B÷A median ${median?.toFixed(2)} (${ratios[0]?.toFixed(2)}–${ratios.at(-1)?.toFixed(2)}); ` +
      `main-thread CPU a request B÷A median ${cpuMedian?.toFixed(2)} (${cpuRatios[0]?.toFixed(2)}–${cpuRatios.at(-1)?.toFixed(2)}); ` +
      `load ${before.map((x) => x.toFixed(2)).join('/')} before, ${after.map((x) => x.toFixed(2)).join('/')} after`,
  );
} finally {
  await Promise.all([a.stop(), b.stop()]);
  rmSync(directory, { recursive: true, force: true });
}
