/* eslint-disable no-await-in-loop -- batches run one after another on purpose */
import { expect } from 'vitest';
import {
  LIVE_MODE,
  makeCalculation,
  makeCustomer,
  makeMerchant,
  makeProduct,
  makeTransaction,
  nextId,
  TENANT,
} from '../helpers/records.ts';
import { planFullRefund, planReversal } from './planners.ts';
import type { SuiteContext } from './suite-context.ts';

/** The engine sweeps expired calculations in small batches: `limit` bounds each call. */
export function describeHousekeepingCases({ store, test }: SuiteContext): void {
  test('housekeeping with a limit deletes at most that many expired calculations per call', async () => {
    const expired = Array.from({ length: 5 }, (_, index) =>
      makeCalculation({ id: nextId('calc'), expiresAt: 1_000 + index }),
    );
    const current = makeCalculation({ id: nextId('calc'), expiresAt: 5_000 });
    for (const [index, calculation] of expired.entries()) {
      await store().insertCalculation(index % 2 === 0 ? TENANT : LIVE_MODE, calculation);
    }
    await store().insertCalculation(TENANT, current);
    const counts: number[] = [];
    for (let round = 0; round < 4; round += 1) counts.push(await store().deleteCalculationsExpiredBefore(2_000, 2));
    expect(counts).toEqual([2, 2, 1, 0]);
    for (const [index, calculation] of expired.entries()) {
      expect(await store().getCalculation(index % 2 === 0 ? TENANT : LIVE_MODE, calculation.id)).toBeUndefined();
    }
    expect(await store().getCalculation(TENANT, current.id)).toStrictEqual(current);
    expect(await store().deleteCalculationsExpiredBefore(6_000, 0)).toBe(0);
    expect(await store().getCalculation(TENANT, current.id)).toStrictEqual(current);
  });

  test('flush, where a store has it, keeps every calculation readable and may be called at any time', async () => {
    const calculation = makeCalculation({ id: nextId('calc') });
    await store().insertCalculation(TENANT, calculation);
    store().flush?.();
    store().flush?.();
    expect(await store().getCalculation(TENANT, calculation.id)).toStrictEqual(calculation);
  });

  test('deleteTenantRecords deletes every record of one tenant for good, and nothing of another', async () => {
    const seed = async (tenant: typeof TENANT) => {
      const calculation = makeCalculation({ id: nextId('calc') });
      const transaction = makeTransaction({ calculationId: calculation.id });
      const product = makeProduct();
      const customer = makeCustomer();
      const merchant = makeMerchant();
      await store().insertCalculation(tenant, calculation);
      await store().insertTransactions(tenant, [transaction]);
      const refund = await store().insertRefund(tenant, transaction.id, planFullRefund());
      await store().reverseRefund(tenant, refund.id, planReversal());
      await store().insertProduct(tenant, product);
      await store().insertCustomer(tenant, customer);
      await store().insertMerchant(tenant, merchant);
      return { calculation, transaction, refund, product, customer, merchant };
    };
    const gone = await seed(TENANT);
    const kept = await seed(LIVE_MODE);
    await store().deleteTenantRecords(TENANT);
    expect(await store().getCalculation(TENANT, gone.calculation.id)).toBeUndefined();
    expect(await store().getTransaction(TENANT, gone.transaction.id)).toBeUndefined();
    expect(await store().getRefund(TENANT, gone.refund.id)).toBeUndefined();
    expect(await store().getProduct(TENANT, gone.product.referenceProductId)).toBeUndefined();
    expect(await store().getCustomer(TENANT, gone.customer.id)).toBeUndefined();
    expect(await store().getMerchant(TENANT, gone.merchant.id)).toBeUndefined();
    expect((await store().listProducts(TENANT, { limit: 10 })).items).toEqual([]);
    // For good: the same ids and references can be used again.
    await store().insertCalculation(TENANT, gone.calculation);
    await store().insertTransactions(TENANT, [gone.transaction]);
    await store().insertProduct(TENANT, gone.product);
    expect(await store().getTransaction(TENANT, gone.transaction.id)).toStrictEqual(gone.transaction);
    // The other mode is untouched.
    expect(await store().getCalculation(LIVE_MODE, kept.calculation.id)).toStrictEqual(kept.calculation);
    expect(await store().getTransaction(LIVE_MODE, kept.transaction.id)).toStrictEqual(kept.transaction);
    expect((await store().getRefund(LIVE_MODE, kept.refund.id))?.reversedAt).toBeDefined();
    expect(await store().getMerchant(LIVE_MODE, kept.merchant.id)).toStrictEqual(kept.merchant);
  });
}
