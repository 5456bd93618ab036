/* eslint-disable no-await-in-loop -- refunds are recorded one after another on purpose: their order is under test */
import { expect } from 'vitest';
import { TaxError } from '../../src/core/errors.ts';
import { openingBalance, remainingBalance, type LineBalance } from '../../src/core/ledger/remaining-balance.ts';
import type { Transaction } from '../../src/core/types.ts';
import type { RefundPlanner } from '../../src/ports/store.ts';
import { AT, makeRefund, makeRefundLine, makeTaxLine, makeTransaction, TENANT } from '../helpers/records.ts';
import { allRefunds, expectTaxError, outcomesOf } from './assertions.ts';
import { planFullRefund, planReversal, refusingPriorRefunds } from './planners.ts';
import type { SuiteContext } from './suite-context.ts';

/**
 * The store calls refund and reversal planners inside its write transaction: they see every
 * refund recorded before, a refusal writes nothing, and concurrent calls cannot both pass a
 * check that only one of them should.
 */
export function describeRefundCases({ store, test }: SuiteContext): void {
  async function storedTransaction(): Promise<Transaction> {
    const transaction = makeTransaction();
    await store().insertTransactions(TENANT, [transaction]);
    return transaction;
  }

  test('the refund planner gets the transaction and its balance after the refunds so far', async () => {
    const transaction = await storedTransaction();
    const seen: [Transaction, readonly LineBalance[]][] = [];
    const watching: RefundPlanner = (current, remaining) => {
      seen.push([current, remaining]);
      return planFullRefund()(current, remaining);
    };
    const first = await store().insertRefund(TENANT, transaction.id, watching);
    const second = await store().insertRefund(TENANT, transaction.id, watching);
    await store().insertRefund(TENANT, transaction.id, watching);
    expect(seen).toStrictEqual([
      [transaction, openingBalance(transaction)],
      [transaction, remainingBalance(transaction, [first])],
      [transaction, remainingBalance(transaction, [first, second])],
    ]);
  });

  test('a reversal gives its refund back to the balance the next planner sees', async () => {
    const line = makeTaxLine({ amountExcludingTaxMinor: 1_000, taxMinor: 70, amountIncludingTaxMinor: 1_070 });
    const transaction = makeTransaction({ lines: [line, { ...line, lineItemId: 'li_second' }] });
    await store().insertTransactions(TENANT, [transaction]);
    const partial =
      (id: string): RefundPlanner =>
      () =>
        makeRefund({
          id,
          transactionId: transaction.id,
          lines: [
            makeRefundLine(line, {
              amountExcludingTaxMinor: -100,
              taxMinor: -7,
              amountIncludingTaxMinor: -107,
              quantity: 0,
            }),
          ],
        });
    const first = await store().insertRefund(TENANT, transaction.id, partial('ref_first'));
    const second = await store().insertRefund(TENANT, transaction.id, partial('ref_second'));
    const reversed = await store().reverseRefund(TENANT, first.id, planReversal());
    let seen: readonly LineBalance[] = [];
    await expectTaxError(
      store().insertRefund(TENANT, transaction.id, (_current, remaining) => {
        seen = remaining;
        throw new TaxError('REFUND_EXCEEDS_REMAINING', 'just looking');
      }),
      'REFUND_EXCEEDS_REMAINING',
    );
    expect(seen).toStrictEqual(remainingBalance(transaction, [reversed, second]));
    expect(seen[0]).toMatchObject({ salesMinor: 900, taxMinor: 63 });
    expect(seen[1]).toMatchObject({ salesMinor: 1_000, taxMinor: 70 });
  });

  test('insertRefund for a missing or deleted transaction is TRANSACTION_NOT_FOUND', async () => {
    const transaction = await storedTransaction();
    await store().deleteTransaction(TENANT, transaction.id, AT);
    let called = false;
    const plan: RefundPlanner = (current, prior) => {
      called = true;
      return planFullRefund()(current, prior);
    };
    await expectTaxError(store().insertRefund(TENANT, 'tr_missing', plan), 'TRANSACTION_NOT_FOUND');
    await expectTaxError(store().insertRefund(TENANT, transaction.id, plan), 'TRANSACTION_NOT_FOUND');
    expect(called).toBe(false);
  });

  test('a refund planner that throws writes nothing, and its error propagates unchanged', async () => {
    const transaction = await storedTransaction();
    const refusal = new TaxError('REFUND_EXCEEDS_REMAINING', 'Too much.');
    const bug = new RangeError('a bug in the planner');
    await expect(
      store().insertRefund(TENANT, transaction.id, () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    await expect(
      store().insertRefund(TENANT, transaction.id, () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
    expect(await allRefunds(store(), TENANT, transaction.id)).toEqual([]);
  });

  test('concurrent refunds that refuse a prior refund: exactly one succeeds', async () => {
    const transaction = await storedTransaction();
    const plan = refusingPriorRefunds(planFullRefund());
    const settled = await Promise.allSettled(
      Array.from({ length: 5 }, () => store().insertRefund(TENANT, transaction.id, plan)),
    );
    expect(outcomesOf(settled)).toEqual([...Array(4).fill('TRANSACTION_FULLY_REFUNDED'), 'ok']);
    expect(await allRefunds(store(), TENANT, transaction.id)).toHaveLength(1);
  });

  test('listRefunds returns a transaction’s refunds in creation order', async () => {
    const transaction = await storedTransaction();
    const other = await storedTransaction();
    // Neither ids nor timestamps sort in creation order here.
    const ids = ['ref_c', 'ref_a', 'ref_d', 'ref_b'];
    for (const [index, id] of ids.entries()) {
      await store().insertRefund(TENANT, transaction.id, planFullRefund({ id, createdAt: AT - index }));
      await store().insertRefund(TENANT, other.id, planFullRefund());
    }
    const listed = await allRefunds(store(), TENANT, transaction.id);
    expect(listed.map((refund) => refund.id)).toEqual(ids);
    expect(listed.every((refund) => refund.transactionId === transaction.id)).toBe(true);
  });

  test('listRefunds pages in creation order: limit, exclusive cursor, has-more, and an unknown cursor', async () => {
    const transaction = await storedTransaction();
    const other = await storedTransaction();
    const ids = ['ref_e', 'ref_b', 'ref_d', 'ref_a', 'ref_c'];
    for (const id of ids) await store().insertRefund(TENANT, transaction.id, planFullRefund({ id }));
    const foreign = await store().insertRefund(TENANT, other.id, planFullRefund());
    const idsOf = (page: { items: readonly { id: string }[] }) => page.items.map((refund) => refund.id);
    const first = await store().listRefunds(TENANT, transaction.id, { limit: 2 });
    expect([idsOf(first), first.hasMore]).toEqual([['ref_e', 'ref_b'], true]);
    const second = await store().listRefunds(TENANT, transaction.id, { limit: 2, after: 'ref_b' });
    expect([idsOf(second), second.hasMore]).toEqual([['ref_d', 'ref_a'], true]);
    const last = await store().listRefunds(TENANT, transaction.id, { limit: 2, after: 'ref_a' });
    expect([idsOf(last), last.hasMore]).toEqual([['ref_c'], false]);
    const exact = await store().listRefunds(TENANT, transaction.id, { limit: 5 });
    expect([idsOf(exact), exact.hasMore]).toEqual([ids, false]);
    for (const after of ['ref_missing', foreign.id]) {
      expect(await store().listRefunds(TENANT, transaction.id, { limit: 2, after })).toStrictEqual({
        items: [],
        hasMore: false,
      });
    }
    const clamped = await store().listRefunds(TENANT, transaction.id, { limit: 0 });
    expect(idsOf(clamped)).toEqual(['ref_e']);
  });

  test('reverseRefund records the reversal and marks the refund', async () => {
    const transaction = await storedTransaction();
    const refund = await store().insertRefund(TENANT, transaction.id, planFullRefund());
    let planned: unknown[] = [];
    const reversed = await store().reverseRefund(TENANT, refund.id, (current, parent) => {
      planned = [current, parent];
      return { ...planReversal(AT + 1000)(current, parent), id: 'rev_1' };
    });
    expect(planned).toStrictEqual([refund, transaction]);
    expect(reversed).toStrictEqual({ ...refund, reversedAt: AT + 1000, reversalId: 'rev_1' });
    expect(await store().getRefund(TENANT, refund.id)).toStrictEqual(reversed);
    expect(await allRefunds(store(), TENANT, transaction.id)).toStrictEqual([reversed]);
  });

  test('reverseRefund of a missing refund is REFUND_NOT_FOUND', async () => {
    await expectTaxError(store().reverseRefund(TENANT, 'ref_missing', planReversal()), 'REFUND_NOT_FOUND');
  });

  test('a second reversal that the planner refuses changes nothing', async () => {
    const transaction = await storedTransaction();
    const refund = await store().insertRefund(TENANT, transaction.id, planFullRefund());
    const reversed = await store().reverseRefund(TENANT, refund.id, planReversal());
    await expectTaxError(store().reverseRefund(TENANT, refund.id, planReversal()), 'REFUND_ALREADY_REVERSED');
    expect(await store().getRefund(TENANT, refund.id)).toStrictEqual(reversed);
  });

  test('a reversal planner that throws writes nothing', async () => {
    const transaction = await storedTransaction();
    const refund = await store().insertRefund(TENANT, transaction.id, planFullRefund());
    const bug = new Error('a bug in the planner');
    await expect(
      store().reverseRefund(TENANT, refund.id, () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
    expect(await store().getRefund(TENANT, refund.id)).toStrictEqual(refund);
  });

  test('concurrent reversals of one refund: exactly one succeeds', async () => {
    const transaction = await storedTransaction();
    const refund = await store().insertRefund(TENANT, transaction.id, planFullRefund());
    const settled = await Promise.allSettled(
      Array.from({ length: 4 }, () => store().reverseRefund(TENANT, refund.id, planReversal())),
    );
    expect(outcomesOf(settled)).toEqual([...Array(3).fill('REFUND_ALREADY_REVERSED'), 'ok']);
  });

  test('a reversed refund is still listed, and the planner may then refund again', async () => {
    const transaction = await storedTransaction();
    const plan = refusingPriorRefunds(planFullRefund());
    const first = await store().insertRefund(TENANT, transaction.id, plan);
    await expectTaxError(store().insertRefund(TENANT, transaction.id, plan), 'TRANSACTION_FULLY_REFUNDED');
    const reversed = await store().reverseRefund(TENANT, first.id, planReversal());
    const second = await store().insertRefund(TENANT, transaction.id, plan);
    expect(await allRefunds(store(), TENANT, transaction.id)).toStrictEqual([reversed, second]);
  });

  test('a refund of a deleted transaction can still be read and reversed', async () => {
    const transaction = await storedTransaction();
    const refund = await store().insertRefund(TENANT, transaction.id, () =>
      makeRefund({ transactionId: transaction.id }),
    );
    await store().deleteTransaction(TENANT, transaction.id, AT);
    expect(await store().getRefund(TENANT, refund.id)).toStrictEqual(refund);
    const reversed = await store().reverseRefund(TENANT, refund.id, (current, parent) => {
      expect(parent).toStrictEqual({ ...transaction, deletedAt: AT });
      return planReversal()(current, parent);
    });
    expect(reversed.reversalId).toBeDefined();
  });
}
