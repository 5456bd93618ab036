// `npm run bench:report`: the liability report over a year of sales on SQLite, beside a
// hand-written GROUP BY over the same rows in the same run, and the report's peak memory.
// Writes its section of bench/RESULTS.md (between the report-bench markers).
//
//   node bench/report-scale.mjs [--transactions 1000000] [--rounds 3] [--no-write]
//
// The ledger is written straight into the store's file with the store's own row builder (one
// SQLite transaction, no fsync per sale: only the reads are measured), from three real sales
// the engine recorded (Indiana, California, Germany), spread evenly over 2026.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sqlite, taxkit } from './harness/dist.mjs';
import { describeMachine } from './harness/report.mjs';
import { writeResultsSection } from './harness/write-results-section.mjs';
import { writeSalesLedger, YEAR_SECONDS, YEAR_START } from './harness/write-sales-ledger.mjs';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '3' },
    'no-write': { type: 'boolean', default: false },
  },
});
const COUNT = Number(values.transactions);
const ROUNDS = Number(values.rounds);
const tenant = { accountId: 'default', mode: 'live' };

const directory = mkdtempSync(join(tmpdir(), 'taxkit-report-bench-'));
const path = join(directory, 'taxkit.db');
const started = describeMachine();

try {
  // A one-stop-shop registration in France, so the German sales are on an OSS return.
  const { raw, writeSeconds } = await writeSalesLedger(path, tenant, COUNT, {
    prepare: (engine) =>
      engine.registrations.create(
        { country: 'FR', type: 'eu_oss_union', registration_number: 'FR12345678901', active_from: YEAR_START },
        { tenant },
      ),
  });

  // The floor: one GROUP BY over the same rows and the same JSON, by month, jurisdiction, tax type, rate and currency.
  const groupBy = raw.prepare(`
    SELECT strftime('%Y-%m', t.processed_at, 'unixepoch') AS month,
           j.value ->> '$.jurisdictionId' AS jurisdiction, j.value ->> '$.taxType' AS tax_type,
           j.value ->> '$.rate' AS rate, t.filing_currency AS currency,
           SUM(l.value ->> '$.amountExcludingTaxMinor') AS gross, SUM(j.value ->> '$.taxMinor') AS tax,
           COUNT(DISTINCT t.id) AS sales
      FROM transactions AS t, json_each(t.body, '$.lines') AS l, json_each(l.value, '$.jurisdictions') AS j
     WHERE t.account_id = ? AND t.mode = ? AND t.deleted_at IS NULL AND t.processed_at BETWEEN ? AND ?
     GROUP BY 1, 2, 3, 4, 5`);

  // Memory is sampled each time the report reads a page (the reads are synchronous, so a timer
  // would not fire until the report is done).
  let sample = () => undefined;
  const sampled =
    (read) =>
    async (...args) => {
      const page = await read(...args);
      sample();
      return page;
    };
  const opened = sqlite.createSqliteStore({ path });
  const store = Object.assign(Object.create(Object.getPrototypeOf(opened)), opened, {
    listTransactions: sampled(opened.listTransactions),
    listRefundsProcessed: sampled(opened.listRefundsProcessed),
    listRefundsReversed: sampled(opened.listRefundsReversed),
  });
  const engine = taxkit.createTaxEngine({ store, tenant });
  const report = () => engine.reports.liability({ from: '2026-01-01', to: '2026-12-31' }, { tenant });

  const reportTimes = [];
  const floorTimes = [];
  let peak = 0;
  let rowsSeen = 0;
  let floorRows = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const floorFirst = round % 2 === 1;
    const runFloor = () => {
      const at = performance.now();
      floorRows = groupBy.all(tenant.accountId, tenant.mode, YEAR_START, YEAR_START + YEAR_SECONDS).length;
      floorTimes.push(performance.now() - at);
    };
    if (floorFirst) runFloor();
    globalThis.gc?.();
    const base = process.memoryUsage();
    let high = 0;
    sample = () => {
      const now = process.memoryUsage();
      high = Math.max(high, now.heapUsed + now.external - base.heapUsed - base.external);
    };
    const at = performance.now();
    const answer = await report();
    reportTimes.push(performance.now() - at);
    peak = Math.max(peak, high);
    rowsSeen = answer.rows.length;
    if (!floorFirst) runFloor();
  }
  // The OSS return of a quarter beside the liability report of the same quarter, alternating:
  // the same ledger reads, one more accumulator (docs/filing.md).
  const ossTimes = [];
  const quarterTimes = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const runs = [
      [ossTimes, () => engine.reports.oss({ quarter: '2026-Q2' }, { tenant })],
      [
        quarterTimes,
        () => engine.reports.liability({ from: '2026-04-01', to: '2026-06-30', period: 'quarter' }, { tenant }),
      ],
    ];
    if (round % 2 === 1) runs.reverse();
    for (const [times, run] of runs) {
      const at = performance.now();
      await run();
      times.push(performance.now() - at);
    }
  }
  await engine.close();
  raw.close();

  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const ratios = reportTimes.map((time, index) => time / floorTimes[index]);
  const line = (label, value) => `| ${label} | ${value} |`;
  const table = [
    '| measure | value |',
    '| --- | --- |',
    line(
      'sales in the ledger (SQLite file)',
      `${COUNT.toLocaleString('en-US')} (written in ${writeSeconds.toFixed(1)} s)`,
    ),
    line(
      'engine.reports.liability, 2026 by month',
      `**${(median(reportTimes) / 1000).toFixed(2)} s** (rounds: ${reportTimes.map((t) => (t / 1000).toFixed(2)).join(', ')}); ${rowsSeen} rows`,
    ),
    line(
      'floor: one hand-written GROUP BY over the same rows',
      `**${(median(floorTimes) / 1000).toFixed(2)} s** (rounds: ${floorTimes.map((t) => (t / 1000).toFixed(2)).join(', ')}); ${floorRows} rows`,
    ),
    line(
      'report ÷ GROUP BY, median of the per-round ratios (target ≤ 3)',
      `**${median(ratios).toFixed(2)}** (${ratios.map((r) => r.toFixed(2)).join(', ')})`,
    ),
    line('peak heap and buffers above the start, during the report', `${(peak / 2 ** 20).toFixed(1)} MiB`),
    line(
      'engine.reports.oss, 2026-Q2 (a third of the sales on the return)',
      `**${(median(ossTimes) / 1000).toFixed(2)} s** (rounds: ${ossTimes.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
    ),
    line(
      'OSS return ÷ liability report of the same quarter, median of the per-round ratios',
      `**${median(ossTimes.map((time, index) => time / quarterTimes[index])).toFixed(2)}**`,
    ),
  ].join('\n');
  const text = `<!-- report-bench:start -->

## Liability report over a year of sales, SQLite (\`npm run bench:report\`)

Machine: ${started.machine}, Node ${started.node}, ${started.date}; load average ${started.load} at the start, ${loadavg()
    .map((value) => value.toFixed(2))
    .join(
      ' / ',
    )} at the end. ${ROUNDS} rounds, alternating which goes first. The report reads the ledger in slices of 250 sales and aggregates in the engine; the floor asks SQLite for the same sums in one statement.

${table}

<!-- report-bench:end -->`;
  process.stdout.write(`${table}\n`);
  if (!values['no-write']) await writeResultsSection('report', text);
} finally {
  rmSync(directory, { recursive: true, force: true });
}
