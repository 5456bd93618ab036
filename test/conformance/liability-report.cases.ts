/* eslint-disable no-await-in-loop -- a ledger is recorded step by step on purpose */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { CalculationRequest } from '../../src/wire/api-types.ts';
import { calculationBody, createTestEngine, TEST_ADDRESSES } from '../helpers/engine-fixtures.ts';
import type { SuiteContext } from './suite-context.ts';

const DAY = 86_400;
/** 2026-10-01, the first day of the ledgers built here; they span October to December. */
const START = 1_790_812_800;

const PLACES = [
  { address: TEST_ADDRESSES.indiana, currency: 'USD' },
  { address: TEST_ADDRESSES.toronto, currency: 'CAD' },
  { address: TEST_ADDRESSES.berlin, currency: 'EUR' },
] as const;

interface Step {
  readonly place: number;
  readonly amounts: readonly number[];
  readonly exempt: boolean;
  readonly day: number;
  /** 0: no refund; 1: a full refund; 2: a partial refund of the first line. */
  readonly refund: 0 | 1 | 2;
  readonly refundDay: number;
  readonly reverse: boolean;
  readonly reverseDay: number;
}

const step: fc.Arbitrary<Step> = fc.record({
  place: fc.integer({ min: 0, max: PLACES.length - 1 }),
  amounts: fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 3 }),
  exempt: fc.boolean(),
  day: fc.integer({ min: 0, max: 91 }),
  refund: fc.constantFrom(0, 1, 2),
  refundDay: fc.integer({ min: 0, max: 91 }),
  reverse: fc.boolean(),
  reverseDay: fc.integer({ min: 0, max: 91 }),
});

function body(step: Step): CalculationRequest {
  const place = PLACES[step.place] as (typeof PLACES)[number];
  return calculationBody({
    customer: { address: place.address },
    order_details: {
      customer_currency_code: place.currency,
      tax_included_in_amount: false,
      line_items: step.amounts.map((amount, index) => ({
        reference_line_item_id: `line-${index}`,
        product_category: step.exempt && index === 0 ? 'NON_TAXABLE' : 'GENERAL_MERCHANDISE',
        amount,
        quantity: 1,
      })),
    },
  });
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The liability report reconciles with the ledger to the unit, on every store: for random
 * ledgers of sales in three currencies and places, full and partial refunds, reversals, spread
 * over three months, the rows' net tax per currency equals the sales' tax, less what refunds
 * took, plus what reversals gave back, each counted in the period it happened.
 */
export function describeLiabilityReportCases({ store, test }: SuiteContext): void {
  test('liability report: rows and totals reconcile with the ledger, per currency and period (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('month', 'quarter'),
        async (steps, period) => {
          run += 1;
          const tenant = { accountId: `acct_report_${run}`, mode: 'test' as const };
          // The clock jumps back and forth between the steps' days: a long retention keeps the
          // background sweep from deleting a calculation before its sale is recorded.
          const { engine, clock } = createTestEngine({
            store: store(),
            tenant,
            calculationRetentionSeconds: 365 * DAY,
          });
          const expected = new Map<string, { collected: number; refunded: number; reversed: number; gross: number }>();
          const bucket = (currency: string) => {
            let entry = expected.get(currency);
            if (entry === undefined) {
              entry = { collected: 0, refunded: 0, reversed: 0, gross: 0 };
              expected.set(currency, entry);
            }
            return entry;
          };
          for (const [index, each] of steps.entries()) {
            clock.set((START + each.day * DAY) * 1000);
            const calculation = await engine.calculations.create(body(each));
            const sale = await engine.transactions.create({
              calculation_id: calculation.id,
              reference_order_id: `o-${index}`,
            });
            const entry = bucket(sale.filing_currency_code);
            entry.collected += sum(sale.line_items.map((line) => line.tax_amount));
            entry.gross += sum(sale.line_items.map((line) => line.amount_excluding_tax));
            if (each.refund === 0) continue;
            const refundAt = START + Math.max(each.day, each.refundDay) * DAY;
            clock.set(refundAt * 1000);
            const first = sale.line_items[0] as (typeof sale.line_items)[number];
            const refund =
              each.refund === 1
                ? await engine.refunds.create({ transaction_id: sale.id, type: 'full' })
                : await engine.refunds.create({
                    transaction_id: sale.id,
                    type: 'partial',
                    line_items: [
                      {
                        reference_line_item_id: 'line-0',
                        sales_amount_refunded: -Math.ceil(first.amount_excluding_tax / 2),
                        tax_amount_refunded: -Math.ceil(first.tax_amount / 2),
                        quantity: 1,
                      },
                    ],
                  });
            const refundedTax = sum(refund.line_items.map((line) => line.tax_amount));
            entry.refunded += refundedTax;
            if (!each.reverse) continue;
            clock.set((refundAt + Math.max(0, each.reverseDay - each.refundDay) * DAY + 1) * 1000);
            await engine.refundReversals.create({ refund_id: refund.id });
            entry.reversed -= refundedTax;
          }
          const report = await engine.reports.liability({ from: '2026-10-01', to: '2027-06-30', period }, { tenant });
          expect(report.totals.map((total) => total.currency).sort()).toEqual([...expected.keys()].sort());
          for (const [currency, entry] of expected) {
            const rows = report.rows.filter((row) => row.currency === currency);
            const total = report.totals.find((each) => each.currency === currency);
            const net = entry.collected + entry.refunded + entry.reversed;
            expect(sum(rows.map((row) => row.net_tax)), currency).toBe(net);
            expect(sum(rows.map((row) => row.tax_collected)), currency).toBe(entry.collected);
            expect(sum(rows.map((row) => row.tax_refunded)), currency).toBe(entry.refunded + entry.reversed);
            expect(total).toMatchObject({ tax_collected: entry.collected, net_tax: net, gross_sales: entry.gross });
            for (const row of rows) {
              expect(row.taxable_sales + row.exempt_sales + row.non_taxable_sales).toBe(row.gross_sales);
              expect(row.net_tax).toBe(row.tax_collected + row.tax_refunded);
            }
          }
          await engine.resetTestData({ tenant });
        },
      ),
      { numRuns: 12 },
    );
  });
}
