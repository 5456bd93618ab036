// `npm run bench`: every measure beside its floor, in one run, printed as a table and written to
// bench/RESULTS.md (with the machine, Node version and date).
//
//   node bench/run-bench.mjs [--rounds 5] [--ms 1000] [--seconds 4] [--only calculations,http] [--no-write]
//
// Suites: calculations, durable, http, geo, memory, lookup, rates. Runs against dist/ (build first).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { describeMachine, formatResults, formatTable } from './harness/report.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    ms: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '4' },
    only: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const ms = Number(values.ms);
const seconds = Number(values.seconds);

const SUITES = {
  calculations: async () => (await import('./suites/calculations.mjs')).runCalculations({ rounds, ms }),
  durable: async () => (await import('./suites/durable.mjs')).runDurable({ rounds }),
  http: async () => (await import('./suites/http.mjs')).runHttp({ rounds, seconds }),
  geo: async () => (await import('./suites/geo.mjs')).runGeo({ rounds, ms }),
  memory: async () => (await import('./suites/memory.mjs')).runMemory(),
  lookup: async () => (await import('./suites/lookup.mjs')).runLookup({ rounds, ms }),
  rates: async () => (await import('./suites/rates.mjs')).runRates({ rounds, ms }),
};
const names = values.only === undefined ? Object.keys(SUITES) : values.only.split(',');

const started = describeMachine();
const rows = [];
for (const name of names) {
  const suite = SUITES[/** @type {keyof typeof SUITES} */ (name)];
  if (suite === undefined) throw new Error(`No suite "${name}"; there are ${Object.keys(SUITES).join(', ')}.`);
  process.stderr.write(`bench: ${name}…\n`);
  const suiteRows = await suite();
  rows.push(...suiteRows);
  process.stdout.write(`${formatTable(suiteRows)}\n\n`);
}

const settings = `${rounds} rounds; in-process rounds ${ms} ms; HTTP rounds ${seconds} s with 50 connections (autocannon in the bench process, each server in its own process)`;
const finishedLoad = loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');
const results = formatResults({ rows, settings, started, finishedLoad });
process.stdout.write(`${formatTable(rows)}\n`);
if (values.only === undefined && !values['no-write']) {
  const file = new URL('./RESULTS.md', import.meta.url);
  // Formatted as the rest of the repository, so `prettier --check` passes on the written file.
  const config = (await prettier.resolveConfig(file)) ?? {};
  // The sections other scripts write (bench/postgres-scale.mjs needs a database server,
  // bench/report-scale.mjs a million-sale ledger) are kept as they were.
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const kept = previous.match(/<!-- ([a-z-]+)-bench:start -->[\s\S]*?<!-- \1-bench:end -->/g) ?? [];
  const text = [results.trimEnd(), ...kept].join('\n\n') + '\n';
  writeFileSync(file, await prettier.format(text, { ...config, parser: 'markdown' }));
  process.stderr.write('bench: wrote bench/RESULTS.md\n');
}
