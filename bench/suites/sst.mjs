// SST files at the scale of all member states (issue 34): import into SQLite, the load at start,
// the compiled index's heap, ZIP+4 lookups beside today's ZIP5 lookup, and a calculation with a
// ZIP+4 beside the same calculation with a ZIP5. The files are generated in the real layout
// (scripts/sst-fixture.mjs) and everything runs in one child process, so its peak memory is the
// import's own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSstFixture } from '../../scripts/sst-fixture.mjs';

const CHILD = new URL('../children/sst-import.mjs', import.meta.url).pathname;
const LOAD_CHILD = new URL('../children/sst-load.mjs', import.meta.url).pathname;

/** @param {{ rounds: number, ms: number }} settings */
export async function runSst({ rounds, ms }) {
  const directory = mkdtempSync(join(tmpdir(), 'taxkit-bench-sst-'));
  try {
    const folder = join(directory, 'files');
    execFileSync('mkdir', ['-p', folder]);
    for (const file of generateSstFixture()) writeFileSync(join(folder, file.fileName), file.text);
    const database = join(directory, 'sst.db');
    const run = (args) =>
      JSON.parse(
        execFileSync(process.execPath, args, {
          encoding: 'utf8',
          env: { ...process.env, BENCH_ROUNDS: String(rounds), BENCH_MS: String(ms) },
          maxBuffer: 16 * 1024 * 1024,
        })
          .trim()
          .split('\n')
          .at(-1) ?? '{}',
      );
    const result = run([CHILD, folder, database]);
    const load = run(['--expose-gc', LOAD_CHILD, database]);
    const mb = (bytes) => `${(bytes / 1_048_576).toFixed(0)} MB`;
    return [
      {
        measure: `SST import, ${result.files} files, ${result.rows.toLocaleString('en')} rows, into a new SQLite file`,
        subject: { label: 'importRates', value: Math.round(result.importMs), unit: 'ms' },
        target: { maxMs: 60_000 },
        note: `peak RSS ${mb(result.importPeakRss)}`,
      },
      {
        measure: 'SST: a server starting on the imported database (read, compile, record the snapshot)',
        subject: { label: 'engine.rates.current(), a fresh process', value: Math.round(load.loadMs), unit: 'ms' },
        target: { maxMs: 2_000 },
      },
      {
        measure: 'SST: memory of the compiled index, all states (heap and array buffers)',
        subject: { label: 'the index as loaded', value: load.loadedBytes, unit: 'bytes' },
        target: { maxBytes: 64 * 1_048_576 },
        note: `${result.records.toLocaleString('en')} Z and 4 records, ${result.addressRecords.toLocaleString('en')} A records (Vermont), ${load.sets.toLocaleString('en')} jurisdiction sets`,
      },
      {
        measure:
          'SST: the same once every jurisdiction set has been looked up (each set’s rates are built on first use)',
        subject: { label: 'the index, every set used', value: load.allSetsBytes, unit: 'bytes' },
        target: { maxBytes: 64 * 1_048_576 },
        note: 'a seller’s sales touch a few of the sets; this is the bound',
      },
      { measure: 'SST: ZIP+4 lookup beside today’s ZIP5 lookup', ...result.lookups, target: { absolute: 5_000_000 } },
      {
        measure: 'SST: calculation with a ZIP+4 against the same with a ZIP5',
        ...result.calculations,
        target: { ratio: 0.95 },
      },
    ];
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
