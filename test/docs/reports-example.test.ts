/**
 * docs/reports.md works through one month of a seller's ledger: sales in Indiana, California
 * and Germany, a partial refund, a full refund and its reversal, and a backfilled sale. This
 * test records that ledger with the embedded rates and checks the report the doc shows is the
 * one taxkit gives. After changing the engine or the rates, regenerate with
 * `UPDATE_DOCS=1 npx vitest run test/docs/reports-example.test.ts`.
 */
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { expectGeneratedBlock } from '../helpers/generated-block.ts';
import { type CalculationRequest, createCountingIds, createTaxEngine, type TaxEngine } from '../../src/index.ts';

const DOC = new URL('../../docs/reports.md', import.meta.url);
const at = (iso: string) => Date.parse(iso) / 1000;

/** The clock the example runs on: each step sets it to the moment it happens. */
function exampleClock() {
  let now = at('2026-11-02T09:00:00Z') * 1000;
  return { now: () => now, set: (iso: string) => (now = Date.parse(iso)) };
}

const cart = (
  address: { readonly address_country: string } & Record<string, string>,
  currency: string,
  amounts: readonly number[],
): CalculationRequest => ({
  customer: { address },
  order_details: {
    customer_currency_code: currency,
    tax_included_in_amount: false,
    line_items: amounts.map((amount, index) => ({
      reference_line_item_id: `line-${index + 1}`,
      product_category: 'GENERAL_MERCHANDISE',
      amount,
      quantity: 1,
    })),
  },
});

const INDIANA = { address_country: 'US', address_province: 'IN', address_postal_code: '46204' };
const CALIFORNIA = { address_country: 'US', address_province: 'CA', address_postal_code: '94103' };
const BERLIN = { address_country: 'DE', address_postal_code: '10115', address_city: 'Berlin' };

/** The ledger of docs/reports.md, recorded step by step. */
async function recordExample(engine: TaxEngine, clock: ReturnType<typeof exampleClock>) {
  const sell = async (iso: string, order: string, body: CalculationRequest) => {
    clock.set(iso);
    const calculation = await engine.calculations.create(body);
    return engine.transactions.create({ calculation_id: calculation.id, reference_order_id: order });
  };
  await sell('2026-11-02T09:00:00Z', 'order-1', cart(INDIANA, 'USD', [12_000, 3_000]));
  const second = await sell('2026-11-05T16:30:00Z', 'order-2', cart(CALIFORNIA, 'USD', [25_000]));
  await sell('2026-11-12T11:15:00Z', 'order-3', cart(BERLIN, 'EUR', [8_000]));
  const fourth = await sell('2026-11-20T14:00:00Z', 'order-4', cart(INDIANA, 'USD', [4_000]));
  clock.set('2026-11-21T10:00:00Z');
  await engine.refunds.create({
    transaction_id: second.id,
    type: 'partial',
    line_items: [
      { reference_line_item_id: 'line-1', sales_amount_refunded: -5_000, tax_amount_refunded: -363, quantity: 1 },
    ],
  });
  clock.set('2026-11-24T10:00:00Z');
  const refund = await engine.refunds.create({ transaction_id: fourth.id, type: 'full' });
  clock.set('2026-11-25T10:00:00Z');
  await engine.refundReversals.create({ refund_id: refund.id });
  clock.set('2026-11-28T10:00:00Z');
  await engine.manualLineItems.create({
    order_id: 'marketplace-77',
    address_country: 'US',
    address_province: 'CA',
    address_postal_code: '94103',
    transaction_date_time: '2026-11-27T18:00:00Z',
    currency_code: 'USD',
    line_items: [{ line_item_id: 'm-1', sales: 10_000, total_taxes: 725, product_category: 'GENERAL_MERCHANDISE' }],
  });
}

/** The report as the doc shows it: a table of the rows, then the JSON totals. */
function render(report: Awaited<ReturnType<TaxEngine['reports']['liability']>>): string {
  const columns = [
    'jurisdiction_id',
    'tax_rate',
    'currency',
    'gross_sales',
    'taxable_sales',
    'tax_collected',
    'refunded_sales',
    'tax_refunded',
    'net_tax',
    'transaction_count',
  ] as const;
  const lines = [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...report.rows.map((row) => `| ${columns.map((column) => String(row[column])).join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n\nTotals:\n\n\`\`\`json\n${JSON.stringify(report.totals, null, 2)}\n\`\`\``;
}

describe('docs/reports.md', () => {
  it('shows the report taxkit gives for its example month', async () => {
    const clock = exampleClock();
    const engine = createTaxEngine({ clock, ids: createCountingIds() });
    await recordExample(engine, clock);
    const report = await engine.reports.liability({ from: '2026-11-01', to: '2026-11-30' });
    await engine.close();
    // Formatted as the repository's docs are (prettier aligns tables), so the check reads what `npm run lint` keeps.
    const config = (await prettier.resolveConfig(DOC)) ?? {};
    const expected = (await prettier.format(render(report), { ...config, parser: 'markdown' })).trim();
    expectGeneratedBlock(DOC, 'reports-example', 'test/docs/reports-example.test.ts', expected);
    // What the example is there to show: the rows add up to the ledger, per currency.
    for (const total of report.totals) {
      const rows = report.rows.filter((row) => row.currency === total.currency);
      expect(rows.reduce((sum, row) => sum + row.net_tax, 0)).toBe(total.net_tax);
    }
  });
});
