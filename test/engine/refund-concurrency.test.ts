import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createSqliteStore } from '../../adapters/sqlite/index.ts';
import { isTaxError } from '../../src/core/errors.ts';
import type { TaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import { calculationBody, createTestEngine, TEST_ADDRESSES } from '../helpers/engine-fixtures.ts';

const directory = mkdtempSync(join(tmpdir(), 'taxkit-refund-race-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Two engines over one store, so refunds interleave as a server's requests do. */
function pairs(): [string, () => [TaxEngine, TaxEngine]][] {
  return [
    [
      'memory',
      () => {
        const store = createMemoryStore();
        return [
          createTestEngine({ store }).engine,
          createTestEngine({ store, ids: createCountingIds(1_000_000) }).engine,
        ];
      },
    ],
    [
      // Two processes on one file are test/adapters/sqlite.test.ts's; here two engines share
      // one connection, as the requests of one server do.
      'sqlite',
      () => {
        const store = createSqliteStore({ path: join(directory, `race-${Math.random().toString(36).slice(2)}.db`) });
        return [
          createTestEngine({ store }).engine,
          createTestEngine({ store, ids: createCountingIds(1_000_000) }).engine,
        ];
      },
    ],
  ];
}

describe.each(pairs())('concurrent partial refunds against the running balance (%s)', (_name, make) => {
  it('exactly as many succeed as units remain, and the balance never goes below zero', async () => {
    const [first, second] = make();
    const calculation = await first.calculations.create(
      calculationBody({
        customer: { address: TEST_ADDRESSES.indiana },
        order_details: {
          customer_currency_code: 'USD',
          tax_included_in_amount: false,
          line_items: [
            { reference_line_item_id: 'line-1', product_category: 'GENERAL_MERCHANDISE', amount: 200, quantity: 2 },
          ],
        },
      }),
    );
    // 200 at 7 %: 14 units of tax.
    const transaction = await first.transactions.create({ calculation_id: calculation.id, reference_order_id: 'race' });
    const refundOne = (engine: TaxEngine) =>
      engine.refunds.create({
        transaction_id: transaction.id,
        type: 'partial',
        line_items: [
          { reference_line_item_id: 'line-1', sales_amount_refunded: 0, tax_amount_refunded: -1, quantity: 0 },
        ],
      });
    const settled = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) => refundOne(index % 2 === 0 ? first : second)),
    );
    const outcomes = settled.map((result) =>
      result.status === 'fulfilled' ? 'ok' : isTaxError(result.reason) ? result.reason.type : String(result.reason),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(14);
    expect(
      outcomes
        .filter((outcome) => outcome !== 'ok')
        .every((outcome) => outcome === 'REFUND_EXCEEDS_REMAINING' || outcome === 'TRANSACTION_FULLY_REFUNDED'),
    ).toBe(true);
    const full = await second.refunds.create({ transaction_id: transaction.id, type: 'full' }).catch((error) => error);
    // Sales remain (200), tax does not: the full refund takes the sales and no tax.
    expect(full.line_items?.[0]).toMatchObject({ tax_amount: 0 });
    await first.close();
  });
});
