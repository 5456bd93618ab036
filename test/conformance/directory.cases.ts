import { expect } from 'vitest';
import type { Merchant } from '../../src/core/types.ts';
import {
  AT,
  makeAddress,
  makeCustomer,
  makeMerchant,
  makeProduct,
  makeTransaction,
  TENANT,
} from '../helpers/records.ts';
import { expectTaxError } from './assertions.ts';
import type { SuiteContext } from './suite-context.ts';

const unchanged = (current: Merchant): Merchant => current;

/** Counts updates in the merchant's metadata. */
const increment = (current: Merchant): Merchant => ({
  ...current,
  metadata: { count: Number(current.metadata.count) + 1 },
});

/**
 * Lookups by id or reference id, soft deletes, atomic merchant updates, and closing.
 */
export function describeDirectoryCases({ store, test }: SuiteContext): void {
  test('getCustomer and getMerchant find a live record by id and by reference id', async () => {
    const customer = makeCustomer({ referenceCustomerId: 'customer-1' });
    const merchant = makeMerchant({ referenceMerchantId: 'seller-1' });
    await store().insertCustomer(TENANT, customer);
    await store().insertMerchant(TENANT, merchant);
    expect(await store().getCustomer(TENANT, customer.id)).toStrictEqual(customer);
    expect(await store().getCustomer(TENANT, 'customer-1')).toStrictEqual(customer);
    expect(await store().getMerchant(TENANT, merchant.id)).toStrictEqual(merchant);
    expect(await store().getMerchant(TENANT, 'seller-1')).toStrictEqual(merchant);
  });

  test('an id is looked up before a reference id', async () => {
    const byId = makeCustomer({ id: 'cust_x' });
    const byReference = makeCustomer({ referenceCustomerId: 'cust_x' });
    await store().insertCustomer(TENANT, byReference);
    await store().insertCustomer(TENANT, byId);
    expect(await store().getCustomer(TENANT, 'cust_x')).toStrictEqual(byId);
    const merchantById = makeMerchant({ id: 'merch_x' });
    const merchantByReference = makeMerchant({ referenceMerchantId: 'merch_x' });
    await store().insertMerchant(TENANT, merchantByReference);
    await store().insertMerchant(TENANT, merchantById);
    expect(await store().getMerchant(TENANT, 'merch_x')).toStrictEqual(merchantById);
  });

  test('a deleted transaction is gone from get, and its delete returned it with deletedAt', async () => {
    const transaction = makeTransaction();
    await store().insertTransactions(TENANT, [transaction]);
    expect(await store().deleteTransaction(TENANT, transaction.id, AT + 7)).toStrictEqual({
      ...transaction,
      deletedAt: AT + 7,
    });
    expect(await store().getTransaction(TENANT, transaction.id)).toBeUndefined();
    expect(await store().deleteTransaction(TENANT, transaction.id, AT + 8)).toBeUndefined();
  });

  test('a deleted product is gone from get and list', async () => {
    const kept = makeProduct();
    const deleted = makeProduct();
    await store().insertProduct(TENANT, kept);
    await store().insertProduct(TENANT, deleted);
    expect(await store().deleteProduct(TENANT, deleted.referenceProductId, AT + 7)).toStrictEqual({
      ...deleted,
      deletedAt: AT + 7,
    });
    expect(await store().getProduct(TENANT, deleted.referenceProductId)).toBeUndefined();
    expect((await store().listProducts(TENANT, { limit: 10 })).items).toStrictEqual([kept]);
    expect(await store().deleteProduct(TENANT, deleted.referenceProductId, AT + 8)).toBeUndefined();
  });

  test('a customer deleted by reference id is gone by id and by reference, and from the list', async () => {
    const kept = makeCustomer();
    const deleted = makeCustomer({ referenceCustomerId: 'customer-1' });
    await store().insertCustomer(TENANT, kept);
    await store().insertCustomer(TENANT, deleted);
    expect(await store().deleteCustomer(TENANT, 'customer-1', AT + 7)).toStrictEqual({ ...deleted, deletedAt: AT + 7 });
    expect(await store().getCustomer(TENANT, deleted.id)).toBeUndefined();
    expect(await store().getCustomer(TENANT, 'customer-1')).toBeUndefined();
    expect((await store().listCustomers(TENANT, { limit: 10 })).items).toStrictEqual([kept]);
    expect(await store().deleteCustomer(TENANT, deleted.id, AT + 8)).toBeUndefined();
  });

  test('a merchant deleted by id is gone by id and by reference, and from the list', async () => {
    const kept = makeMerchant();
    const deleted = makeMerchant({ referenceMerchantId: 'seller-1' });
    await store().insertMerchant(TENANT, kept);
    await store().insertMerchant(TENANT, deleted);
    expect(await store().deleteMerchant(TENANT, deleted.id, AT + 7)).toStrictEqual({ ...deleted, deletedAt: AT + 7 });
    expect(await store().getMerchant(TENANT, deleted.id)).toBeUndefined();
    expect(await store().getMerchant(TENANT, 'seller-1')).toBeUndefined();
    expect((await store().listMerchants(TENANT, { limit: 10 })).items).toStrictEqual([kept]);
    expect(await store().deleteMerchant(TENANT, 'seller-1', AT + 8)).toBeUndefined();
  });

  test('updateMerchant replaces the merchant, found by id or reference id, and returns it', async () => {
    const merchant = makeMerchant({ referenceMerchantId: 'seller-1' });
    await store().insertMerchant(TENANT, merchant);
    const renamed = await store().updateMerchant(TENANT, 'seller-1', (current) => ({
      ...current,
      name: 'Renamed',
      defaultAddress: makeAddress(),
      updatedAt: AT + 1,
    }));
    expect(renamed).toStrictEqual({ ...merchant, name: 'Renamed', defaultAddress: makeAddress(), updatedAt: AT + 1 });
    const moved = await store().updateMerchant(TENANT, merchant.id, (current) => ({
      ...current,
      referenceMerchantId: 'seller-2',
    }));
    expect(await store().getMerchant(TENANT, 'seller-2')).toStrictEqual(moved);
    expect(await store().getMerchant(TENANT, 'seller-1')).toBeUndefined();
    expect((await store().listMerchants(TENANT, { limit: 10 })).items).toStrictEqual([moved]);
  });

  test('updateMerchant can remove an optional field', async () => {
    const merchant = makeMerchant({ defaultAddress: makeAddress() });
    await store().insertMerchant(TENANT, merchant);
    await store().updateMerchant(TENANT, merchant.id, ({ defaultAddress: _removed, ...rest }) => rest);
    const got = await store().getMerchant(TENANT, merchant.id);
    expect(Object.keys(got ?? {})).not.toContain('defaultAddress');
  });

  test('updateMerchant of a missing or deleted merchant is MERCHANT_NOT_FOUND', async () => {
    const merchant = makeMerchant();
    await store().insertMerchant(TENANT, merchant);
    await store().deleteMerchant(TENANT, merchant.id, AT);
    await expectTaxError(store().updateMerchant(TENANT, 'merch_missing', unchanged), 'MERCHANT_NOT_FOUND');
    await expectTaxError(store().updateMerchant(TENANT, merchant.id, unchanged), 'MERCHANT_NOT_FOUND');
  });

  test('an update that throws writes nothing, and its error propagates unchanged', async () => {
    const merchant = makeMerchant();
    await store().insertMerchant(TENANT, merchant);
    const refusal = new TypeError('not today');
    await expect(
      store().updateMerchant(TENANT, merchant.id, () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await store().getMerchant(TENANT, merchant.id)).toStrictEqual(merchant);
  });

  test('an update to another live merchant’s reference id is DUPLICATE_MERCHANT and writes nothing', async () => {
    const first = makeMerchant({ referenceMerchantId: 'seller-1' });
    const second = makeMerchant({ referenceMerchantId: 'seller-2' });
    await store().insertMerchant(TENANT, first);
    await store().insertMerchant(TENANT, second);
    await expectTaxError(
      store().updateMerchant(TENANT, second.id, (current) => ({
        ...current,
        referenceMerchantId: 'seller-1',
        name: 'X',
      })),
      'DUPLICATE_MERCHANT',
    );
    expect(await store().getMerchant(TENANT, second.id)).toStrictEqual(second);
    expect(await store().getMerchant(TENANT, 'seller-1')).toStrictEqual(first);
  });

  test('concurrent updates of one merchant apply one after the other', async () => {
    const merchant = makeMerchant({ metadata: { count: 0 } });
    await store().insertMerchant(TENANT, merchant);
    await Promise.all(Array.from({ length: 10 }, () => store().updateMerchant(TENANT, merchant.id, increment)));
    expect((await store().getMerchant(TENANT, merchant.id))?.metadata).toEqual({ count: 10 });
  });

  test('close() may be called twice', async () => {
    await store().close();
    await store().close();
  });

  test('a closed store refuses calls with STORAGE_UNAVAILABLE', async () => {
    const transaction = makeTransaction();
    await store().insertTransactions(TENANT, [transaction]);
    await store().close();
    await expectTaxError(store().getTransaction(TENANT, transaction.id), 'STORAGE_UNAVAILABLE');
    await expectTaxError(store().insertTransactions(TENANT, [makeTransaction()]), 'STORAGE_UNAVAILABLE');
  });
}
