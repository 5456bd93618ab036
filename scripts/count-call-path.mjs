#!/usr/bin/env node
// Counts the source files of src/ and adapters/ that run during ONE `POST /tax/calculations`
// through the fetch handler, on the memory store and on the SQLite store: how many files a
// calculation passes through (issue 24 asks for the number before and after a change).
//
//   node --import tsx scripts/count-call-path.mjs          # the two numbers
//   node --import tsx scripts/count-call-path.mjs --list   # and the files, in the order of the path's modules
//
// Method: V8's precise coverage (node:inspector) with call counts, started before any taxkit
// module loads. One request warms up (module loading, first-time setup, lazy tables), a first
// coverage take ends the warm-up, a second identical request runs, and a second take follows.
// V8 resets the counters at each take, so the second take's counts are exactly the calls made
// between the two takes: a file counts when any of its functions was called at least once. The
// request's deferred work (the SQLite store writes the calculation on the next turn) is waited
// for before the second take, since it is part of what the request costs.
//
// It runs the TypeScript sources (tsx), so the files are src/…/*.ts, not dist/.
import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchCart } from '../bench/cart.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const list = process.argv.includes('--list');

const session = new Session();
session.connect();
await session.post('Profiler.enable');
// Before the imports below: a function compiled before coverage starts may be missed.
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });

const { createTaxEngine } = await import('../src/index.ts');
const { createFetchHandler, generateAccountKeys } = await import('../src/http/index.ts');
const { createMemoryStore } = await import('../adapters/memory/index.ts');
const { createSqliteStore } = await import('../adapters/sqlite/index.ts');

/** The body the benchmarks send: an Indiana address and three GENERAL_MERCHANDISE lines. */
const BODY = JSON.stringify(benchCart(3));

/**
 * The files of src/ and adapters/ that ran during one calculation request on `store`.
 * @param {import('../src/ports/store.ts').TaxStore} store
 * @returns {Promise<string[]>}
 */
async function filesOfOneRequest(store) {
  const keys = generateAccountKeys();
  const engine = createTaxEngine({ store });
  const handler = createFetchHandler(engine, { accounts: [{ id: 'acct_count', keys }] });
  const calculate = async () => {
    const response = await handler(
      new Request('http://taxkit.test/tax/calculations', {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.secretTest}`, 'content-type': 'application/json' },
        body: BODY,
      }),
    );
    const text = await response.text();
    if (response.status !== 200) throw new Error(`POST /tax/calculations answered ${response.status}: ${text}`);
    // Work the request left for later turns (a store's deferred write) belongs to it.
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  try {
    await calculate();
    await session.post('Profiler.takePreciseCoverage');
    await calculate();
    const { result } = await session.post('Profiler.takePreciseCoverage');
    return sourceFilesCalled(result);
  } finally {
    await engine.close();
  }
}

/**
 * Files under src/ or adapters/ with a function called since the last take.
 * @param {{ url: string, functions: { ranges: { count: number }[] }[] }[]} scripts
 */
function sourceFilesCalled(scripts) {
  const files = new Set();
  for (const script of scripts) {
    if (!script.url.startsWith('file:')) continue;
    const file = relative(root, fileURLToPath(script.url.replace(/\?.*$/, '')));
    if (!/^(?:src|adapters)\//.test(file)) continue;
    // ranges[0] is the function's whole body; its count is how often the function was called.
    if (script.functions.some((fn) => (fn.ranges[0]?.count ?? 0) > 0)) files.add(file);
  }
  return [...files].sort();
}

const memoryFiles = await filesOfOneRequest(createMemoryStore());
const directory = mkdtempSync(join(tmpdir(), 'taxkit-call-path-'));
let sqliteFiles;
try {
  sqliteFiles = await filesOfOneRequest(createSqliteStore({ path: join(directory, 'taxkit.db') }));
} finally {
  rmSync(directory, { recursive: true, force: true });
}
await session.post('Profiler.stopPreciseCoverage');
session.disconnect();

console.log(
  `files of src/ and adapters/ one POST /tax/calculations runs: memory ${memoryFiles.length}, SQLite ${sqliteFiles.length}`,
);
if (list) {
  for (const [label, files] of [
    ['memory', memoryFiles],
    ['SQLite', sqliteFiles],
  ]) {
    console.log(`\n${label} (${files.length}):`);
    for (const file of files) console.log(`  ${file}`);
  }
}
