/* eslint-disable no-await-in-loop -- records are written, and pages read, in a known order on purpose */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Page, Refund, Tenant, Transaction } from '../../src/core/types.ts';
import { MAX_LEDGER_PAGE, type LedgerQuery } from '../../src/ports/store.ts';
import { LIVE_MODE, makeTransaction, OTHER_ACCOUNT, TENANT } from '../helpers/records.ts';
import { planFullRefund, planReversal } from './planners.ts';
import type { SuiteContext } from './suite-context.ts';

/** Every page of a ledger read, followed by its cursor, as one list of ids. */
async function readAll<T extends { readonly id: string }>(
  read: (query: LedgerQuery) => Promise<Page<T>>,
  query: Omit<LedgerQuery, 'after'>,
): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await read({ ...query, ...(after === undefined ? {} : { after }) });
    ids.push(...page.items.map((item) => item.id));
    if (!page.hasMore) return ids;
    after = page.items.at(-1)?.id;
    expect(after).toBeDefined();
  }
}

/** The oracle's order: time, then id in UTF-8 byte order. */
function byTimeThenId<T extends { readonly id: string }>(timeOf: (record: T) => number) {
  return (a: T, b: T) => timeOf(a) - timeOf(b) || Buffer.compare(Buffer.from(a.id, 'utf8'), Buffer.from(b.id, 'utf8'));
}

/**
 * The ledger's reads by period: transactions by processedAt, refunds by processedAt and by
 * reversedAt, inclusive bounds, a cursor that continues after (time, id), filters, tenancy.
 */
export function describeLedgerReadCases({ store, test }: SuiteContext): void {
  const transactionsOf = (tenant: Tenant) => (query: LedgerQuery) => store().listTransactions(tenant, query);

  test('ledger reads: transactions in a period, by time then id, every page after its cursor', async () => {
    const times = [50, 10, 30, 10, 20, 40, 30, 60];
    const recorded: Transaction[] = [];
    for (const [index, processedAt] of times.entries()) {
      const transaction = makeTransaction({ id: `tr_${String.fromCharCode(104 - index)}`, processedAt });
      recorded.push(transaction);
      await store().insertTransactions(TENANT, [transaction]);
    }
    const expected = (from: number, to: number) =>
      recorded
        .filter((transaction) => transaction.processedAt >= from && transaction.processedAt <= to)
        .toSorted(byTimeThenId((transaction) => transaction.processedAt))
        .map((transaction) => transaction.id);
    for (const limit of [1, 2, 3, 100]) {
      expect(await readAll(transactionsOf(TENANT), { from: 10, to: 50, limit })).toEqual(expected(10, 50));
    }
    expect(await readAll(transactionsOf(TENANT), { limit: 5 })).toEqual(expected(0, 100));
    expect(await readAll(transactionsOf(TENANT), { from: 61, limit: 5 })).toEqual([]);
    // The record itself comes back, not just its id.
    const [first] = (await store().listTransactions(TENANT, { from: 60, to: 60, limit: 1 })).items;
    expect(first).toEqual(recorded.at(-1));
  });

  test('ledger reads: an unknown cursor gives an empty page; limits clamp to 1..MAX_LEDGER_PAGE', async () => {
    for (const processedAt of [1, 2, 3]) await store().insertTransactions(TENANT, [makeTransaction({ processedAt })]);
    expect(await store().listTransactions(TENANT, { after: 'tr_nowhere', limit: 10 })).toEqual({
      items: [],
      hasMore: false,
    });
    const one = await store().listTransactions(TENANT, { limit: 0 });
    expect(one.items).toHaveLength(1);
    expect(one.hasMore).toBe(true);
    expect((await store().listTransactions(TENANT, { limit: MAX_LEDGER_PAGE * 10 })).items).toHaveLength(3);
  });

  test('ledger reads: deleted transactions are left out, and a deleted cursor still continues', async () => {
    const kept = [1, 2, 3, 4].map((processedAt) => makeTransaction({ processedAt }));
    await store().insertTransactions(TENANT, kept);
    const page = await store().listTransactions(TENANT, { limit: 2 });
    const cursor = page.items.at(-1)?.id as string;
    await store().deleteTransaction(TENANT, cursor, 10);
    await store().deleteTransaction(TENANT, kept[3]?.id as string, 10);
    const rest = await store().listTransactions(TENANT, { after: cursor, limit: 10 });
    expect(rest.items.map((transaction) => transaction.id)).toEqual([kept[2]?.id]);
  });

  test('ledger reads: transactions filtered by kind, customer and reference order id', async () => {
    const sale = makeTransaction({ processedAt: 1, customerId: 'cust_1' });
    const other = makeTransaction({ processedAt: 2, customerId: 'cust_2', referenceOrderId: 'order-x' });
    const platform = { merchantId: 'merch_1', referenceMerchantId: 'm1', referencePaymentId: 'p1', clientRoles: [] };
    const order = makeTransaction({ processedAt: 3, referenceOrderId: 'po', platform });
    const fee = makeTransaction({ processedAt: 3, referenceOrderId: 'po', type: 'fee', platform });
    await store().insertTransactions(TENANT, [sale]);
    await store().insertTransactions(TENANT, [other]);
    await store().insertTransactions(TENANT, [order, fee]);
    const ids = async (query: Omit<LedgerQuery, 'limit'> & Record<string, unknown>) =>
      (await store().listTransactions(TENANT, { limit: 10, ...query })).items.map((transaction) => transaction.id);
    expect(await ids({ kind: 'sale' })).toEqual([sale.id, other.id]);
    expect(await ids({ kind: 'platform_order' })).toEqual([order.id]);
    expect(await ids({ kind: 'fee' })).toEqual([fee.id]);
    expect(await ids({ customerId: 'cust_2' })).toEqual([other.id]);
    expect(await ids({ referenceOrderId: 'order-x' })).toEqual([other.id]);
    expect(await ids({ referenceOrderId: 'po', kind: 'fee' })).toEqual([fee.id]);
    expect(await ids({ customerId: 'cust_nobody' })).toEqual([]);
  });

  test('ledger reads: refunds by when they were made and when they were reversed', async () => {
    const sale = makeTransaction({ processedAt: 1 });
    await store().insertTransactions(TENANT, [sale]);
    const first = await store().insertRefund(TENANT, sale.id, planFullRefund({ processedAt: 20 }));
    await store().reverseRefund(TENANT, first.id, planReversal(70));
    const second = await store().insertRefund(TENANT, sale.id, planFullRefund({ processedAt: 30 }));
    const processed = (from: number, to: number) =>
      readAll((query) => store().listRefundsProcessed(TENANT, query), { from, to, limit: 1 });
    expect(await processed(0, 100)).toEqual([first.id, second.id]);
    expect(await processed(21, 30)).toEqual([second.id]);
    const reversed = await store().listRefundsReversed(TENANT, { from: 0, to: 100, limit: 10 });
    expect(reversed.items.map((refund: Refund) => [refund.id, refund.reversedAt])).toEqual([[first.id, 70]]);
    expect((await store().listRefundsReversed(TENANT, { from: 71, limit: 10 })).items).toEqual([]);
    // A refund stays in the ledger after its sale is deleted.
    await store().deleteTransaction(TENANT, sale.id, 90);
    expect(await processed(0, 100)).toEqual([first.id, second.id]);
  });

  test('ledger reads: each tenant and mode reads only its own', async () => {
    const mine = makeTransaction({ processedAt: 1 });
    await store().insertTransactions(TENANT, [mine]);
    await store().insertTransactions(OTHER_ACCOUNT, [makeTransaction({ processedAt: 1 })]);
    await store().insertTransactions(LIVE_MODE, [makeTransaction({ processedAt: 1 })]);
    expect(await readAll(transactionsOf(TENANT), { limit: 10 })).toEqual([mine.id]);
    expect(await readAll((query) => store().listRefundsProcessed(OTHER_ACCOUNT, query), { limit: 10 })).toEqual([]);
  });

  test('ledger reads: any period and page size reads exactly the records in it (property)', async () => {
    const times = [5, 1, 9, 5, 3, 7, 1, 9, 5, 2, 8, 6];
    const recorded = times.map((processedAt) => makeTransaction({ processedAt }));
    for (const transaction of recorded) await store().insertTransactions(TENANT, [transaction]);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 13 }),
        async (a, b, limit) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const expected = recorded
            .filter((transaction) => transaction.processedAt >= from && transaction.processedAt <= to)
            .toSorted(byTimeThenId((transaction) => transaction.processedAt))
            .map((transaction) => transaction.id);
          expect(await readAll(transactionsOf(TENANT), { from, to, limit })).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
}
