/**
 * Other engines' product tax codes through the engine (issue 40): a store that tagged its
 * catalogue with Stripe, TaxJar or Avalara codes sends them unchanged and gets the taxability of
 * the taxkit category each maps to, with the code echoed and a note saying what it was taxed as.
 */
import { describe, expect, it } from 'vitest';
import { createTaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import { loadDefaultProductTaxCodes } from '../../src/defaults/load-default-product-tax-codes.ts';
import type { CalculationRequest } from '../../src/wire/api-types.ts';
import { createTestApi, createTestEngine } from '../helpers/http-fixtures.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
type Wire = Record<string, any>;

/** Places whose embedded rules tell categories apart: clothing, food, medicines, digital, services. */
const PLACES: readonly (readonly [string, string, string])[] = [
  ['US', 'PA', '19103'],
  ['US', 'NY', '10001'],
  ['US', 'MA', '02108'],
  ['US', 'MN', '55401'],
  ['US', 'TX', '75001'],
  ['US', 'CA', '90002'],
  ['US', 'IL', '62701'],
  ['US', 'WA', '98101'],
  ['US', 'TN', '37201'],
  ['US', 'UT', '84101'],
  ['US', 'SD', '57104'],
  ['US', 'NJ', '07102'],
  ['US', 'VT', '05401'],
  ['US', 'MS', '39201'],
  ['CA', 'ON', 'M5V 2T6'],
  ['DE', '', '10115'],
  ['GB', '', 'SW1A 1AA'],
];

function body(place: (typeof PLACES)[number], category: string): CalculationRequest {
  const [country, province, postal] = place;
  return {
    customer: {
      address: {
        address_country: country,
        address_postal_code: postal,
        ...(province === '' ? {} : { address_province: province }),
      },
    },
    order_details: {
      customer_currency_code: country === 'US' ? 'USD' : country === 'CA' ? 'CAD' : country === 'GB' ? 'GBP' : 'EUR',
      tax_included_in_amount: false,
      line_items: [
        {
          reference_line_item_id: 'l',
          product_category: category as 'GENERAL_MERCHANDISE',
          amount: 12_345,
          quantity: 1,
        },
      ],
    },
  } as CalculationRequest;
}

function taxOf(calculation: Wire) {
  const line = calculation.line_items[0];
  return {
    total: calculation.total_tax_amount,
    parts: line.tax_jurisdictions.map((part: Wire) => [part.jurisdiction_name, part.tax_rate, part.fee_amount]),
  };
}

describe('product tax codes of other engines', () => {
  const engine = createTaxEngine({ clock: { now: () => NOW }, ids: createCountingIds() });
  const codes = loadDefaultProductTaxCodes().table.codes;

  it('gives every mapped code the same tax as its taxkit category, everywhere the data tells categories apart', async () => {
    let compared = 0;
    for (const entry of codes) {
      const category = entry.category ?? 'GENERAL_MERCHANDISE';
      for (const place of PLACES) {
        const byCode = (await engine.calculations.create(body(place, entry.code))) as Wire;
        const byCategory = (await engine.calculations.create(body(place, category))) as Wire;
        expect(taxOf(byCode), `${entry.code} at ${place.join(' ')}`).toEqual(taxOf(byCategory));
        const line = byCode.line_items[0];
        expect(line.product.product_tax_code).toBe(entry.code);
        // Every entry but a per-order fee (docs/order-fees.md), which is about the order, not the product.
        for (const part of line.tax_jurisdictions.filter((entry: Wire) => entry.rate_type !== 'RETAIL DELIVERY FEE')) {
          expect(part.note).toMatch(new RegExp(`^[^.]* code ${entry.code} `));
          expect(part.note).toContain(
            entry.category === null
              ? `${entry.code} (${entry.name}) has no taxkit category`
              : `taxed as ${entry.category}.`,
          );
        }
        compared += 1;
      }
    }
    expect(compared).toBe(codes.length * PLACES.length);
  });

  it('exempts clothing in Pennsylvania by Stripe, TaxJar and Avalara codes alike, and taxes it in Texas', async () => {
    for (const code of ['txcd_30011000', '20010', 'PC040100']) {
      const pa = (await engine.calculations.create(body(PLACES[0]!, code))) as Wire;
      expect(pa.total_tax_amount, code).toBe(0);
      expect(pa.line_items[0].tax_jurisdictions[0].note).toMatch(
        /^(Stripe Tax|TaxJar|Avalara AvaTax) code .* taxed as CLOTHING_GENERAL\. Clothing is exempt in Pennsylvania/,
      );
      const tx = (await engine.calculations.create(body(PLACES[4]!, code))) as Wire;
      expect(tx.total_tax_amount, code).toBe(772); // 12 345 × 6.25 %
    }
  });

  it('taxes a well-formed code it has no mapping for at the general rate and says so', async () => {
    const calculation = (await engine.calculations.create(body(PLACES[0]!, 'txcd_12345678'))) as Wire;
    expect(calculation.total_tax_amount).toBe(741); // Pennsylvania 6 %
    expect(calculation.line_items[0].product.product_tax_code).toBe('txcd_12345678');
    expect(calculation.line_items[0].tax_jurisdictions[0].note).toMatch(
      /^Stripe Tax code txcd_12345678 is not in taxkit's crosswalk; taxed as GENERAL_MERCHANDISE/,
    );
  });

  it('refuses a value that is neither a category nor a code with 400 INVALID_PRODUCT_CATEGORY naming the field', async () => {
    for (const value of ['clothing', 'txcd_3001', 'PC04010', '2001', 'pc040100']) {
      await expect(engine.calculations.create(body(PLACES[0]!, value)), value).rejects.toMatchObject({
        type: 'INVALID_PRODUCT_CATEGORY',
        message: expect.stringContaining('order_details.line_items[0]'),
      });
    }
  });

  it('takes a code on a stored product, and replays a calculation made with a code exactly', async () => {
    await engine.products.create({
      reference_product_id: 'tee',
      reference_product_name: 'T-shirt',
      product_category: 'txcd_30011000',
    });
    const request = body(PLACES[1]!, 'GENERAL_MERCHANDISE');
    const made = (await engine.calculations.create({
      ...request,
      order_details: {
        ...request.order_details,
        line_items: [{ reference_line_item_id: 'l', reference_product_id: 'tee', amount: 5_000, quantity: 1 }],
      },
    } as CalculationRequest)) as Wire;
    // New York exempts clothing under $110 from its state tax.
    expect(made.total_tax_amount).toBe(0);
    expect(made.line_items[0].product.product_tax_code).toBe('txcd_30011000');
    const replayed = (await engine.calculations.replay(made.id)) as Wire;
    expect(replayed.line_items).toEqual(made.line_items);
  });
});

describe('product tax codes over HTTP and in the ledger', () => {
  it('accepts a code in every API version and counts a non-taxable code as non-taxable in the report', async () => {
    const { call } = createTestApi(createTestEngine());
    const request = {
      customer: { address: { address_country: 'US', address_province: 'IN', address_postal_code: '46122' } },
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: false,
        line_items: [
          { reference_line_item_id: 'a', product_category: 'txcd_99999999', amount: 1_000, quantity: 1 },
          { reference_line_item_id: 'b', product_category: 'txcd_00000000', amount: 500, quantity: 1 },
        ],
      },
    };
    for (const version of ['2024-09-01', '2025-05-12', '2026-01-01', '2026-03-01'] as const) {
      const calculation = await call('POST', '/tax/calculations', { body: request, version });
      expect(calculation.status, calculation.text).toBe(200);
      expect(calculation.json.line_items.map((line: Wire) => line.product.product_tax_code)).toEqual([
        'txcd_99999999',
        'txcd_00000000',
      ]);
      expect(calculation.json.tax_amount_exclusive ?? calculation.json.total_tax_amount).toBe(70);
    }
    const calculation = await call('POST', '/tax/calculations', { body: request, version: '2026-03-01' });
    const sale = await call('POST', '/tax/transactions', {
      body: { calculation_id: calculation.json.id, reference_order_id: 'o-1' },
      version: '2026-03-01',
    });
    expect(sale.status, sale.text).toBe(200);
    const today = new Date(sale.json.transaction_processed_at * 1000).toISOString().slice(0, 10);
    const report = await call('GET', `/tax/reports/liability?from=${today}&to=${today}`);
    expect(report.status, report.text).toBe(200);
    const nonTaxable = report.json.rows.reduce((sum: number, row: Wire) => sum + row.non_taxable_sales, 0);
    const exemptCategory = report.json.rows.reduce((sum: number, row: Wire) => sum + row.exempt_category_sales, 0);
    expect([nonTaxable, exemptCategory]).toEqual([500, 0]);
    const bad = await call('POST', '/tax/products', {
      body: { reference_product_id: 'x', reference_product_name: 'X', product_category: 'txcd_1' },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('product_category');
  });
});
