/**
 * Nexus through the engine: GET /tax/nexus's operation over a store, the note of a live
 * calculation in a state crossed without a registration, net refunds and reversals, and the
 * property that the status read from the ledger by period equals a recount of the whole ledger.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createRandomIds } from '../../src/random-ids.ts';
import { NEXUS_NOT_COUNTED_NOTE } from '../../src/operations/create-nexus-monitor.ts';
import { unixOfIsoDay } from '../../src/core/nexus/civil-date.ts';
import { nexusStatus } from '../../src/core/nexus/nexus-status.ts';
import type { Refund, Transaction } from '../../src/core/types.ts';
import { loadDefaultNexusRules } from '../../src/defaults/load-default-nexus-rules.ts';
import { planFullRefund, planReversal } from '../conformance/planners.ts';
import {
  createTestEngine,
  indianaCalculation as indianaCalculationIn,
  TEST_ADDRESSES,
} from '../helpers/engine-fixtures.ts';
import type { TaxEngine } from '../../src/engine.ts';
import { makeRefundLine, makeTaxLine, makeTransaction } from '../helpers/records.ts';

const LIVE = { tenant: { accountId: 'acct_nexus', mode: 'live' as const } };
const day = unixOfIsoDay;

/** Records a live Indiana sale of `amount` cents processed on `iso`, through the engine. */
async function sell(engine: ReturnType<typeof createTestEngine>['engine'], amount: number, iso: string, order: string) {
  const calculation = await engine.calculations.create(
    {
      customer: { address: TEST_ADDRESSES.indiana },
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: false,
        line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount, quantity: 1 }],
      },
      tax_date: day(iso),
    },
    LIVE,
  );
  return engine.transactions.create(
    { calculation_id: calculation.id, reference_order_id: order, transaction_processed_at: day(iso) },
    LIVE,
  );
}

const indianaCalculation = (engine: TaxEngine) => indianaCalculationIn(engine, LIVE);

const indianaOf = (report: { jurisdictions: readonly { jurisdiction: string }[] }) =>
  report.jurisdictions.find((row) => row.jurisdiction === 'US-IN') as Record<string, unknown>;

describe('engine.nexus.status', () => {
  it('crossing, net refunds and reversals: a full refund pulls the seller under, its reversal puts it back', async () => {
    const { engine } = createTestEngine();
    await sell(engine, 6_000_000, '2025-02-01', 'o-1');
    expect(indianaOf(await engine.nexus.status({}, LIVE))).toMatchObject({ status: 'below', sales_amount: 6_000_000 });
    await sell(engine, 2_500_000, '2025-03-01', 'o-2');
    expect(indianaOf(await engine.nexus.status({}, LIVE)).status).toBe('approaching');
    const crossing = await sell(engine, 2_000_000, '2025-04-01', 'o-3');
    expect(indianaOf(await engine.nexus.status({}, LIVE))).toMatchObject({
      status: 'exceeded',
      sales_amount: 10_500_000,
      transaction_count: 3,
      threshold_amount: 10_000_000,
      threshold_transactions: null,
      currency: 'USD',
      crossed_at: day('2025-04-01'),
      crossed_by_transaction_id: crossing.id,
    });
    const refund = await engine.refunds.create({ transaction_id: crossing.id, type: 'full' }, LIVE);
    expect(indianaOf(await engine.nexus.status({}, LIVE))).toMatchObject({
      status: 'approaching',
      sales_amount: 8_500_000,
      crossed_at: null,
    });
    await engine.refundReversals.create({ refund_id: refund.id }, LIVE);
    expect(indianaOf(await engine.nexus.status({}, LIVE))).toMatchObject({
      status: 'exceeded',
      crossed_by_transaction_id: crossing.id,
    });
    // As of a date before the crossing sale.
    expect(indianaOf(await engine.nexus.status({ at: day('2025-03-15') }, LIVE)).status).toBe('approaching');
    // Test mode has its own ledger.
    expect(indianaOf(await engine.nexus.status({}, { tenant: { ...LIVE.tenant, mode: 'test' } })).sales_amount).toBe(0);
  });

  it('a live calculation where the account crossed but is not registered says so in its note', async () => {
    const store = createMemoryStore();
    const { engine } = createTestEngine({ store });
    const crossing = await sell(engine, 10_000_000, '2025-03-01', 'o-big');
    // No registrations at all: the account collects everywhere, and no note is needed.
    const everywhere = await indianaCalculation(engine);
    expect(everywhere.total_tax_amount).toBe(70);
    await engine.registrations.create({ country: 'US', province: 'CA', active_from: 0 }, LIVE);
    // The first live calculation of the account starts its count and does not wait for it.
    const before = await indianaCalculation(engine);
    expect(before.line_items[0]?.tax_jurisdictions[0]?.note).toBe(NEXUS_NOT_COUNTED_NOTE);
    await engine.whenIdle();
    const calculation = await indianaCalculation(engine);
    expect(calculation.total_tax_amount).toBe(0);
    const note = calculation.line_items[0]?.tax_jurisdictions[0]?.note as string;
    expect(note).toMatch(
      /^NO_COLLECTION: the account is not registered to collect tax in this jurisdiction, but its sales crossed the economic nexus threshold of Indiana/,
    );
    expect(note).toContain(`on 2025-03-01 with ${crossing.id}`);
    // A fresh engine on the same store does not wait for a count: its first live calculation
    // says the status is not known yet, and starts the count for the ones after it.
    const { engine: fresh } = createTestEngine({ store, ids: createRandomIds() });
    const first = await indianaCalculation(fresh);
    expect(first.total_tax_amount).toBe(0);
    expect(first.line_items[0]?.tax_jurisdictions[0]?.note).toBe(NEXUS_NOT_COUNTED_NOTE);
    await fresh.whenIdle();
    const second = await indianaCalculation(fresh);
    expect(second.line_items[0]?.tax_jurisdictions[0]?.note).toBe(note);
    // Once registered there, it collects and the note is gone.
    await engine.registrations.create({ country: 'US', province: 'IN', active_from: 0 }, LIVE);
    const registered = await indianaCalculation(engine);
    expect(registered.total_tax_amount).toBe(70);
    expect(registered.line_items[0]?.tax_jurisdictions[0]?.note).toBe('');
  });

  it('refuses a bad at naming the field', async () => {
    const { engine } = createTestEngine();
    await expect(engine.nexus.status({ at: -5 }, LIVE)).rejects.toMatchObject({ type: 'INVALID_VALUE' });
    await expect(engine.nexus.status({ at: 'soon' } as never, LIVE)).rejects.toMatchObject({ type: 'INVALID_VALUE' });
  });
});

describe('the status read from the ledger by period equals a recount of the whole ledger', () => {
  const rules = loadDefaultNexusRules();
  const START = day('2023-06-01');
  const END = day('2026-06-01');
  const saleArbitrary = fc.record({
    at: fc.integer({ min: START, max: END }),
    amount: fc.integer({ min: 1, max: 4_000_000 }),
    place: fc.constantFrom(['US', 'IN'], ['US', 'CA'], ['US', 'NY'], ['US', 'TX'], ['DE', ''], ['CA', 'ON']),
    currency: fc.constantFrom('USD', 'USD', 'EUR'),
    marketplace: fc.boolean(),
    refund: fc.option(
      fc.record({
        after: fc.integer({ min: 0, max: 200 * 86_400 }),
        reversedAfter: fc.option(fc.integer({ min: 0, max: 100 * 86_400 })),
      }),
    ),
  });

  type SaleShape = {
    readonly at: number;
    readonly amount: number;
    readonly place: readonly string[];
    readonly currency: string;
    readonly marketplace: boolean;
    readonly refund: { readonly after: number; readonly reversedAfter: number | null } | null;
  };

  async function check(sales: SaleShape[], at: number) {
    const store = createMemoryStore();
    const tenant = LIVE.tenant;
    const recorded: Transaction[] = [];
    const refunds: Refund[] = [];
    for (const [index, sale] of sales.entries()) {
      const transaction = makeTransaction({
        id: `tr_${String(index).padStart(5, '0')}`,
        referenceOrderId: `order-${index}`,
        processedAt: sale.at,
        currency: sale.currency,
        filingCurrency: sale.currency,
        lines: [makeTaxLine({ amountExcludingTaxMinor: sale.amount })],
        place: { country: sale.place[0] as string, province: sale.place[1] as string },
        ...(sale.marketplace ? { marketplaceFacilitated: true } : {}),
      });
      recorded.push(transaction);
      await store.insertTransactions(tenant, [transaction]);
      if (sale.refund !== null) {
        const refundAt = sale.at + sale.refund.after;
        let refund = await store.insertRefund(
          tenant,
          transaction.id,
          planFullRefund({
            id: `ref_${String(index).padStart(5, '0')}`,
            processedAt: refundAt,
            lines: transaction.lines.map((line) => makeRefundLine(line)),
          }),
        );
        if (sale.refund.reversedAfter !== null) {
          refund = await store.reverseRefund(tenant, refund.id, planReversal(refundAt + sale.refund.reversedAfter));
        }
        refunds.push(refund);
      }
    }
    const { engine } = createTestEngine({
      store,
      defaultOrigin: { line1: '', line2: '', city: '', province: '', postalCode: '', country: 'US' },
    });
    const read = await engine.nexus.status({ at }, LIVE);
    const recount = nexusStatus({
      rules: rules.flatMap((table) => table.rules),
      noSalesTax: rules.flatMap((table) => table.noSalesTax ?? []),
      at,
      sellerCountry: 'US',
      registrations: undefined,
      sales: recorded.filter((sale) => sale.processedAt <= at).toSorted((a, b) => a.processedAt - b.processedAt),
      refunds: refunds
        .filter((refund) => refund.processedAt <= at && !(refund.reversedAt !== undefined && refund.reversedAt <= at))
        .map((refund) => ({
          refund,
          transaction: recorded.find((sale) => sale.id === refund.transactionId) as Transaction,
        })),
    });
    expect(
      read.jurisdictions.map((row) => [
        row.jurisdiction,
        row.status,
        row.sales_amount,
        row.transaction_count,
        row.crossed_at,
        row.crossed_by_transaction_id,
        row.unconverted_transaction_count,
      ]),
    ).toEqual(
      recount.map((row) => [
        row.jurisdiction,
        row.status,
        row.salesMinor,
        row.transactionCount,
        row.crossedAt,
        row.crossedBy,
        row.unconvertedTransactionCount,
      ]),
    );
  }

  it('for random ledgers and dates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(saleArbitrary, { maxLength: 60 }), fc.integer({ min: START, max: END }), check),
      { numRuns: 40 },
    );
  });

  it('for a ledger read in several pages', async () => {
    const sales = Array.from({ length: 2_300 }, (_, index) => ({
      at: day('2025-01-01') + index * 3_600,
      amount: 5_000 + (index % 7),
      place: index % 3 === 0 ? ['US', 'CA'] : ['US', 'IN'],
      currency: 'USD',
      marketplace: index % 11 === 0,
      refund: index % 13 === 0 ? { after: 86_400, reversedAfter: index % 26 === 0 ? 3_600 : null } : null,
    }));
    await check(sales, day('2025-12-31'));
  });
});
