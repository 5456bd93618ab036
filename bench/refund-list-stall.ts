// How long one complete refund list blocks the server: a transaction of 1,000 lines with 200
// partial refunds of every line, read whole (GET /tax/transactions/{id}/refunds without a
// cursor) from a real server in this process, while a 1 ms timer measures the longest gap the
// event loop left it.
//
//   npx tsx bench/refund-list-stall.ts [--refunds 200] [--lines 1000]
import { parseArgs } from 'node:util';
import { createTaxEngine } from '../src/index.ts';
import { generateAccountKeys, startServer } from '../src/http/index.ts';

const { values } = parseArgs({
  options: { refunds: { type: 'string', default: '200' }, lines: { type: 'string', default: '1000' } },
});
const refunds = Number(values.refunds);
const lines = Number(values.lines);

const engine = createTaxEngine();
const lineItems = Array.from({ length: lines }, (_, index) => ({
  reference_line_item_id: `line-${index}`,
  product_category: 'GENERAL_MERCHANDISE' as const,
  amount: 100_000,
  quantity: 1,
}));
const calculation = await engine.calculations.create({
  customer: { address: { address_country: 'US', address_province: 'IN', address_postal_code: '46122' } },
  order_details: { customer_currency_code: 'USD', tax_included_in_amount: false, line_items: lineItems },
});
const transaction = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'stall' });
for (let index = 0; index < refunds; index += 1) {
  await engine.refunds.create({
    transaction_id: transaction.id,
    type: 'partial',
    line_items: lineItems.map((line) => ({
      reference_line_item_id: line.reference_line_item_id,
      sales_amount_refunded: -100,
      tax_amount_refunded: -7,
      quantity: 0,
    })),
  });
}

const keys = generateAccountKeys();
const server = await startServer({ engine, accounts: [{ id: 'default', keys }], port: 0 });
let longest = 0;
let last = performance.now();
const ticker = setInterval(() => {
  const now = performance.now();
  longest = Math.max(longest, now - last);
  last = now;
}, 1);
const started = performance.now();
const response = await fetch(`${server.url}/tax/transactions/${transaction.id}/refunds`, {
  headers: { Authorization: `Bearer ${keys.secretTest}`, 'X-API-Version': '2026-03-01' },
});
const text = await response.text();
const elapsed = performance.now() - started;
clearInterval(ticker);
const listed = (JSON.parse(text) as { refunds: unknown[] }).refunds.length;
console.log(
  `${listed} refunds × ${lines} lines: ${(text.length / 1e6).toFixed(1)} MB in ${elapsed.toFixed(0)} ms; ` +
    `longest event-loop stall ${longest.toFixed(0)} ms`,
);
await server.close();
