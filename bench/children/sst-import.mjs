// Imports SST files of realistic size (1.1 million boundary records, 24 states) from a folder
// into a new SQLite file, then starts an engine on that file; reports the import time and peak
// memory, ZIP+4 lookups and calculations. Run by bench/suites/sst.mjs.
//
//   node bench/children/sst-import.mjs <folder> <database>
import { generateAvalaraFixture } from '../../scripts/avalara-fixture.mjs';
import { memory, sqlite, taxkit } from '../harness/dist.mjs';
import { compare } from '../harness/measure.mjs';

const sstDist = new URL('../../dist/src/core/rates/sst/', import.meta.url);
const { findSstSet } = await import(new URL('lookup-sst.js', sstDist).href);
const BATCH = 1_000;
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const ms = Number(process.env.BENCH_MS ?? 1000);

const [folder, database] = process.argv.slice(2);
const started = performance.now();
const store = sqlite.createSqliteStore({ path: database });
const report = await taxkit.importRates({ store, inputs: [folder] });
const importMs = performance.now() - started;
const importPeakRss = process.resourceUsage().maxRSS * 1024;
await store.close();
// The load's time and memory are measured by sst-load.mjs in a fresh process.
const reopened = sqlite.createSqliteStore({ path: database });
const engine = taxkit.createTaxEngine({ store: reopened });
const index = await engine.rates.current();
let records = 0;
let addressRecords = 0;
for (const state of index.sst?.values() ?? []) {
  records += state.plus4.low.length + state.zip5.low.length;
  addressRecords += state.addresses.low.length;
}

// ZIP+4 lookups on the SST index beside today's ZIP5 lookup (an Avalara-format nationwide table).
// The states with ZIP+4 records (Vermont's file has only address records).
const states = [...(index.sst?.values() ?? [])].filter((state) => state.plus4.low.length > 0);
const probes = Array.from({ length: 1 << 16 }, (_, i) => {
  const state = states[i % states.length];
  const at = (Math.imul(i + 1, 2_654_435_761) >>> 0) % state.plus4.low.length;
  return { ranges: state.plus4, nine: state.plus4.low[at] + (i % 7) };
});
const avalara = memory.createMemoryStore();
await taxkit.importRates({
  store: avalara,
  inputs: generateAvalaraFixture({ vintages: ['202603'] }).map(({ fileName, text }) => ({ fileName, text })),
});
const zipIndex = await taxkit.createTaxEngine({ store: avalara }).rates.current();
const zipKeys = [...zipIndex.keys.keys()].filter((key) => /^US-[A-Z]{2}-\d{5}$/.test(key));
const zipProbes = Array.from(
  { length: 1 << 16 },
  (_, i) => zipKeys[(Math.imul(i + 1, 2_654_435_761) >>> 0) % zipKeys.length],
);
const day = taxkit.parseDay('2026-04-15');
let cursor = 0;
let sink = 0;
const lookups = await compare({
  subject: {
    label: `findSstSet, random ZIP+4 of ${records.toLocaleString('en')} records`,
    units: BATCH,
    run: () => {
      for (let i = 0; i < BATCH; i += 1) {
        const probe = probes[(cursor += 1) & 0xffff];
        sink += findSstSet(probe.ranges, probe.nine, day);
      }
    },
  },
  floor: {
    label: `lookupRates, random ZIP5 of ${zipKeys.length.toLocaleString('en')} (today's ZIP5 lookup)`,
    units: BATCH,
    run: () => {
      for (let i = 0; i < BATCH; i += 1)
        if (taxkit.lookupRates(zipIndex, zipProbes[(cursor += 1) & 0xffff], day) !== undefined) sink += 1;
    },
  },
  rounds,
  ms,
});

// A whole calculation with a ZIP+4 against the same calculation with its ZIP5, same engine.
const sale = (state, postal) => ({
  customer: { address: { address_country: 'US', address_province: state, address_postal_code: postal } },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
  },
  tax_date: Date.UTC(2026, 3, 15) / 1000,
});
const places = states.flatMap((state) =>
  Array.from({ length: 200 }, (_, i) => {
    const nine = state.plus4.low[(i * 211) % state.plus4.low.length] + 3;
    const zip = String(Math.floor(nine / 10_000)).padStart(5, '0');
    return { state: state.state, zip, plus4: `${zip}-${String(nine % 10_000).padStart(4, '0')}` };
  }),
);
let pick = 0;
const calculations = await compare({
  subject: {
    label: 'calculation with a ZIP+4 (SST record)',
    run: () => {
      const place = places[(pick = (pick + 7_919) % places.length)];
      return engine.calculations.create(sale(place.state, place.plus4));
    },
  },
  floor: {
    label: 'the same calculation with its ZIP5',
    run: () => {
      const place = places[(pick = (pick + 7_919) % places.length)];
      return engine.calculations.create(sale(place.state, place.zip));
    },
  },
  rounds,
  ms,
});
await engine.close();
if (sink === 0.5) console.log(sink);
console.log(
  JSON.stringify({
    importMs,
    importPeakRss,
    rows: report.rows,
    files: report.files.length,
    records,
    addressRecords,
    lookups,
    calculations,
  }),
);
