/* eslint-disable no-await-in-loop -- each tenant is checked in turn, so a failure names it */
import { expect } from 'vitest';
import type { Tenant } from '../../src/core/types.ts';
import {
  AT,
  LIVE_MODE,
  makeCalculation,
  makeCustomer,
  makeMerchant,
  makeProduct,
  makeTransaction,
  OTHER_ACCOUNT,
  TENANT,
} from '../helpers/records.ts';
import { allRefunds, expectTaxError } from './assertions.ts';
import { planFullRefund, planReversal } from './planners.ts';
import type { SuiteContext } from './suite-context.ts';

const OTHERS: readonly Tenant[] = [OTHER_ACCOUNT, LIVE_MODE];

/** The same fixed records, so every tenant can be given identical ids and keys. */
function fixedRecords() {
  return {
    calculation: makeCalculation({ id: 'calc_1' }),
    transaction: makeTransaction({ id: 'tr_1', calculationId: 'calc_1', referenceOrderId: 'order-1' }),
    product: makeProduct({ referenceProductId: 'sku-1' }),
    customer: makeCustomer({ id: 'cust_1', referenceCustomerId: 'customer-1' }),
    merchant: makeMerchant({ id: 'merch_1', referenceMerchantId: 'seller-1' }),
  };
}

/**
 * A record written for one (account, mode) is invisible to every other: no get, list,
 * delete, update, refund or uniqueness check of another tenant ever meets it.
 */
export function describeTenancyCases({ store, test }: SuiteContext): void {
  async function writeAll(tenant: Tenant, records = fixedRecords()) {
    await store().insertCalculation(tenant, records.calculation);
    await store().insertTransactions(tenant, [records.transaction]);
    await store().insertProduct(tenant, records.product);
    await store().insertCustomer(tenant, records.customer);
    await store().insertMerchant(tenant, records.merchant);
    const refund = await store().insertRefund(tenant, records.transaction.id, planFullRefund({ id: 'ref_1' }));
    return { ...records, refund };
  }

  test('another account and the other mode see nothing of a tenant’s records', async () => {
    const records = await writeAll(TENANT);
    for (const other of OTHERS) {
      expect(await store().getCalculation(other, 'calc_1')).toBeUndefined();
      expect(await store().getTransaction(other, 'tr_1')).toBeUndefined();
      expect(await store().getRefund(other, 'ref_1')).toBeUndefined();
      expect(await allRefunds(store(), other, 'tr_1')).toEqual([]);
      expect(await store().getProduct(other, 'sku-1')).toBeUndefined();
      expect(await store().getCustomer(other, 'cust_1')).toBeUndefined();
      expect(await store().getCustomer(other, 'customer-1')).toBeUndefined();
      expect(await store().getMerchant(other, 'merch_1')).toBeUndefined();
      expect(await store().getMerchant(other, 'seller-1')).toBeUndefined();
      for (const page of [
        await store().listProducts(other, { limit: 100 }),
        await store().listCustomers(other, { limit: 100 }),
        await store().listMerchants(other, { limit: 100 }),
      ]) {
        expect(page).toEqual({ items: [], hasMore: false });
      }
    }
    expect(await store().getRefund(TENANT, 'ref_1')).toStrictEqual(records.refund);
  });

  test('another account and the other mode cannot delete, update, refund or reverse a tenant’s records', async () => {
    const records = await writeAll(TENANT);
    for (const other of OTHERS) {
      expect(await store().deleteTransaction(other, 'tr_1', AT)).toBeUndefined();
      expect(await store().deleteProduct(other, 'sku-1', AT)).toBeUndefined();
      expect(await store().deleteCustomer(other, 'cust_1', AT)).toBeUndefined();
      expect(await store().deleteCustomer(other, 'customer-1', AT)).toBeUndefined();
      expect(await store().deleteMerchant(other, 'merch_1', AT)).toBeUndefined();
      expect(await store().deleteMerchant(other, 'seller-1', AT)).toBeUndefined();
      await expectTaxError(
        store().updateMerchant(other, 'merch_1', (merchant) => ({ ...merchant, name: 'Stolen' })),
        'MERCHANT_NOT_FOUND',
      );
      await expectTaxError(store().insertRefund(other, 'tr_1', planFullRefund()), 'TRANSACTION_NOT_FOUND');
      await expectTaxError(store().reverseRefund(other, 'ref_1', planReversal()), 'REFUND_NOT_FOUND');
    }
    expect(await store().getTransaction(TENANT, 'tr_1')).toStrictEqual(records.transaction);
    expect(await store().getProduct(TENANT, 'sku-1')).toStrictEqual(records.product);
    expect(await store().getCustomer(TENANT, 'customer-1')).toStrictEqual(records.customer);
    expect(await store().getMerchant(TENANT, 'seller-1')).toStrictEqual(records.merchant);
    expect(await allRefunds(store(), TENANT, 'tr_1')).toStrictEqual([records.refund]);
  });

  test('ids and reference ids are per tenant: each tenant may hold the same ones', async () => {
    const mine = await writeAll(TENANT);
    const theirs = await writeAll(OTHER_ACCOUNT, {
      ...fixedRecords(),
      product: makeProduct({ referenceProductId: 'sku-1', name: 'Theirs' }),
    });
    const live = await writeAll(LIVE_MODE);
    await store().deleteTransaction(OTHER_ACCOUNT, 'tr_1', AT);
    await store().deleteMerchant(LIVE_MODE, 'seller-1', AT);
    expect(await store().getTransaction(TENANT, 'tr_1')).toStrictEqual(mine.transaction);
    expect(await store().getTransaction(LIVE_MODE, 'tr_1')).toStrictEqual(live.transaction);
    expect(await store().getTransaction(OTHER_ACCOUNT, 'tr_1')).toBeUndefined();
    expect(await store().getMerchant(TENANT, 'seller-1')).toStrictEqual(mine.merchant);
    expect(await store().getMerchant(OTHER_ACCOUNT, 'seller-1')).toStrictEqual(theirs.merchant);
    expect(await store().getMerchant(LIVE_MODE, 'seller-1')).toBeUndefined();
    expect(await store().getProduct(OTHER_ACCOUNT, 'sku-1')).toStrictEqual(theirs.product);
    expect(await store().getProduct(TENANT, 'sku-1')).toStrictEqual(mine.product);
  });
}
