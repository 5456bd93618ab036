import { describe, expect, it } from 'vitest';
import { isTaxError, keyedError, TaxError, underKey } from '../../src/core/errors.ts';
import { addressFields } from '../../src/wire/address-fields.ts';
import { fieldMap, listFields, mapFields, withFields } from '../../src/wire/field-map.ts';
import { merchantFields } from '../../src/wire/merchant-request.ts';
import { productFields } from '../../src/wire/product-request.ts';
import { createTaxEngine } from '../../src/engine.ts';

/** A calculation-like map: lines under order_details.line_items, the customer's address. */
const orderFields = fieldMap(
  { lines: 'order_details.line_items', customerAddress: 'customer.address' },
  {
    lines: listFields(fieldMap({ amount: 'amount', productCategory: 'product_category' })),
    customerAddress: addressFields,
  },
);

function mapped(error: TaxError, map = orderFields): TaxError {
  const result = mapFields(error, map);
  if (!isTaxError(result)) throw new Error('not a TaxError');
  return result;
}

describe('domain-key errors and field maps', () => {
  it('a keyed error names its dotted key until the wire layer maps it', () => {
    const error = keyedError('INVALID_VALUE', ['lines', 2, 'amount'], '{field} must be an integer.');
    expect(error.message).toBe('lines[2].amount must be an integer.');
    expect(error.details?.field).toBeUndefined();
  });

  it('maps list indexes, nested objects and the message to the field the caller sent', () => {
    const line = mapped(keyedError('INVALID_VALUE', ['lines', 2, 'amount'], '{field} must be an integer.', { max: 1 }));
    expect(line.message).toBe('order_details.line_items[2].amount must be an integer.');
    expect(line.details).toEqual({ max: 1, field: 'order_details.line_items[2].amount' });
    expect(line.status).toBe(400);
    const all = mapped(keyedError('INVALID_VALUE', ['lines'], '{field} sum too large.'));
    expect(all.details?.field).toBe('order_details.line_items');
    const zip = mapped(keyedError('MALFORMED_ADDRESS', ['customerAddress', 'postalCode'], '{field} is bad.'));
    expect(zip.message).toBe('customer.address.address_postal_code is bad.');
  });

  it('leaves unknown keys and errors without a key as they are', () => {
    const unknown = keyedError('INVALID_VALUE', ['nope'], '{field} is wrong.');
    expect(mapFields(unknown, orderFields)).toBe(unknown);
    const plain = new TaxError('INVALID_VALUE', 'x', { details: { field: 'a' } });
    expect(mapFields(plain, orderFields)).toBe(plain);
    const notTax = new Error('bug');
    expect(mapFields(notTax, orderFields)).toBe(notTax);
  });

  it('underKey nests the keys of an address check under its place', () => {
    const run = () =>
      underKey(['defaultAddress'], () => {
        throw keyedError('INVALID_COUNTRY_CODE', ['country'], '{field} "ZZ" is not a country.');
      });
    let caught: unknown;
    try {
      run();
    } catch (error) {
      caught = mapFields(error, merchantFields);
    }
    expect(caught).toMatchObject({
      type: 'INVALID_COUNTRY_CODE',
      message: 'default_address.address_country "ZZ" is not a country.',
      details: { field: 'default_address.address_country' },
    });
  });

  it('withFields maps what an operation throws', async () => {
    await expect(
      withFields(productFields, async () => {
        throw keyedError('PRODUCT_NOT_FOUND_BY_ID', ['referenceProductId'], 'No product.');
      }),
    ).rejects.toMatchObject({ details: { field: 'reference_product_id' }, status: 404 });
  });

  it('the engine names the request field of errors its operations key', async () => {
    const engine = createTaxEngine({});
    await expect(engine.products.get('missing')).rejects.toMatchObject({
      type: 'PRODUCT_NOT_FOUND_BY_ID',
      details: { field: 'reference_product_id' },
    });
    await expect(engine.customers.delete('missing')).rejects.toMatchObject({ details: { field: 'customer_id' } });
    const v2026 = { version: '2026-01-01' } as const;
    await engine.merchants.create({ reference_merchant_id: 'm', name: 'M' }, v2026);
    await expect(engine.merchants.update('m', { reference_merchant_id: 'other' }, v2026)).rejects.toMatchObject({
      type: 'INVALID_VALUE',
      message: 'reference_merchant_id cannot be changed; create a new merchant instead.',
      details: { field: 'reference_merchant_id' },
    });
  });

  it('each ledger operation names its own request field for the same domain key', async () => {
    const engine = createTaxEngine({});
    const v2026 = { version: '2026-01-01' } as const;
    await expect(
      engine.transactions.create({ calculation_id: 'calc_x', reference_order_id: 'o' }),
    ).rejects.toMatchObject({ type: 'CALCULATION_NOT_FOUND', details: { field: 'calculation_id' } });
    const calculation = await engine.calculations.create({
      customer: { address: { address_province: 'IN', address_postal_code: '46122', address_country: 'US' } },
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: false,
        line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1_000, quantity: 1 }],
      },
    });
    // A standard calculation is not a platform one: the platform route names its own field.
    await expect(
      engine.platform.transactions.create(
        { platform_calculation_id: calculation.id as string, reference_order_id: 'o' },
        v2026,
      ),
    ).rejects.toMatchObject({ type: 'CALCULATION_NOT_FOUND', details: { field: 'platform_calculation_id' } });
    const transaction = await engine.transactions.create({
      calculation_id: calculation.id as string,
      reference_order_id: 'o',
    });
    const refund = await engine.refunds.create({ transaction_id: transaction.id as string, type: 'full' });
    await expect(
      engine.refunds.create({ transaction_id: transaction.id as string, type: 'full' }),
    ).rejects.toMatchObject({
      type: 'TRANSACTION_FULLY_REFUNDED',
      details: { field: 'transaction_id' },
    });
    await engine.refundReversals.create({ refund_id: refund.id as string });
    await expect(engine.refundReversals.create({ refund_id: refund.id as string })).rejects.toMatchObject({
      type: 'REFUND_ALREADY_REVERSED',
      details: { field: 'refund_id' },
    });
  });
});
