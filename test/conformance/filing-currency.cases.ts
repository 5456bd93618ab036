import { expect } from 'vitest';
import type { ExchangeRate } from '../../src/core/fx/exchange-rate.ts';
import type { FilingOptions } from '../../src/core/fx/filing-rules.ts';
import { convertMinor } from '../../src/core/money/convert-currency.ts';
import type { TaxEngineOptions } from '../../src/engine.ts';
import {
  calculationBody,
  createTestClock,
  createTestEngine,
  TEST_ADDRESSES,
  TEST_TENANT,
} from '../helpers/engine-fixtures.ts';
import type { SuiteContext } from './suite-context.ts';

/** Synthetic rates in the sources' layouts (values chosen for the test, not published ones). */
function ecb(day: string, quote: string, rate: string): ExchangeRate {
  return { source: 'ECB', base: 'EUR', quote, from: day, to: day, rate };
}
const ECB_WEEK = [
  ecb('2026-01-08', 'USD', '1.1400'),
  ecb('2026-01-09', 'USD', '1.1500'),
  ecb('2026-01-12', 'USD', '1.1600'),
];
const HMRC_JANUARY: ExchangeRate = {
  source: 'HMRC',
  base: 'GBP',
  quote: 'USD',
  from: '2026-01-01',
  to: '2026-01-31',
  rate: '1.3000',
};

const FILING: FilingOptions = {
  rules: [
    { countries: 'EU', currency: 'EUR', source: 'ECB' },
    { countries: ['GB'], currency: 'GBP', source: 'HMRC' },
  ],
};

/** Noon UTC of a day, in milliseconds. */
const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

const berlinInUsd = (amount: number) =>
  calculationBody({
    customer: { address: TEST_ADDRESSES.berlin },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: [{ reference_line_item_id: 'line-1', product_category: 'GENERAL_MERCHANDISE', amount, quantity: 1 }],
    },
  });

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The filing currency through the engine on this store: a sale is converted once when it is
 * recorded, with the rate its rule names (ECB's of the sale day, a weekend taking Friday's;
 * HMRC's of the month), a missing rate leaves it in its own currency and pending, and the
 * liability report's rows add up exactly to the converted ledger.
 */
export function describeFilingCurrencyCases({ store, test }: SuiteContext): void {
  const engineAt = (day: string, options: TaxEngineOptions = {}) => {
    const clock = createTestClock(noon(day));
    return { ...createTestEngine({ store: store(), clock, filing: FILING, ...options }), clock };
  };

  test('filing: an EU sale in USD on a Saturday is filed in EUR at the ECB rate of the Friday before', async () => {
    await store().importExchangeRates(ECB_WEEK);
    const { engine } = engineAt('2026-01-10');
    const calculation = await engine.calculations.create(berlinInUsd(10_000));
    const sale = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'eu-1' });
    expect(sale.filing_currency_code).toBe('EUR');
    const stored = await store().getTransaction(TEST_TENANT, sale.id);
    // 1 / 1.1500, to 10 significant digits.
    expect(stored?.filingConversion).toStrictEqual({ rate: '0.8695652174', rateDate: '2026-01-09', source: 'ECB' });
    expect(stored?.filingPending).toBeUndefined();

    await engine.refunds.create({
      transaction_id: sale.id,
      type: 'partial',
      line_items: [
        { reference_line_item_id: 'line-1', sales_amount_refunded: -3333, tax_amount_refunded: -633, quantity: 1 },
      ],
    });
    const report = await engine.reports.liability({ from: '2026-01-01', to: '2026-01-31' });
    const rows = report.rows.filter((row) => row.currency === 'EUR');
    expect(report.totals.map((total) => total.currency)).toStrictEqual(['EUR']);
    const convert = (amount: number) => convertMinor(amount, 'USD', 'EUR', '0.8695652174');
    expect(sum(rows.map((row) => row.gross_sales))).toBe(convert(10_000));
    expect(sum(rows.map((row) => row.tax_collected))).toBe(convert(1900));
    expect(sum(rows.map((row) => row.tax_refunded))).toBe(convert(-633));
    expect(sum(rows.map((row) => row.net_tax))).toBe(convert(1900) + convert(-633));
    expect(report.totals[0]).toMatchObject({ gross_sales: 8696, tax_collected: 1652, net_tax: 1652 - 550 });
  });

  test('filing: a sale whose rate is missing is recorded in its own currency, pending, and converted once the rate is imported', async () => {
    await store().importExchangeRates(ECB_WEEK);
    // Eight days after the last rate held: too stale to use.
    const { engine } = engineAt('2026-01-20');
    const calculation = await engine.calculations.create(berlinInUsd(10_000));
    const sale = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'eu-2' });
    expect(sale.filing_currency_code).toBe('USD');
    const stored = await store().getTransaction(TEST_TENANT, sale.id);
    expect(stored?.filingConversion).toBeUndefined();
    expect(stored?.filingPending).toStrictEqual({
      currency: 'EUR',
      source: 'ECB',
      day: '2026-01-20',
      rule: 'sale',
      reason: 'rate_missing',
    });
    const before = await engine.reports.liability({ from: '2026-01-01', to: '2026-01-31' });
    expect(before.totals).toMatchObject([{ currency: 'USD', tax_collected: 1900 }]);
    expect(before.filing_pending).toStrictEqual([
      {
        currency: 'USD',
        filing_currency: 'EUR',
        source: 'ECB',
        rule: 'sale',
        first_day: '2026-01-20',
        last_day: '2026-01-20',
        sale_count: 1,
      },
    ]);

    await store().importExchangeRates([ecb('2026-01-20', 'USD', '1.2500')]);
    const after = await engine.reports.liability({ from: '2026-01-01', to: '2026-01-31' });
    expect(after.totals).toMatchObject([{ currency: 'EUR', tax_collected: 1520, gross_sales: 8000 }]);
    expect(after.filing_pending).toStrictEqual([]);
  });

  test('filing: a one-stop-shop sale waits for the rate of the last day of its quarter, or the next publication', async () => {
    const { engine } = engineAt('2026-01-10', {
      filing: { rules: [{ countries: 'EU', currency: 'EUR', source: 'ECB', day: 'period_end', period: 'quarter' }] },
    });
    const calculation = await engine.calculations.create(berlinInUsd(10_000));
    const sale = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'oss-1' });
    const stored = await store().getTransaction(TEST_TENANT, sale.id);
    expect(stored?.filingPending).toStrictEqual({
      currency: 'EUR',
      source: 'ECB',
      day: '2026-03-31',
      rule: 'period_end',
      reason: 'period_end',
    });
    // No publication on the 31st in this history: the next one (1 April) converts it, never the 30th.
    await store().importExchangeRates([ecb('2026-03-30', 'USD', '1.0000'), ecb('2026-04-01', 'USD', '1.2500')]);
    const report = await engine.reports.liability({ from: '2026-01-01', to: '2026-03-31', period: 'quarter' });
    expect(report.totals).toMatchObject([{ currency: 'EUR', tax_collected: 1520, gross_sales: 8000 }]);
  });

  test('filing: a backfilled sale is converted with the rate of the day it was made, not the day it is recorded', async () => {
    await store().importExchangeRates(ECB_WEEK);
    const { engine } = engineAt('2026-01-12');
    const sale = await engine.manualLineItems.create({
      order_id: 'shop-1',
      address_postal_code: '10117',
      address_country: 'DE',
      transaction_date_time: '2026-01-08T14:03:00Z',
      currency_code: 'USD',
      line_items: [{ line_item_id: 'li-1', sales: 10_000, total_taxes: 1900, product_category: 'GENERAL_MERCHANDISE' }],
    });
    const stored = await store().getTransaction(TEST_TENANT, sale.transaction_id);
    expect(stored?.backfilled).toBe(true);
    // 1 / 1.1400 (Thursday's rate), not Monday's 1.1600.
    expect(stored?.filingConversion).toStrictEqual({ rate: '0.8771929825', rateDate: '2026-01-08', source: 'ECB' });
    const report = await engine.reports.liability({ from: '2026-01-01', to: '2026-01-31' });
    expect(report.totals).toMatchObject([{ currency: 'EUR', gross_sales: 8772, tax_collected: 1667 }]);
  });

  test('filing: a sale with no rule, or already in the filing currency, is left as it is', async () => {
    await store().importExchangeRates(ECB_WEEK);
    const { engine } = engineAt('2026-01-09');
    const us = await engine.calculations.create(calculationBody({}));
    const usSale = await engine.transactions.create({ calculation_id: us.id, reference_order_id: 'us-1' });
    expect(usSale.filing_currency_code).toBe('USD');
    const euros = await engine.calculations.create({
      ...berlinInUsd(10_000),
      order_details: { ...berlinInUsd(10_000).order_details, customer_currency_code: 'EUR' },
    });
    const euroSale = await engine.transactions.create({ calculation_id: euros.id, reference_order_id: 'eu-3' });
    expect(euroSale.filing_currency_code).toBe('EUR');
    const stored = await store().getTransaction(TEST_TENANT, euroSale.id);
    expect(stored?.filingConversion).toBeUndefined();
    expect(stored?.filingPending).toBeUndefined();
  });

  test('filing: a UK sale in USD is filed in GBP at the HMRC rate of its month', async () => {
    await store().importExchangeRates([HMRC_JANUARY]);
    const clock = createTestClock(noon('2026-01-24'));
    // The UK is not in the small test tables: the default data, as a user's engine has it.
    const { createTaxEngine } = await import('../../src/engine.ts');
    const engine = createTaxEngine({ store: store(), clock, filing: FILING, tenant: TEST_TENANT });
    const calculation = await engine.calculations.create({
      customer: {
        address: {
          address_line_1: '10 Downing Street',
          address_city: 'London',
          address_postal_code: 'SW1A 2AA',
          address_country: 'GB',
        },
      },
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: false,
        line_items: [
          { reference_line_item_id: 'l', product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 },
        ],
      },
    });
    const sale = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'uk-1' });
    expect(sale.filing_currency_code).toBe('GBP');
    const stored = await store().getTransaction(TEST_TENANT, sale.id);
    expect(stored?.filingConversion).toStrictEqual({ rate: '0.7692307692', rateDate: '2026-01-01', source: 'HMRC' });
    const report = await engine.reports.liability({ from: '2026-01-01', to: '2026-01-31' });
    expect(report.totals).toMatchObject([
      { currency: 'GBP', gross_sales: 7692, tax_collected: convertMinor(2000, 'USD', 'GBP', '0.7692307692') },
    ]);
  });
}
