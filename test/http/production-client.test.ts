/* eslint-disable no-await-in-loop -- requests one after another, as the client makes them */
import { describe, expect, it } from 'vitest';
import { createTestApi, INDIANA } from '../helpers/http-fixtures.ts';

/**
 * What a production integration of the hosted API sends, pinned to 2026-03-01 (its wire
 * behaviour, not its code): a placeholder postal code for Canadian customers without one,
 * partial refunds that name lines by the product id the transaction returned, and business
 * sales in the EU without an origin address.
 */
const VERSION = '2026-03-01';

describe('a production client pinned to 2026-03-01', () => {
  it('sends A0A0A0 for a Canadian customer without a postal code: taxed at the province, and told', async () => {
    const { call } = createTestApi();
    for (const [province, tax] of [['ON', 130]] as const) {
      const calculation = await call('POST', '/tax/calculations', {
        version: VERSION,
        body: {
          customer: {
            address: { address_country: 'CA', address_province: province, address_postal_code: 'A0A0A0' },
          },
          order_details: {
            customer_currency_code: 'CAD',
            tax_included_in_amount: false,
            line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1000, quantity: 1 }],
          },
        },
      });
      expect(calculation.status).toBe(200);
      expect(calculation.json.total_tax_amount).toBe(tax);
      expect(calculation.json).toMatchObject({
        address_resolution_status: 'POSTAL_FALLBACK_1',
        resolution_precision: 'PROVINCE',
      });
      expect(calculation.json.line_items[0].tax_jurisdictions[0].note).toMatch(
        /A0A 0A0 is not one of ON, so it was not used/,
      );
    }
  });

  it('refunds part of a sale by the product id the transaction returned, for lines sold by category', async () => {
    const { call } = createTestApi();
    const calculation = await call('POST', '/tax/calculations', {
      version: VERSION,
      body: {
        customer: { address: { ...INDIANA } },
        order_details: {
          customer_currency_code: 'USD',
          tax_included_in_amount: false,
          line_items: [
            { reference_line_item_id: 'l1', product_category: 'GENERAL_MERCHANDISE', amount: 1000, quantity: 1 },
            { product_category: 'GENERAL_MERCHANDISE', amount: 2000, quantity: 1 },
          ],
        },
      },
    });
    const transaction = await call('POST', '/tax/transactions', {
      version: VERSION,
      body: { calculation_id: calculation.json.id, reference_order_id: 'order-polar' },
    });
    const got = await call('GET', `/tax/transactions/${transaction.json.id}`, { version: VERSION });
    const [first, second] = got.json.line_items as { product: { reference_product_id: string } }[];
    expect(first?.product.reference_product_id).toMatch(/^temp-li_/);
    expect(second?.product.reference_product_id).not.toBe(first?.product.reference_product_id);
    // The calculation showed the same reference for the line.
    expect(calculation.json.line_items[1].product.reference_product_id).toBe(second?.product.reference_product_id);
    const refund = await call('POST', '/tax/refunds', {
      version: VERSION,
      body: {
        transaction_id: transaction.json.id,
        type: 'partial',
        line_items: [
          {
            reference_product_id: second?.product.reference_product_id,
            quantity: 1,
            sales_amount_refunded: -2000,
            tax_amount_refunded: -140,
          },
        ],
      },
    });
    expect(refund.status).toBe(200);
    expect(refund.json.line_items[0].product.reference_product_id).toBe(second?.product.reference_product_id);
    const lineId = calculation.json.line_items[0].line_item_id as string;
    expect(first?.product.reference_product_id).toBe(`temp-${lineId}`);
    const both = (productId: string | undefined) =>
      call('POST', '/tax/refunds', {
        version: VERSION,
        body: {
          transaction_id: transaction.json.id,
          type: 'partial',
          line_items: [
            {
              reference_line_item_id: 'l1',
              reference_product_id: productId,
              quantity: 0,
              sales_amount_refunded: -100,
              tax_amount_refunded: -7,
            },
          ],
        },
      });
    // Both ways at once must name the same line.
    const disagreeing = await both(second?.product.reference_product_id);
    expect(disagreeing.status).toBe(400);
    expect(disagreeing.json.type).toBe('INVALID_VALUE');
    const agreeing = await both(first?.product.reference_product_id);
    expect(agreeing.status).toBe(200);
    expect(agreeing.json.line_items[0].tax_amount_refunded ?? agreeing.json.line_items[0].tax_amount).toBe(-7);
  });
});
