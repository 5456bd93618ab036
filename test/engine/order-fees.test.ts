/**
 * Per-order fees (issue 40): Colorado's retail delivery fee and Minnesota's road improvement and
 * food delivery fee are charged once per order where their conditions hold, kept on the sale,
 * refunded only with the whole order, and reported on rows of their own.
 */
import { describe, expect, it } from 'vitest';
import { compileOrderFees } from '../../src/core/order-fees/compile-order-fees.ts';
import type { OrderFee, OrderFeeTable } from '../../src/core/order-fees/order-fee-table.ts';
import { TaxError } from '../../src/core/errors.ts';
import { loadDefaultOrderFees } from '../../src/defaults/load-default-order-fees.ts';
import { createTaxEngine, type TaxEngineOptions } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import type { CalculationRequest } from '../../src/wire/api-types.ts';

type Wire = Record<string, any>;
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`) / 1000;
const CO = ['CO', '80202'] as const;
const MN = ['MN', '55401'] as const;

function engineWith(options: TaxEngineOptions = {}) {
  return createTaxEngine({ clock: { now: () => NOW }, ids: createCountingIds(), ...options });
}

function order(place: readonly [string, string], lines: readonly [string, number][], date: string): CalculationRequest {
  return {
    customer: { address: { address_country: 'US', address_province: place[0], address_postal_code: place[1] } },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: lines.map(([category, amount], index) => ({
        reference_line_item_id: `l${index + 1}`,
        product_category: category as 'GENERAL_MERCHANDISE',
        amount,
        quantity: 1,
      })),
    },
    tax_date: at(date),
  } as CalculationRequest;
}

/** The fee entries of a calculation, as [line index, name, fee_amount]. */
function fees(calculation: Wire): [number, string, number][] {
  return calculation.line_items.flatMap((line: Wire, index: number) =>
    line.tax_jurisdictions
      .filter((entry: Wire) => entry.rate_type === 'RETAIL DELIVERY FEE')
      .map((entry: Wire) => [index, entry.jurisdiction_name, entry.fee_amount]),
  );
}

describe('Colorado retail delivery fee', () => {
  const engine = engineWith();

  it('is charged once on a three-line order, on its first taxable line, at the fiscal year amount', async () => {
    const calculation = (await engine.calculations.create(
      order(
        CO,
        [
          ['FOOD_GENERAL', 500],
          ['GENERAL_MERCHANDISE', 1000],
          ['GENERAL_MERCHANDISE', 2000],
        ],
        '2026-03-10',
      ),
    )) as Wire;
    expect(fees(calculation)).toEqual([[1, 'Colorado Retail Delivery Fee', 28]]);
    const entry = calculation.line_items[1].tax_jurisdictions.at(-1);
    expect(entry).toMatchObject({ tax_rate: 0, rate_type: 'RETAIL DELIVERY FEE' });
    expect(entry.note).toMatch(/once per order.*not sales tax/);
    // 2.9 % state tax on 1000 and 2000 (29 + 58) plus the fee, once.
    expect(calculation.line_items.map((line: Wire) => line.tax_amount)).toEqual([0, 29 + 28, 58]);
    expect(calculation.total_tax_amount).toBe(29 + 58 + 28);
  });

  it('follows the fiscal years: 27, 28, 29 and 28 cents from July 2022 to June 2026', async () => {
    const amounts = [];
    for (const date of ['2022-06-30', '2022-07-01', '2023-07-01', '2024-07-01', '2025-07-01', '2026-06-30']) {
      amounts.push(
        fees((await engine.calculations.create(order(CO, [['GENERAL_MERCHANDISE', 1000]], date))) as Wire)[0]?.[2],
      );
    }
    expect(amounts).toEqual([undefined, 27, 28, 29, 28, 28]);
  });

  it('is not charged when nothing is taxed by the state, and says so after its last published amount', async () => {
    expect(fees((await engine.calculations.create(order(CO, [['FOOD_GENERAL', 5000]], '2026-03-10'))) as Wire)).toEqual(
      [],
    );
    const later = (await engine.calculations.create(order(CO, [['GENERAL_MERCHANDISE', 1000]], '2026-11-20'))) as Wire;
    expect(fees(later)).toEqual([]);
    expect(later.line_items[0].tax_jurisdictions[0].note).toMatch(
      /^Colorado Retail Delivery Fee is due on this order, but taxkit has no amount for it after 2026-06-30/,
    );
  });

  it('takes newer amounts from the orderFees.tables option, and none for a seller who turned it off', async () => {
    const [table] = loadDefaultOrderFees() as [OrderFeeTable];
    const colorado = table.fees[0] as OrderFee;
    const next: OrderFeeTable = {
      ...table,
      fees: [
        {
          ...colorado,
          periods: [
            ...colorado.periods,
            { from: '2026-07-01', components: [{ name: 'Seller-supplied total for FY 2026-27', amount: '0.30' }] },
          ],
        },
      ],
    };
    const updated = engineWith({ orderFees: { tables: [next] } });
    expect(
      fees((await updated.calculations.create(order(CO, [['GENERAL_MERCHANDISE', 1000]], '2026-11-20'))) as Wire),
    ).toEqual([[0, 'Colorado Retail Delivery Fee', 30]]);
    const small = engineWith({ orderFees: { off: ['US-CO:FEE:RETAIL_DELIVERY'] } });
    expect(
      fees((await small.calculations.create(order(CO, [['GENERAL_MERCHANDISE', 1000]], '2026-03-10'))) as Wire),
    ).toEqual([]);
  });

  it('in live mode with registrations, is charged only while a retail delivery fee registration is active', async () => {
    const live = { tenant: { accountId: 'acct_fees', mode: 'live' as const } };
    const engine = engineWith();
    const sale = (date: string) => engine.calculations.create(order(CO, [['GENERAL_MERCHANDISE', 1000]], date), live);
    await engine.registrations.create({ country: 'US', province: 'CO', active_from: at('2025-01-01') }, live);
    // Registered for sales tax only: the tax is collected, the fee is not (a seller under the
    // $500,000 threshold has no fee registration).
    const taxOnly = (await sale('2026-03-10')) as Wire;
    expect(taxOnly.total_tax_amount).toBeGreaterThan(0);
    expect(fees(taxOnly)).toEqual([]);
    const feeRegistration = (await engine.registrations.create(
      { country: 'US', province: 'CO', type: 'us_state_retail_delivery_fee', active_from: at('2026-01-01') },
      live,
    )) as Wire;
    expect(fees((await sale('2026-03-10')) as Wire)).toEqual([[0, 'Colorado Retail Delivery Fee', 28]]);
    expect(fees((await sale('2025-12-10')) as Wire)).toEqual([]);
    await engine.registrations.update(feeRegistration.id, { expires_at: at('2026-02-01') }, live);
    expect(fees((await sale('2026-03-10')) as Wire)).toEqual([]);
    // A fee registration alone collects no tax.
    const feeOnly = engineWith();
    const only = { tenant: { accountId: 'acct_fee_only', mode: 'live' as const } };
    await feeOnly.registrations.create(
      { country: 'US', province: 'CO', type: 'us_state_retail_delivery_fee', active_from: at('2025-01-01') },
      only,
    );
    const none = (await feeOnly.calculations.create(
      order(CO, [['GENERAL_MERCHANDISE', 1000]], '2026-03-10'),
      only,
    )) as Wire;
    expect(none.total_tax_amount).toBe(0);
    expect(fees(none)).toEqual([]);
  });
});

describe('Minnesota road improvement and food delivery fee', () => {
  const engine = engineWith();
  const charged = async (lines: readonly [string, number][]) =>
    fees((await engine.calculations.create(order(MN, lines, '2026-03-10'))) as Wire).map((fee) => fee[2]);

  it('is 50 cents from $100 of taxable goods and clothing, nothing below', async () => {
    expect(await charged([['GENERAL_MERCHANDISE', 9_999]])).toEqual([]);
    expect(await charged([['GENERAL_MERCHANDISE', 10_000]])).toEqual([50]);
    expect(
      await charged([
        ['CLOTHING', 6_000],
        ['GENERAL_MERCHANDISE', 4_000],
      ]),
    ).toEqual([50]);
    expect(
      await charged([
        ['GENERAL_MERCHANDISE', 5_000],
        ['GENERAL_MERCHANDISE', 5_000],
      ]),
    ).toEqual([50]);
  });

  it('leaves out food, prepared food, medicines and digital goods, and exempt customers', async () => {
    expect(await charged([['FOOD_PREPARED', 20_000]])).toEqual([]);
    expect(
      await charged([
        ['MEDICINES_NONPRESCRIPTION', 8_000],
        ['GENERAL_MERCHANDISE', 5_000],
      ]),
    ).toEqual([]);
    expect(await charged([['SOFTWARE_DOWNLOAD', 15_000]])).toEqual([]);
    const customer = (await engine.customers.create({
      reference_customer_id: 'school',
      email: 'school@example.com',
      is_tax_exempt: true,
    })) as Wire;
    const request = order(MN, [['GENERAL_MERCHANDISE', 50_000]], '2026-03-10');
    const exempt = (await engine.calculations.create({
      ...request,
      customer: { ...request.customer, id: customer.id },
    } as CalculationRequest)) as Wire;
    expect(fees(exempt)).toEqual([]);
  });

  it('does not exist before July 2024', async () => {
    expect(
      fees((await engine.calculations.create(order(MN, [['GENERAL_MERCHANDISE', 50_000]], '2024-06-30'))) as Wire),
    ).toEqual([]);
  });
});

describe('a fee in the ledger', () => {
  it('is kept on the sale, refunded only with the whole order, replayed exactly, and reported on its own row', async () => {
    const engine = engineWith();
    const calculation = (await engine.calculations.create(
      order(
        CO,
        [
          ['GENERAL_MERCHANDISE', 1000],
          ['GENERAL_MERCHANDISE', 2000],
        ],
        '2026-03-10',
      ),
    )) as Wire;
    expect((await engine.calculations.replay(calculation.id)) as Wire).toMatchObject({
      line_items: calculation.line_items,
      total_tax_amount: calculation.total_tax_amount,
    });
    const sale = (await engine.transactions.create({
      calculation_id: calculation.id,
      reference_order_id: 'o-1',
      transaction_processed_at: at('2026-03-10'),
    })) as Wire;
    // The whole first line, tax included: the fee stays.
    await expect(
      engine.refunds.create({
        transaction_id: sale.id,
        type: 'partial',
        line_items: [
          { reference_line_item_id: 'l1', sales_amount_refunded: -1000, tax_amount_refunded: -57, quantity: 1 },
        ],
      }),
    ).rejects.toMatchObject({ type: 'REFUND_EXCEEDS_REMAINING' });
    const partial = (await engine.refunds.create({
      transaction_id: sale.id,
      type: 'partial',
      line_items: [
        { reference_line_item_id: 'l1', sales_amount_refunded: -1000, tax_amount_refunded: -29, quantity: 1 },
      ],
    })) as Wire;
    expect(partial.line_items[0].tax_jurisdictions.map((entry: Wire) => entry.fee_amount)).toEqual([0, 0]);
    const full = (await engine.refunds.create({ transaction_id: sale.id, type: 'full' })) as Wire;
    // What was left: line 2's tax (58) and the fee (28).
    expect(full.line_items.reduce((sum: number, line: Wire) => sum + line.tax_amount, 0)).toBe(-(58 + 28));
    // The refunds are made now (November), the sale in March: one period over both.
    const report = (await engine.reports.liability({ from: '2026-03-01', to: '2026-11-30', period: 'year' })) as Wire;
    const fee = report.rows.find((row: Wire) => row.jurisdiction_id === 'US-CO:FEE:RETAIL_DELIVERY');
    expect(fee).toMatchObject({ gross_sales: 0, taxable_sales: 0, tax_collected: 28, tax_refunded: -28, net_tax: 0 });
    const state = report.rows.find((row: Wire) => row.jurisdiction_id === 'US-CO');
    expect(state).toMatchObject({ gross_sales: 3000, tax_collected: 87 });
  });
});

describe('compileOrderFees', () => {
  const [table] = loadDefaultOrderFees() as [OrderFeeTable];
  const colorado = table.fees[0] as OrderFee;
  const refused = (fee: OrderFee): string => {
    try {
      compileOrderFees([{ ...table, fees: [fee] }]);
    } catch (error) {
      expect(error).toBeInstanceOf(TaxError);
      return (error as TaxError).message;
    }
    throw new Error('compiled a fee it should refuse');
  };

  it('refuses overlapping periods, amounts that are not whole cents, missing quotes and unknown categories', () => {
    const [first, second] = colorado.periods as [OrderFee['periods'][number], OrderFee['periods'][number]];
    expect(refused({ ...colorado, periods: [first, { ...second, from: '2023-06-01' }] })).toMatch(/overlaps/);
    expect(
      refused({ ...colorado, periods: [{ from: '2022-07-01', components: [{ name: 'x', amount: '0.2705' }] }] }),
    ).toMatch(/whole minor units/);
    expect(
      refused({ ...colorado, evidence: colorado.evidence.filter((item) => !item.fields.includes('periods')) }),
    ).toMatch(/no quote supports its "periods"/);
    expect(
      refused({
        ...colorado,
        condition: { kind: 'threshold', minimumMinor: 100, counts: 'taxable', alsoCounts: ['SHOES'] },
      }),
    ).toMatch(/"SHOES" is not a product category/);
    expect(refused({ ...colorado, id: 'CO-RDF' })).toMatch(/its id must be/);
  });
});
