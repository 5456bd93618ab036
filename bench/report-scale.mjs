// `npm run bench:report`: the liability report over a year of sales on SQLite, beside a
// hand-written GROUP BY over the same rows in the same run, and the report's peak memory.
// Writes its section of bench/RESULTS.md (between the report-bench markers).
//
//   node bench/report-scale.mjs [--transactions 1000000] [--rounds 3] [--no-write]
//
// The ledger is written straight into the store's file with the store's own row builder (one
// SQLite transaction, no fsync per sale: only the reads are measured), from three real sales
// the engine recorded (Indiana, California, Germany), spread evenly over 2026.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import * as prettier from 'prettier';
import { sqlite, taxkit } from './harness/dist.mjs';
import { describeMachine } from './harness/report.mjs';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '3' },
    'no-write': { type: 'boolean', default: false },
  },
});
const COUNT = Number(values.transactions);
const ROUNDS = Number(values.rounds);
const YEAR_START = Date.UTC(2026, 0, 1) / 1000;
const YEAR_SECONDS = 365 * 86_400;
const tenant = { accountId: 'default', mode: 'live' };
const { transactionRow } = await import(new URL('../dist/adapters/sqlite/record-rows.js', import.meta.url).href);

const directory = mkdtempSync(join(tmpdir(), 'taxkit-report-bench-'));
const path = join(directory, 'taxkit.db');
const started = describeMachine();

try {
  // Three real sales, recorded by the engine, as templates of the ledger's rows.
  let store = sqlite.createSqliteStore({ path });
  let engine = taxkit.createTaxEngine({ store, tenant });
  const places = [
    { address_country: 'US', address_province: 'IN', address_postal_code: '46204' },
    { address_country: 'US', address_province: 'CA', address_postal_code: '94103' },
    { address_country: 'DE', address_postal_code: '10115' },
  ];
  const templates = [];
  for (const [index, address] of places.entries()) {
    const calculation = await engine.calculations.create(
      {
        customer: { address },
        order_details: {
          customer_currency_code: index === 2 ? 'EUR' : 'USD',
          tax_included_in_amount: false,
          line_items: [
            { reference_line_item_id: 'l1', product_category: 'GENERAL_MERCHANDISE', amount: 4_000, quantity: 1 },
            { reference_line_item_id: 'l2', product_category: 'CLOTHING', amount: 2_500, quantity: 1 },
          ],
        },
      },
      { tenant },
    );
    const sale = await engine.transactions.create(
      { calculation_id: calculation.id, reference_order_id: `template-${index}` },
      { tenant },
    );
    templates.push(await store.getTransaction(tenant, sale.id));
  }
  // A one-stop-shop registration in France, so the German sales are on an OSS return.
  await engine.registrations.create(
    { country: 'FR', type: 'eu_oss_union', registration_number: 'FR12345678901', active_from: YEAR_START },
    { tenant },
  );
  await engine.close();

  // The year of sales, written with the store's row builder in one SQLite transaction.
  const raw = new Database(path);
  const columns = Object.keys(transactionRow(tenant, templates[0]));
  const snake = (name) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  const insert = raw.prepare(
    `INSERT INTO transactions (${columns.map(snake).join(', ')}) VALUES (${columns.map((name) => `@${name}`).join(', ')})`,
  );
  const writeStarted = performance.now();
  raw.transaction(() => {
    for (let index = 0; index < COUNT; index += 1) {
      const template = templates[index % templates.length];
      const id = `tr_bench_${String(index).padStart(8, '0')}`;
      const sale = {
        ...template,
        id,
        calculationId: `calc_bench_${index}`,
        referenceOrderId: `order-${index}`,
        processedAt: YEAR_START + Math.floor((index / COUNT) * YEAR_SECONDS),
      };
      const row = transactionRow(tenant, sale);
      for (const key of Object.keys(row)) if (typeof row[key] === 'bigint') row[key] = Number(row[key]);
      insert.run(row);
    }
  })();
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.exec('ANALYZE');

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
  store = Object.assign(Object.create(Object.getPrototypeOf(opened)), opened, {
    listTransactions: sampled(opened.listTransactions),
    listRefundsProcessed: sampled(opened.listRefundsProcessed),
    listRefundsReversed: sampled(opened.listRefundsReversed),
  });
  engine = taxkit.createTaxEngine({ store, tenant });
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
    )} at the end. ${ROUNDS} rounds, alternating which goes first. The report reads the ledger in pages of 1,000 sales and aggregates in the engine; the floor asks SQLite for the same sums in one statement.

${table}

<!-- report-bench:end -->`;
  process.stdout.write(`${table}\n`);
  if (!values['no-write']) {
    const file = new URL('./RESULTS.md', import.meta.url);
    const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const marked = /<!-- report-bench:start -->[\s\S]*<!-- report-bench:end -->/;
    const next = marked.test(previous) ? previous.replace(marked, text) : `${previous.trimEnd()}\n\n${text}\n`;
    const config = (await prettier.resolveConfig(file)) ?? {};
    writeFileSync(file, await prettier.format(next, { ...config, parser: 'markdown' }));
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
