// A year of sales in a SQLite store's file, for the benchmarks that read the ledger
// (report-scale.mjs, ledger-scale.mjs). Three real sales the engine recorded (Indiana,
// California, Germany) are the templates; `count` copies spread evenly over 2026 are written
// straight into the file with the store's own row builder, in one SQLite transaction with no
// fsync per sale: only the reads are measured.
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { sqlite, taxkit } from './dist.mjs';

export const YEAR_START = Date.UTC(2026, 0, 1) / 1000;
export const YEAR_SECONDS = 365 * 86_400;

const { transactionRow } = await import(new URL('../../dist/adapters/sqlite/record-rows.js', import.meta.url).href);

/**
 * Writes `count` sales of `tenant` into the store file at `path` (created when missing).
 * `prepare(engine)`, when given, runs on the engine that recorded the templates before it
 * closes (a registration a read needs, say).
 * @param {{ prepare?: (engine: import('../../dist/src/index.js').TaxEngine) => Promise<void> }} [options]
 * @returns {Promise<{ raw: import('better-sqlite3').Database, writeSeconds: number }>} the file
 *   opened with better-sqlite3 (the caller closes it), and how long the write took
 */
export async function writeSalesLedger(path, tenant, count, options = {}) {
  const store = sqlite.createSqliteStore({ path });
  const engine = taxkit.createTaxEngine({ store, tenant });
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
  await options.prepare?.(engine);
  await engine.close();

  const raw = new Database(path);
  const columns = Object.keys(transactionRow(tenant, templates[0]));
  const snake = (name) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  const insert = raw.prepare(
    `INSERT INTO transactions (${columns.map(snake).join(', ')}) VALUES (${columns.map((name) => `@${name}`).join(', ')})`,
  );
  const writeStarted = performance.now();
  raw.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      const template = templates[index % templates.length];
      const id = `tr_bench_${String(index).padStart(8, '0')}`;
      const sale = {
        ...template,
        id,
        calculationId: `calc_bench_${index}`,
        referenceOrderId: `order-${index}`,
        processedAt: YEAR_START + Math.floor((index / count) * YEAR_SECONDS),
      };
      const row = transactionRow(tenant, sale);
      for (const key of Object.keys(row)) if (typeof row[key] === 'bigint') row[key] = Number(row[key]);
      insert.run(row);
    }
  })();
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.exec('ANALYZE');
  return { raw, writeSeconds };
}
