// Imported US local rates on a generated nationwide table (about 41,000 ZIPs in 52 Avalara-format
// files, scripts/avalara-fixture.mjs): import rows/s against csv-parse reading the same files,
// random-ZIP lookups against a plain Map<string, number> with the same keys, whole calculations
// on 41,000 ZIPs against the same on 100 spread over the same states, and the compiled index's
// load time and heap (in a child process with --expose-gc).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { avalaraCsv, generateAvalaraFixture } from '../../scripts/avalara-fixture.mjs';
import { memory, sqlite, taxkit } from '../harness/dist.mjs';
import { compare } from '../harness/measure.mjs';

const LOAD_CHILD = new URL('../children/rate-index-load.mjs', import.meta.url).pathname;
const BATCH = 1_000;

/** @param {{ rounds: number, ms: number }} settings */
export async function runRates({ rounds, ms }) {
  const files = generateAvalaraFixture({ vintages: ['202603'] });
  const inputs = files.map(({ fileName, text }) => ({ fileName, text }));
  const rows = files.reduce((sum, file) => sum + file.rows.length, 0);
  const directory = mkdtempSync(join(tmpdir(), 'taxkit-bench-rates-'));
  let databases = 0;

  // Import: the whole command's work (read, check, store in one SQLite transaction) against
  // csv-parse alone on the same text, per row.
  const imported = await compare({
    subject: {
      label: 'importRates into a new SQLite file',
      units: rows,
      run: async () => {
        const store = sqlite.createSqliteStore({ path: join(directory, `import-${(databases += 1)}.db`) });
        await taxkit.importRates({ store, inputs });
        await store.close();
      },
    },
    floor: {
      label: 'csv-parse of the same files',
      units: rows,
      run: () => {
        for (const { text } of inputs) parse(text, { bom: true, skip_empty_lines: true });
      },
    },
    rounds: Math.min(rounds, 3),
    ms: 1,
    warmupMs: 1,
  });

  // Lookups: random ZIP keys, the same keys in a plain Map as the floor.
  const store = memory.createMemoryStore();
  await taxkit.importRates({ store, inputs });
  const engine = taxkit.createTaxEngine({ store });
  const index = await engine.rates.current();
  const zipKeys = [...index.keys.keys()].filter((key) => /^US-[A-Z]{2}-\d{5}$/.test(key));
  const floorMap = new Map(zipKeys.map((key, position) => [key, position]));
  const probes = Array.from(
    { length: 1 << 16 },
    (_, i) => zipKeys[(Math.imul(i + 1, 2_654_435_761) >>> 0) % zipKeys.length],
  );
  const day = taxkit.parseDay('2026-04-15');
  // Bound once, as the floor's Map is: the loop measures the lookup, not a namespace property read.
  const { lookupRates } = taxkit;
  let cursor = 0;
  let sink = 0;
  const lookups = await compare({
    subject: {
      label: `lookupRates, random ZIP of ${zipKeys.length.toLocaleString('en')}`,
      units: BATCH,
      run: () => {
        for (let i = 0; i < BATCH; i += 1) {
          if (lookupRates(index, probes[(cursor += 1) & 0xffff], day) !== undefined) sink += 1;
        }
      },
    },
    floor: {
      label: 'Map<string, number>.get, same keys',
      units: BATCH,
      run: () => {
        for (let i = 0; i < BATCH; i += 1) {
          if (floorMap.get(probes[(cursor += 1) & 0xffff]) !== undefined) sink += 1;
        }
      },
    },
    rounds,
    ms,
  });

  // Whole calculations: a random ZIP of the nationwide table against a random one of a table of
  // 100 ZIPs spread over the same states. The same states on both sides, so both do the same
  // work per sale (the same jurisdictions, rules and notes) and only the table's size differs.
  const everywhere = files.flatMap((file) => file.rows).filter((row) => row.state !== 'PR');
  const stride = Math.ceil(everywhere.length / 100);
  const fewer = everywhere.filter((_, position) => position % stride === 0);
  const sampled = new Set(fewer);
  const small = memory.createMemoryStore();
  const hundred = files
    .map((file) => ({ file, rows: file.rows.filter((row) => sampled.has(row)) }))
    .filter(({ rows: kept }) => kept.length > 0)
    .map(({ file, rows: kept }) => ({ fileName: file.fileName, text: avalaraCsv(kept) }));
  await taxkit.importRates({ store: small, inputs: hundred });
  const smallEngine = taxkit.createTaxEngine({ store: small });
  const sale = (/** @type {{ state: string, zip: string }} */ row) => ({
    customer: { address: { address_country: 'US', address_province: row.state, address_postal_code: row.zip } },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
    },
  });
  let pick = 0;
  const calculations = await compare({
    subject: {
      label: `calculation, random ZIP of ${everywhere.length.toLocaleString('en')}`,
      run: () => engine.calculations.create(sale(everywhere[(pick = (pick + 7_919) % everywhere.length)])),
    },
    floor: {
      label: `calculation, random ZIP of ${fewer.length} in the same states`,
      run: () => smallEngine.calculations.create(sale(fewer[(pick = (pick + 7_919) % fewer.length)])),
    },
    rounds,
    ms,
  });
  await Promise.all([engine.close(), smallEngine.close()]);
  rmSync(directory, { recursive: true, force: true });
  if (sink < 0) console.log(sink);

  const load = JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', LOAD_CHILD], { encoding: 'utf8' }).trim().split('\n').at(-1) ?? '{}',
  );
  return [
    {
      measure: `rates import, ${files.length} Avalara-format files, ${rows.toLocaleString('en')} rows (rows/s)`,
      ...imported,
      target: { ratio: 0.25 },
    },
    {
      measure: 'random-ZIP rate lookup on the nationwide table',
      ...lookups,
      target: { ratio: 0.5 },
    },
    {
      measure: 'whole calculation on 41,000 ZIPs against on 100 in the same states',
      ...calculations,
      target: { ratio: 0.9 },
    },
    {
      measure: 'heap of the compiled nationwide index, two vintages',
      subject: { label: 'compiled index', value: load.heapBytes, unit: 'bytes' },
      target: { maxBytes: 64 * 1_048_576 },
      note: `${load.keys.toLocaleString('en')} keys sharing ${load.nodes.toLocaleString('en')} timeline nodes; compile ${Math.round(load.compileMs)} ms, a server's whole load (read the store, compile, record the snapshot) ${Math.round(load.loadMs)} ms`,
    },
  ];
}
