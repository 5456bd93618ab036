import { expect } from 'vitest';
import type { CalculationRequest } from '../../src/wire/api-types.ts';
import { calculationBody, createTestEngine, TEST_ADDRESSES, TEST_TENANT } from '../helpers/engine-fixtures.ts';
import { expectTaxError } from './assertions.ts';
import type { SuiteContext } from './suite-context.ts';

const MAX = Number.MAX_SAFE_INTEGER;

/** A calculation body of `count` Indiana lines of `amount` each. */
function indianaLines(count: number, amount: number): CalculationRequest {
  return calculationBody({
    customer: { address: TEST_ADDRESSES.indiana },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: Array.from({ length: count }, (_, index) => ({
        reference_line_item_id: `line-${index}`,
        product_category: 'GENERAL_MERCHANDISE',
        amount,
        quantity: 1,
      })),
    },
  });
}

/**
 * The engine over this store: what a client sends gives the same answer on every adapter. A
 * client's input is a 4xx, never a 503 from a storage limit (an integer column's 2^63 − 1, say).
 */
export function describeEngineCases({ store, test }: SuiteContext): void {
  test('a sale keeps the country it was dispatched from, for the OSS return (docs/filing.md)', async () => {
    const { engine } = createTestEngine({ store: store() });
    const calculation = await engine.calculations.create(
      calculationBody({ customer: { address: TEST_ADDRESSES.berlin }, origin_address: TEST_ADDRESSES.toronto }),
    );
    const sale = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'dispatched' });
    expect((await store().getTransaction(TEST_TENANT, sale.id))?.dispatchedFrom).toBe('CA');
    const listed = await store().listTransactions(TEST_TENANT, { limit: 10 });
    expect(listed.items.map((item) => item.dispatchedFrom)).toEqual(['CA']);
  });

  test('amounts whose totals would pass 2^53 − 1 are a 400 naming the field, and nothing is written', async () => {
    const { engine } = createTestEngine({ store: store() });
    // The probe's request: 1,000 lines that sum, with tax, past 2^63 − 1.
    const error = await expectTaxError(
      engine.calculations.create(indianaLines(1000, 8_000_000_000_000_000)),
      'INVALID_VALUE',
    );
    expect(error.details).toMatchObject({ field: 'order_details.line_items' });
    expect(await store().deleteCalculationsExpiredBefore(Number.MAX_SAFE_INTEGER)).toBe(0);
  });

  test('a sale whose totals come up to 2^53 − 1 is calculated, recorded and refunded exactly', async () => {
    const { engine } = createTestEngine({ store: store() });
    const amount = Math.floor(MAX / 1000 / 1.07) - 1;
    const calculation = await engine.calculations.create(indianaLines(1000, amount));
    const tax = Math.round(amount * 0.07);
    expect(calculation.total_tax_amount).toBe(tax * 1000);
    expect(calculation.total_amount_including_tax).toBe((amount + tax) * 1000);
    const transaction = await engine.transactions.create({
      calculation_id: calculation.id,
      reference_order_id: 'order-big',
    });
    const refund = await engine.refunds.create({ transaction_id: transaction.id, type: 'full' });
    const lines = refund.line_items as { tax_amount_refunded?: number; tax_amount?: number }[];
    expect(lines).toHaveLength(1000);
  });

  test('registrations: live collection follows the registration active on the tax date; test mode always collects', async () => {
    const { engine } = createTestEngine({ store: store() });
    const live = { tenant: { accountId: 'acct_reg', mode: 'live' as const } };
    const test_ = { tenant: { accountId: 'acct_reg', mode: 'test' as const } };
    const JAN = 1_735_689_600;
    const JUL = 1_751_328_000;
    await engine.registrations.create({ country: 'US', province: 'IN', active_from: JAN, expires_at: JUL }, live);
    const taxOn = async (taxDate: number, context: typeof live | typeof test_) =>
      (await engine.calculations.create({ ...indianaLines(1, 1000), tax_date: taxDate }, context)).total_tax_amount;
    // Future on the tax date, active, expired: in live mode.
    expect(await taxOn(JAN - 1, live)).toBe(0);
    expect(await taxOn(JAN, live)).toBe(70);
    expect(await taxOn(JUL, live)).toBe(0);
    // Test mode collects on every date.
    expect(await taxOn(JAN - 1, test_)).toBe(70);
    expect(await taxOn(JUL, test_)).toBe(70);
    // A test-mode registration changes nothing for live mode, and the other way round.
    expect((await engine.registrations.list({}, test_)).registrations).toEqual([]);
  });
}
