import { describe, expect, it } from 'vitest';
import { notFound } from '../../src/core/not-found.ts';
import { createTestApi } from '../helpers/http-fixtures.ts';

const VERSION = '2026-03-01';

describe('one list rule for products, customers and merchants', () => {
  it('each takes cursor and limit, and an empty page after a cursor echoes it', async () => {
    const { call } = createTestApi();
    for (let index = 0; index < 3; index++) {
      await call('POST', '/tax/products', {
        version: VERSION,
        body: {
          reference_product_id: `sku-${index}`,
          reference_product_name: 'Thing',
          product_category: 'GENERAL_MERCHANDISE',
        },
      });
      await call('POST', '/tax/customers', { version: VERSION, body: { email: `c${index}@example.com` } });
      await call('POST', '/tax/merchants', {
        version: VERSION,
        body: { reference_merchant_id: `m-${index}`, name: 'Shop' },
      });
    }
    for (const [path, key, last] of [
      ['/tax/products', 'products', 'last_product_id'],
      ['/tax/customers', 'customers', 'last_customer_id'],
      ['/tax/merchants', 'merchants', 'last_merchant_id'],
    ] as const) {
      const first = await call('GET', `${path}?limit=2`, { version: VERSION });
      expect(first.status).toBe(200);
      expect(first.json[key]).toHaveLength(2);
      expect(first.json.has_more).toBe(true);
      const second = await call('GET', `${path}?limit=2&cursor=${encodeURIComponent(first.json[last])}`, {
        version: VERSION,
      });
      expect(second.json[key]).toHaveLength(1);
      expect(second.json.has_more).toBe(false);
      const after = await call('GET', `${path}?cursor=${encodeURIComponent(second.json[last])}`, { version: VERSION });
      expect(after.json).toEqual({ [key]: [], has_more: false, [last]: second.json[last] });
      const badLimit = await call('GET', `${path}?limit=0`, { version: VERSION });
      expect(badLimit.status).toBe(400);
      expect(badLimit.json.type).toBe('INVALID_VALUE');
    }
  });

  it('answers an unknown record of every kind with the same wording', async () => {
    const { call } = createTestApi();
    for (const [path, type, kind] of [
      ['/tax/products/nope', 'PRODUCT_NOT_FOUND', 'product'],
      ['/tax/customers/nope', 'CUSTOMER_NOT_FOUND', 'customer'],
      ['/tax/merchants/nope', 'MERCHANT_NOT_FOUND', 'merchant'],
      ['/tax/transactions/nope', 'TRANSACTION_NOT_FOUND', 'transaction'],
    ] as const) {
      const { status, json } = await call('GET', path, { version: VERSION });
      expect(status).toBe(404);
      expect(json).toEqual({
        code: 404,
        type,
        message: `No ${kind} "nope" exists in this account and mode.`,
        // The id's field where the operation's requests have one (a merchant is named by the path alone).
        ...(kind === 'merchant' ? {} : { param: expect.stringMatching(/_id$/) }),
      });
      expect(notFound(kind, 'nope').status).toBe(404);
    }
  });
});
