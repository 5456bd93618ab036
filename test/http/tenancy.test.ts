import { describe, expect, it } from 'vitest';
import { ACCOUNT_A, ACCOUNT_B, INDIANA, calculationBody, createTestApi, type Call } from '../helpers/http-fixtures.ts';

const VERSION = '2026-03-01';

/** Every (account, mode) pair's secret key, and a public key of the same pair. */
const TENANTS = [
  { name: 'A test', secret: ACCOUNT_A.keys.secretTest, public: ACCOUNT_A.keys.publicTest as string },
  { name: 'A live', secret: ACCOUNT_A.keys.secretLive, public: ACCOUNT_A.keys.publicLive as string },
  { name: 'B test', secret: ACCOUNT_B.keys.secretTest, public: ACCOUNT_B.keys.publicTest as string },
  { name: 'B live', secret: ACCOUNT_B.keys.secretLive, public: ACCOUNT_B.keys.publicLive as string },
];

/** Creates one of every record with `key`, all with the same reference ids in every tenant. */
async function populate(call: Call, key: string, publicKey: string) {
  const as = (method: string, path: string, body?: unknown) => call(method, path, { key, body, version: VERSION });
  const product = await as('POST', '/tax/products', {
    reference_product_id: 'sku-1',
    reference_product_name: 'Mug',
    product_category: 'GENERAL_MERCHANDISE',
  });
  const customer = await as('POST', '/tax/customers', {
    email: 'ada@example.com',
    reference_customer_id: 'cust-ref-1',
  });
  const merchant = await as('POST', '/tax/merchants', {
    reference_merchant_id: 'seller-1',
    name: 'Seller',
    default_address: { ...INDIANA, address_type: undefined },
  });
  const calculation = await as('POST', '/tax/calculations', calculationBody());
  const estimate = await call('POST', '/tax/calculations', {
    key: publicKey,
    body: calculationBody(),
    version: VERSION,
  });
  const transaction = await as('POST', '/tax/transactions', {
    calculation_id: calculation.json.id,
    reference_order_id: 'order-1',
  });
  const refund = await as('POST', '/tax/refunds', {
    transaction_id: transaction.json.id,
    type: 'partial',
    line_items: [
      { reference_line_item_id: 'line-1', quantity: 1, sales_amount_refunded: -100, tax_amount_refunded: -7 },
    ],
  });
  for (const response of [product, customer, merchant, calculation, estimate, transaction, refund])
    expect(response.status).toBe(200);
  return {
    customerId: customer.json.id as string,
    merchantId: merchant.json.id as string,
    calculationId: calculation.json.id as string,
    estimateId: estimate.json.id as string,
    transactionId: transaction.json.id as string,
    refundId: refund.json.id as string,
  };
}

describe('tenancy: each (account, mode) sees only its own records', () => {
  it('the same reference ids can be used by every tenant', async () => {
    const { call } = createTestApi();
    for (const tenant of TENANTS) await populate(call, tenant.secret, tenant.public);
  });

  it('no key reads, lists, changes or uses another tenant’s records', async () => {
    const { call } = createTestApi();
    const owner = TENANTS[0]!;
    const records = await populate(call, owner.secret, owner.public);
    for (const other of TENANTS.slice(1)) {
      const as = (method: string, path: string, body?: unknown) =>
        call(method, path, { key: other.secret, body, version: VERSION });
      const expectStatus = async (promise: ReturnType<typeof as>, status: number, type: string) => {
        const { status: actual, json } = await promise;
        expect(actual, `${other.name}: ${type}`).toBe(status);
        expect(json.type).toBe(type);
      };
      // Reads.
      await expectStatus(as('GET', '/tax/products/sku-1'), 404, 'PRODUCT_NOT_FOUND');
      await expectStatus(as('GET', `/tax/customers/${records.customerId}`), 404, 'CUSTOMER_NOT_FOUND');
      await expectStatus(as('GET', '/tax/customers/cust-ref-1'), 404, 'CUSTOMER_NOT_FOUND');
      await expectStatus(as('GET', `/tax/merchants/${records.merchantId}`), 404, 'MERCHANT_NOT_FOUND');
      await expectStatus(as('GET', `/tax/transactions/${records.transactionId}`), 404, 'TRANSACTION_NOT_FOUND');
      await expectStatus(as('GET', `/tax/transactions/${records.transactionId}/refunds`), 404, 'TRANSACTION_NOT_FOUND');
      // Lists.
      expect((await as('GET', '/tax/products')).json.products).toEqual([]);
      expect((await as('GET', '/tax/customers')).json.customers).toEqual([]);
      expect((await as('GET', '/tax/merchants')).json.merchants).toEqual([]);
      // Uses: a sale from another tenant's calculation (or public estimate), refunds, reversals.
      for (const calculationId of [records.calculationId, records.estimateId]) {
        await expectStatus(
          as('POST', '/tax/transactions', { calculation_id: calculationId, reference_order_id: 'x' }),
          404,
          'CALCULATION_NOT_FOUND',
        );
      }
      await expectStatus(
        as('POST', '/tax/refunds', { transaction_id: records.transactionId, type: 'full' }),
        404,
        'TRANSACTION_NOT_FOUND',
      );
      await expectStatus(as('POST', '/tax/refund_reversals', { refund_id: records.refundId }), 404, 'REFUND_NOT_FOUND');
      await expectStatus(
        as('POST', '/tax/platform/calculations', {
          customer: { address: INDIANA },
          merchant: { merchant_id: records.merchantId },
          roles: ['marketplace_provider'],
          order_details: {
            customer_currency_code: 'USD',
            tax_included_in_amount: false,
            line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1, quantity: 1 }],
          },
        }),
        404,
        'MERCHANT_NOT_FOUND',
      );
      // Changes.
      await expectStatus(
        as('POST', `/tax/merchants/${records.merchantId}`, { name: 'Taken over' }),
        404,
        'MERCHANT_NOT_FOUND',
      );
      await expectStatus(as('DELETE', '/tax/products/sku-1'), 404, 'PRODUCT_NOT_FOUND');
      await expectStatus(as('DELETE', `/tax/customers/${records.customerId}`), 404, 'CUSTOMER_NOT_FOUND');
      await expectStatus(as('DELETE', `/tax/merchants/${records.merchantId}`), 404, 'MERCHANT_NOT_FOUND');
      await expectStatus(as('DELETE', `/tax/transactions/${records.transactionId}`), 404, 'TRANSACTION_NOT_FOUND');
    }
    // The owner's records are all still there, unchanged.
    const own = (path: string) => call('GET', path, { key: owner.secret, version: VERSION });
    expect((await own('/tax/products/sku-1')).status).toBe(200);
    expect((await own(`/tax/customers/${records.customerId}`)).status).toBe(200);
    expect((await own(`/tax/merchants/${records.merchantId}`)).json.name).toBe('Seller');
    expect((await own(`/tax/transactions/${records.transactionId}/refunds`)).json.refunds).toHaveLength(1);
    // And the owner can use its public estimate for a sale.
    const sale = await call('POST', '/tax/transactions', {
      key: owner.secret,
      body: { calculation_id: records.estimateId, reference_order_id: 'order-2' },
    });
    expect(sale.status).toBe(200);
  });

  it('testmode follows the key’s mode', async () => {
    const { call } = createTestApi();
    for (const tenant of TENANTS) {
      const { json } = await call('POST', '/tax/products', {
        key: tenant.secret,
        body: { reference_product_id: 'p', reference_product_name: 'P', product_category: 'GENERAL_MERCHANDISE' },
      });
      expect(json.testmode, tenant.name).toBe(tenant.name.endsWith('test'));
    }
  });
});
