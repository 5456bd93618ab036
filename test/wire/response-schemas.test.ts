/**
 * The exported response types come from src/wire/response-schemas.ts. Here every operation's
 * real answer, in every version, is parsed with those schemas strictly (unknown keys refused),
 * so a serializer cannot add, drop or retype a field without its type following.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_VERSIONS, type ApiVersion } from '../../src/wire/api-version.ts';
import {
  calculationResponseSchemas,
  customerListResponseSchema,
  customerResponseSchema,
  deletedCustomerResponseSchema,
  deletedMerchantResponseSchema,
  deletedProductResponseSchema,
  deletedTransactionResponseSchema,
  merchantListResponseSchema,
  merchantResponseSchema,
  platformCalculationResponseSchemas,
  platformTransactionsResponseSchemas,
  productListResponseSchema,
  productResponseSchema,
  refundListResponseSchemas,
  refundResponseSchemas,
  transactionResponseSchemas,
} from '../../src/wire/response-schemas.ts';
import { INDIANA, calculationBody, createTestEngine } from '../helpers/http-fixtures.ts';

function conforms(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  expect(result.success ? [] : result.error.issues).toEqual([]);
}

describe.each(API_VERSIONS)('responses of %s match their schemas', (version: ApiVersion) => {
  it('calculations, transactions, refunds, reversals and refund lists', async () => {
    const engine = createTestEngine();
    const context = { version };
    const customer: any = await engine.customers.create(
      { email: 'a@example.com', reference_customer_id: 'c1' },
      context,
    );
    conforms(customerResponseSchema, customer);
    const body = calculationBody();
    const calculation: any = await engine.calculations.create(
      version >= '2025-05-12' ? { ...body, customer: { address: { ...INDIANA }, id: 'c1' } } : body,
      context,
    );
    conforms(calculationResponseSchemas[version], calculation);
    const transaction: any = await engine.transactions.create(
      { calculation_id: calculation.id, reference_order_id: `o-${version}` },
      context,
    );
    conforms(transactionResponseSchemas[version], transaction);
    conforms(transactionResponseSchemas[version], await engine.transactions.get(transaction.id, context));
    const refund: any = await engine.refunds.create(
      {
        transaction_id: transaction.id,
        type: 'partial',
        line_items: [
          { reference_line_item_id: 'line-1', sales_amount_refunded: -200, tax_amount_refunded: -14, quantity: 1 },
        ],
      },
      context,
    );
    conforms(refundResponseSchemas[version], refund);
    conforms(refundResponseSchemas[version], await engine.refundReversals.create({ refund_id: refund.id }, context));
    conforms(
      refundResponseSchemas[version],
      await engine.refunds.create({ transaction_id: transaction.id, type: 'full' }, context),
    );
    conforms(refundListResponseSchemas[version], await engine.transactions.listRefunds(transaction.id, {}, context));
    conforms(deletedTransactionResponseSchema, await engine.transactions.delete(transaction.id, context));
    if (version === '2026-03-01') {
      const zero = await engine.calculations.create(
        { ...body, customer: { ip: { value: '203.0.113.7', resolution: 'zero' } } },
        context,
      );
      conforms(calculationResponseSchemas[version], zero);
    }
  });

  it('products and customers', async () => {
    const engine = createTestEngine();
    const context = { version };
    conforms(
      productResponseSchema,
      await engine.products.create(
        { reference_product_id: 'p1', reference_product_name: 'P', product_category: 'GENERAL_MERCHANDISE' },
        context,
      ),
    );
    conforms(productResponseSchema, await engine.products.get('p1', context));
    conforms(productListResponseSchema, await engine.products.list({}, context));
    conforms(deletedProductResponseSchema, await engine.products.delete('p1', context));
    await engine.customers.create({ email: 'b@example.com', reference_customer_id: 'c2' }, context);
    conforms(customerResponseSchema, await engine.customers.get('c2', context));
    conforms(customerListResponseSchema, await engine.customers.list({}, context));
    conforms(deletedCustomerResponseSchema, await engine.customers.delete('c2', context));
  });
});

describe.each(['2026-01-01', '2026-03-01'] as const)('platform responses of %s match their schemas', (version) => {
  it('merchants, platform calculations and platform transactions', async () => {
    const engine = createTestEngine();
    const context = { version };
    const merchant = await engine.merchants.create(
      {
        reference_merchant_id: 'm1',
        name: 'M',
        default_address: { ...INDIANA },
        tax_ids: [{ type: 'us_ein', value: '1' }],
      },
      context,
    );
    conforms(merchantResponseSchema, merchant);
    conforms(merchantResponseSchema, await engine.merchants.get('m1', context));
    conforms(merchantResponseSchema, await engine.merchants.update('m1', { name: 'N' }, context));
    conforms(merchantListResponseSchema, await engine.merchants.list({}, context));
    const platform: any = await engine.platform.calculations.create(
      {
        ...calculationBody(),
        merchant: { merchant_id: 'm1' },
        fee_details: { line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 100, quantity: 1 }] },
        roles: ['payment_processor'],
      },
      context,
    );
    conforms(platformCalculationResponseSchemas[version], platform);
    conforms(
      platformTransactionsResponseSchemas[version],
      await engine.platform.transactions.create(
        { platform_calculation_id: platform.id, reference_order_id: 'po1', reference_payment_id: 'pay1' },
        context,
      ),
    );
    conforms(deletedMerchantResponseSchema, await engine.merchants.delete('m1', context));
  });
});
