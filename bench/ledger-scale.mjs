// `npm run bench:ledger`: the ledger reads at scale on SQLite (issue 35): at each ledger size,
// the time and peak memory of a year's liability report and of a nexus count, and the wait of
// live calculations sent every 5 ms while they run, beside the same calculations with nothing
// else running (the floor). Last, the start of a server with a live registration: a fresh
// engine whose first live calculation starts a background nexus count, while a nexus status and
// a year's report are asked for at once. Writes its section of bench/RESULTS.md (between the
// ledger-bench markers).
//
//   node --expose-gc bench/ledger-scale.mjs [--sizes 100000,1000000] [--no-write]
//
// The ledger is written as bench/report-scale.mjs writes it (harness/write-sales-ledger.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sqlite, taxkit } from './harness/dist.mjs';
import { describeMachine } from './harness/report.mjs';
import { writeResultsSection } from './harness/write-results-section.mjs';
import { watchLoop } from './harness/watch-loop.mjs';
import { writeSalesLedger, YEAR_SECONDS, YEAR_START } from './harness/write-sales-ledger.mjs';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    'no-write': { type: 'boolean', default: false },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const tenant = { accountId: 'default', mode: 'live' };
const YEAR_END = YEAR_START + YEAR_SECONDS - 1;
/** A calculation is due every this many ms while a read runs. */
const CADENCE_MS = 5;
const started = describeMachine();

const calculationRequest = {
  customer: { address: { address_country: 'US', address_province: 'IN', address_postal_code: '46204' } },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: [{ reference_line_item_id: 'l1', product_category: 'GENERAL_MERCHANDISE', amount: 4_000, quantity: 1 }],
  },
};

/**
 * Sends a live calculation every CADENCE_MS until `stop()`; each one's wait is from when it was
 * due to its answer, so time the event loop was held counts in it.
 */
function calculateEvery(engine) {
  const waits = [];
  let running = true;
  const done = (async () => {
    let due = performance.now();
    while (running) {
      due = Math.max(due + CADENCE_MS, performance.now());
      await sleep(Math.max(0, due - performance.now()));
      await engine.calculations.create(calculationRequest, { tenant });
      waits.push(performance.now() - due);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return waits;
    },
  };
}

/** The store, with a memory sample taken at each ledger page it reads (the reads are synchronous). */
function sampledStore(path) {
  const opened = sqlite.createSqliteStore({ path });
  let high = 0;
  let base = { heapUsed: 0, external: 0 };
  const sampled =
    (read) =>
    async (...args) => {
      const page = await read(...args);
      const now = process.memoryUsage();
      high = Math.max(high, now.heapUsed + now.external - base.heapUsed - base.external);
      return page;
    };
  const store = Object.assign(Object.create(Object.getPrototypeOf(opened)), opened, {
    listTransactions: sampled(opened.listTransactions),
    listRefundsProcessed: sampled(opened.listRefundsProcessed),
    listRefundsReversed: sampled(opened.listRefundsReversed),
  });
  return {
    store,
    /** Starts a measure: memory above now. */
    reset() {
      globalThis.gc?.();
      base = process.memoryUsage();
      high = 0;
    },
    peakMiB: () => high / 2 ** 20,
  };
}

const percentile = (list, share) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};
const waitsOf = ({ waits, hold }) =>
  `p50 ${percentile(waits, 0.5).toFixed(1)} / p99 ${percentile(waits, 0.99).toFixed(1)} / max ${Math.max(...waits).toFixed(1)} ms (${waits.length}); loop held at most ${hold.text}`;

/** Runs `work` while calculations are sent; its time, the waits, and the memory it peaked at. */
async function whileCalculating(engine, measured, work) {
  measured.reset();
  const watch = watchLoop();
  const calculations = calculateEvery(engine);
  const at = performance.now();
  const cpuAt = process.cpuUsage();
  await work();
  const seconds = (performance.now() - at) / 1000;
  const cpu = process.cpuUsage(cpuAt);
  const waits = await calculations.stop();
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, waits, hold: watch.stop(), peak: measured.peakMiB() };
}

async function measureAt(count) {
  const directory = mkdtempSync(join(tmpdir(), 'taxkit-ledger-bench-'));
  const path = join(directory, 'taxkit.db');
  try {
    const { raw, writeSeconds } = await writeSalesLedger(path, tenant, count);
    raw.close();
    // No registration yet: the calculations here collect everywhere and never ask for nexus notes.
    const measured = sampledStore(path);
    const engine = taxkit.createTaxEngine({ store: measured.store, tenant });
    const floor = await whileCalculating(engine, measured, () => sleep(2_000));
    const report = await whileCalculating(engine, measured, () =>
      engine.reports.liability({ from: '2026-01-01', to: '2026-12-31' }, { tenant }),
    );
    const nexus = await whileCalculating(engine, measured, () => engine.nexus.status({ at: YEAR_END }, { tenant }));
    await engine.registrations.create({ country: 'US', province: 'CA', active_from: 0 }, { tenant });
    await engine.close();

    // A server starting with a live registration: nothing kept, so the first live calculation
    // starts a background count; a nexus status and a year's report are asked for at once.
    const restarted = sampledStore(path);
    const fresh = taxkit.createTaxEngine({ store: restarted.store, tenant });
    const all = await whileCalculating(fresh, restarted, async () => {
      await sleep(20);
      await Promise.all([
        fresh.nexus.status({}, { tenant }),
        fresh.reports.liability({ from: '2026-01-01', to: '2026-12-31' }, { tenant }),
      ]);
      await fresh.whenIdle();
    });
    await fresh.close();
    return { count, writeSeconds, floor, report, nexus, all };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const results = [];

/** Prints the table of the sizes measured so far and writes it into RESULTS.md. */
async function writeResults() {
  const mib = (value) => `${value.toFixed(1)} MiB`;
  const header = `| measure | ${results.map((r) => `${r.count.toLocaleString('en-US')} sales`).join(' | ')} |`;
  const rule = `| --- | ${results.map(() => '---').join(' | ')} |`;
  const row = (label, cell) => `| ${label} | ${results.map(cell).join(' | ')} |`;
  const table = [
    header,
    rule,
    row('ledger written (not measured)', (r) => `${r.writeSeconds.toFixed(1)} s`),
    row('floor: calculation waits, nothing else running', (r) => waitsOf(r.floor)),
    row(
      'liability report, 2026 by month',
      (r) =>
        `**${r.report.seconds.toFixed(2)} s** (${r.report.cpuSeconds.toFixed(2)} s CPU), peak ${mib(r.report.peak)}`,
    ),
    row('calculation waits during the report', (r) => waitsOf(r.report)),
    row(
      'nexus count (GET /tax/nexus)',
      (r) => `**${r.nexus.seconds.toFixed(2)} s** (${r.nexus.cpuSeconds.toFixed(2)} s CPU), peak ${mib(r.nexus.peak)}`,
    ),
    row('calculation waits during the count', (r) => waitsOf(r.nexus)),
    row(
      'start with a live registration: background count, status and report at once',
      (r) => `**${r.all.seconds.toFixed(2)} s** (${r.all.cpuSeconds.toFixed(2)} s CPU), peak ${mib(r.all.peak)}`,
    ),
    row('calculation waits during all three', (r) => waitsOf(r.all)),
    row('process peak resident memory, whole run so far', (r) => mib(r.maxRssMiB)),
  ].join('\n');

  const text = `<!-- ledger-bench:start -->

  ## Ledger reads at scale, SQLite (\`npm run bench:ledger\`)

  Machine: ${started.machine}, Node ${started.node}, ${started.date}; load average ${started.load} at the start, ${loadavg()
    .map((value) => value.toFixed(2))
    .join(
      ' / ',
    )} at the end. One process, one round per size (the machine is shared). A live calculation (Indiana, one line, through the engine) is due every ${CADENCE_MS} ms while each read runs; its wait is from when it was due to its answer. Peak memory is heap and buffers above the start of the read, sampled at each ledger page. Target (issue 35): waits p99 under 50 ms and max under 200 ms. The event loop's longest hold is also given in this process's CPU time, which other processes' load does not inflate.

  ${table}

  <!-- ledger-bench:end -->`;
  process.stdout.write(`${table}\n`);
  if (!values['no-write']) await writeResultsSection('ledger', text);
}

for (const size of SIZES) {
  const result = await measureAt(size);
  // The process's peak resident memory so far (the sizes run smallest first).
  results.push({ ...result, maxRssMiB: (process.resourceUsage().maxRSS * 1024) / 2 ** 20 });
  // Written after each size, so a long run that is stopped keeps what it measured.
  await writeResults();
  process.stdout.write(
    `${JSON.stringify({ ...result, floor: undefined, report: undefined, nexus: undefined, all: undefined })}\n`,
  );
}
