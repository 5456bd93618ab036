import { expect } from 'vitest';
import { TaxError } from '../../src/core/errors.ts';
import { AT, makeCustomer, makeMerchant, makeProduct, makeTransaction, TENANT } from '../helpers/records.ts';
import { expectTaxError, outcomesOf } from './assertions.ts';
import type { SuiteContext } from './suite-context.ts';

/**
 * Duplicates are refused with the port's error type and write nothing; a deleted record frees
 * its reference id; concurrent inserts of one key let exactly one through.
 */
export function describeUniquenessCases({ store, test }: SuiteContext): void {
  test('a second live transaction with the same reference_order_id and type is DUPLICATE_REFERENCE_ORDER_ID', async () => {
    const first = makeTransaction({ referenceOrderId: 'order-1' });
    const second = makeTransaction({ referenceOrderId: 'order-1' });
    await store().insertTransactions(TENANT, [first]);
    await expectTaxError(store().insertTransactions(TENANT, [second]), 'DUPLICATE_REFERENCE_ORDER_ID');
    expect(await store().getTransaction(TENANT, second.id)).toBeUndefined();
    expect(await store().getTransaction(TENANT, first.id)).toStrictEqual(first);
  });

  test('an order and a fee share a reference_order_id and a calculation', async () => {
    const order = makeTransaction({ referenceOrderId: 'order-1', calculationId: 'calc_platform_1' });
    const fee = makeTransaction({ referenceOrderId: 'order-1', calculationId: 'calc_platform_1', type: 'fee' });
    await store().insertTransactions(TENANT, [order, fee]);
    expect(await store().getTransaction(TENANT, order.id)).toStrictEqual(order);
    expect(await store().getTransaction(TENANT, fee.id)).toStrictEqual(fee);
  });

  test('a batch whose second transaction clashes with a stored one writes neither', async () => {
    const stored = makeTransaction({ referenceOrderId: 'order-1' });
    await store().insertTransactions(TENANT, [stored]);
    const fresh = makeTransaction({ referenceOrderId: 'order-2' });
    const clashing = makeTransaction({ referenceOrderId: 'order-1' });
    await expectTaxError(store().insertTransactions(TENANT, [fresh, clashing]), 'DUPLICATE_REFERENCE_ORDER_ID');
    expect(await store().getTransaction(TENANT, fresh.id)).toBeUndefined();
    expect(await store().getTransaction(TENANT, clashing.id)).toBeUndefined();
  });

  test('a batch that clashes with itself writes neither', async () => {
    const first = makeTransaction({ referenceOrderId: 'order-1' });
    const second = makeTransaction({ referenceOrderId: 'order-1' });
    await expectTaxError(store().insertTransactions(TENANT, [first, second]), 'DUPLICATE_REFERENCE_ORDER_ID');
    expect(await store().getTransaction(TENANT, first.id)).toBeUndefined();
    const sameCalculation = makeTransaction({ calculationId: 'calc_twice' });
    const again = makeTransaction({ calculationId: 'calc_twice' });
    await expectTaxError(store().insertTransactions(TENANT, [sameCalculation, again]), 'CALCULATION_ALREADY_RECORDED');
    expect(await store().getTransaction(TENANT, sameCalculation.id)).toBeUndefined();
  });

  test('a calculation recorded twice is CALCULATION_ALREADY_RECORDED and writes nothing', async () => {
    const first = makeTransaction({ calculationId: 'calc_1' });
    await store().insertTransactions(TENANT, [first]);
    const fee = makeTransaction({ calculationId: 'calc_1', type: 'fee' });
    const fresh = makeTransaction();
    await expectTaxError(store().insertTransactions(TENANT, [fresh, fee]), 'CALCULATION_ALREADY_RECORDED');
    expect(await store().getTransaction(TENANT, fee.id)).toBeUndefined();
    expect(await store().getTransaction(TENANT, fresh.id)).toBeUndefined();
  });

  test('a calculation stays recorded after its transaction is deleted', async () => {
    const first = makeTransaction({ calculationId: 'calc_1' });
    await store().insertTransactions(TENANT, [first]);
    await store().deleteTransaction(TENANT, first.id, AT);
    const again = makeTransaction({ calculationId: 'calc_1' });
    await expectTaxError(store().insertTransactions(TENANT, [again]), 'CALCULATION_ALREADY_RECORDED');
  });

  test('a deleted transaction frees its reference_order_id', async () => {
    const first = makeTransaction({ referenceOrderId: 'order-1' });
    await store().insertTransactions(TENANT, [first]);
    await store().deleteTransaction(TENANT, first.id, AT);
    const second = makeTransaction({ referenceOrderId: 'order-1' });
    await store().insertTransactions(TENANT, [second]);
    expect(await store().getTransaction(TENANT, second.id)).toStrictEqual(second);
    expect(await store().getTransaction(TENANT, first.id)).toBeUndefined();
  });

  test('an id already taken is refused and the stored record stays', async () => {
    const transaction = makeTransaction();
    const customer = makeCustomer();
    const merchant = makeMerchant();
    await store().insertTransactions(TENANT, [transaction]);
    await store().insertCustomer(TENANT, customer);
    await store().insertMerchant(TENANT, merchant);
    const taken = [
      store().insertTransactions(TENANT, [makeTransaction({ id: transaction.id })]),
      store().insertCustomer(TENANT, makeCustomer({ id: customer.id })),
      store().insertMerchant(TENANT, makeMerchant({ id: merchant.id })),
    ];
    for (const outcome of await Promise.allSettled(taken)) {
      expect(outcome.status === 'rejected' && outcome.reason instanceof TaxError).toBe(true);
    }
    expect(await store().getTransaction(TENANT, transaction.id)).toStrictEqual(transaction);
    expect(await store().getCustomer(TENANT, customer.id)).toStrictEqual(customer);
    expect(await store().getMerchant(TENANT, merchant.id)).toStrictEqual(merchant);
  });

  test('a second live product with the same reference id is DUPLICATE_PRODUCT', async () => {
    const first = makeProduct({ referenceProductId: 'sku-1', name: 'First' });
    await store().insertProduct(TENANT, first);
    await expectTaxError(
      store().insertProduct(TENANT, makeProduct({ referenceProductId: 'sku-1', name: 'Second' })),
      'DUPLICATE_PRODUCT',
    );
    expect(await store().getProduct(TENANT, 'sku-1')).toStrictEqual(first);
    expect((await store().listProducts(TENANT, { limit: 10 })).items).toStrictEqual([first]);
  });

  test('a deleted product frees its reference id', async () => {
    await store().insertProduct(TENANT, makeProduct({ referenceProductId: 'sku-1', name: 'First' }));
    await store().deleteProduct(TENANT, 'sku-1', AT);
    const second = makeProduct({ referenceProductId: 'sku-1', name: 'Second' });
    await store().insertProduct(TENANT, second);
    expect(await store().getProduct(TENANT, 'sku-1')).toStrictEqual(second);
    expect((await store().listProducts(TENANT, { limit: 10 })).items).toStrictEqual([second]);
  });

  test('a second live customer with the same reference id is DUPLICATE_CUSTOMER', async () => {
    const first = makeCustomer({ referenceCustomerId: 'customer-1' });
    const second = makeCustomer({ referenceCustomerId: 'customer-1' });
    await store().insertCustomer(TENANT, first);
    await expectTaxError(store().insertCustomer(TENANT, second), 'DUPLICATE_CUSTOMER');
    expect(await store().getCustomer(TENANT, second.id)).toBeUndefined();
    expect(await store().getCustomer(TENANT, 'customer-1')).toStrictEqual(first);
  });

  test('customers without a reference id never clash, and an empty reference finds none', async () => {
    const first = makeCustomer({ referenceCustomerId: '' });
    const second = makeCustomer({ referenceCustomerId: '' });
    await store().insertCustomer(TENANT, first);
    await store().insertCustomer(TENANT, second);
    expect(await store().getCustomer(TENANT, second.id)).toStrictEqual(second);
    expect(await store().getCustomer(TENANT, '')).toBeUndefined();
  });

  test('a deleted customer frees its reference id', async () => {
    const first = makeCustomer({ referenceCustomerId: 'customer-1' });
    await store().insertCustomer(TENANT, first);
    await store().deleteCustomer(TENANT, first.id, AT);
    const second = makeCustomer({ referenceCustomerId: 'customer-1' });
    await store().insertCustomer(TENANT, second);
    expect(await store().getCustomer(TENANT, 'customer-1')).toStrictEqual(second);
  });

  test('a second live merchant with the same reference id is DUPLICATE_MERCHANT', async () => {
    const first = makeMerchant({ referenceMerchantId: 'seller-1' });
    const second = makeMerchant({ referenceMerchantId: 'seller-1' });
    await store().insertMerchant(TENANT, first);
    await expectTaxError(store().insertMerchant(TENANT, second), 'DUPLICATE_MERCHANT');
    expect(await store().getMerchant(TENANT, second.id)).toBeUndefined();
    expect(await store().getMerchant(TENANT, 'seller-1')).toStrictEqual(first);
  });

  test('a deleted merchant frees its reference id', async () => {
    const first = makeMerchant({ referenceMerchantId: 'seller-1' });
    await store().insertMerchant(TENANT, first);
    await store().deleteMerchant(TENANT, 'seller-1', AT);
    const second = makeMerchant({ referenceMerchantId: 'seller-1' });
    await store().insertMerchant(TENANT, second);
    expect(await store().getMerchant(TENANT, 'seller-1')).toStrictEqual(second);
  });

  test('concurrent inserts of one key: exactly one succeeds', async () => {
    const orders = Array.from({ length: 5 }, () => makeTransaction({ referenceOrderId: 'order-1' }));
    const products = Array.from({ length: 5 }, (_, i) => makeProduct({ referenceProductId: 'sku-1', name: `P${i}` }));
    const settled = await Promise.allSettled([
      ...orders.map((order) => store().insertTransactions(TENANT, [order])),
      ...products.map((product) => store().insertProduct(TENANT, product)),
    ]);
    expect(outcomesOf(settled.slice(0, 5))).toEqual([...Array(4).fill('DUPLICATE_REFERENCE_ORDER_ID'), 'ok']);
    expect(outcomesOf(settled.slice(5))).toEqual([...Array(4).fill('DUPLICATE_PRODUCT'), 'ok']);
  });
}
