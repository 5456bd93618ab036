import {
  calculationRecorded,
  duplicateOrder,
  plannedForOther,
  refundNotFound,
  transactionNotFound,
} from '../../src/ports/store-errors.ts';
import type { Refund, Tenant, Transaction } from '../../src/core/types.ts';
import type { RefundPlanner, ReversalPlanner, StoreLedger, TaxStore } from '../../src/ports/store.ts';
import type { LedgerReads } from './prepare-ledger-reads.ts';
import type { LedgerStatements } from './prepare-ledger-statements.ts';
import type { CommitQueue } from './create-commit-queue.ts';
import type { QuoteWriter } from './create-quote-writer.ts';
import { recordOf, refundRow, reversalRow, tenantOf, transactionRow } from './record-rows.ts';
import { callPlanner, settle, settleNow, uniqueViolation } from './sqlite-errors.ts';
import { clampLimit } from './create-sqlite-directory.ts';
import { applyRefund, remainingBalance, type LineBalance } from '../../src/core/ledger/remaining-balance.ts';

/**
 * The SQLite store's ledger. Every check-then-write runs in one `BEGIN IMMEDIATE` transaction,
 * which takes the write lock up front: another connection, in this process or another, waits
 * (busy_timeout) rather than reading a state that is about to change. That transaction is the
 * group commit's: sales, refunds and reversals go through it (`create-commit-queue.ts`: several writes, one fsync); calculations through the
 * quote writer (`create-quote-writer.ts`: batches without an fsync of their own).
 */
export function createSqliteLedger(
  s: LedgerStatements,
  reads: LedgerReads,
  quotes: QuoteWriter,
  commits: CommitQueue,
): StoreLedger & Pick<TaxStore, 'deleteCalculationsExpiredBefore'> {
  // Durable writes share group commits: each is acknowledged after the fsync of its group. The
  // group's BEGIN IMMEDIATE transaction is the write's transaction (and a savepoint of its own
  // when it shares the group), so the work below runs as plain functions inside it: a
  // transaction of their own would only nest one more savepoint.
  const durably = <R>(work: () => R) => commits.commit(work);

  const recordTransactions = (tenant: Tenant, batch: readonly Transaction[]) => {
    // Before any insert: the order and the fee of one platform calculation share its id.
    for (const { calculationId } of batch) {
      if (s.findByCalculation.get(tenant.accountId, tenant.mode, calculationId) !== undefined) {
        throw calculationRecorded(calculationId);
      }
    }
    for (const transaction of batch) insertTransaction(s, tenant, transaction);
  };

  const removeTransaction = (tenant: Tenant, id: string, at: number) => {
    const transaction = recordOf<Transaction>(s.getLiveTransaction.get({ ...tenantOf(tenant), id }));
    if (transaction === undefined) return undefined;
    const deleted: Transaction = { ...transaction, deletedAt: at };
    s.replaceTransaction.run({ ...tenantOf(tenant), id, deletedAt: at, body: JSON.stringify(deleted) });
    return deleted;
  };

  /**
   * The transaction's running balance as JSON: kept in `remaining`, or worked out from the
   * refunds for a row written before that column existed. Text, so that the planner and the
   * update each get their own copy.
   */
  const balanceOf = (tenant: Tenant, transaction: Transaction, remaining: string | null): string => {
    if (remaining !== null) return remaining;
    const prior = s.listRefunds
      .all({ ...tenantOf(tenant), transactionId: transaction.id })
      .map((row) => JSON.parse(row.body) as Refund);
    return JSON.stringify(remainingBalance(transaction, prior));
  };
  const parseBalance = (text: string) => JSON.parse(text) as LineBalance[];

  const recordRefund = (tenant: Tenant, transactionId: string, plan: RefundPlanner) => {
    const key = tenantOf(tenant);
    const found = s.getLiveTransactionBalance.get({ ...key, id: transactionId });
    if (found === undefined) throw transactionNotFound(transactionId);
    const transaction = JSON.parse(found.body) as Transaction;
    const remaining = balanceOf(tenant, transaction, found.remaining);
    const refund = callPlanner(() => plan(transaction, parseBalance(remaining)));
    if (refund.transactionId !== transactionId) throw plannedForOther('refund', transactionId);
    const row = refundRow(tenant, refund);
    s.insertRefund.run(row);
    // The stored form, so the caller sees exactly what a later read returns.
    const stored = JSON.parse(row.body) as Refund;
    if (stored.reversedAt === undefined) {
      const next = JSON.stringify(applyRefund(parseBalance(remaining), stored, 'take'));
      s.setRemaining.run({ ...key, id: transactionId, remaining: next });
    }
    return stored;
  };

  const recordReversal = (tenant: Tenant, refundId: string, plan: ReversalPlanner) => {
    const key = tenantOf(tenant);
    const row = s.getRefund.get({ ...key, id: refundId });
    if (row === undefined) throw refundNotFound(refundId);
    const refund = JSON.parse(row.body) as Refund;
    // A deleted transaction still exists for audit; whether its refunds may be reversed is
    // the planner's call, not the store's.
    const transaction = recordOf<Transaction>(s.getAnyTransaction.get({ ...key, id: refund.transactionId }));
    if (transaction === undefined) throw transactionNotFound(refund.transactionId);
    // The balance before this reversal, taken before the planner sees (and may change) the
    // transaction; an older row works it out from the refunds, this one still counted.
    const kept = s.getAnyTransactionBalance.get({ ...key, id: refund.transactionId })?.remaining ?? null;
    const remaining = balanceOf(tenant, transaction, kept);
    const reversal = callPlanner(() => plan(refund, transaction));
    if (reversal.refundId !== refundId) throw plannedForOther('reversal', refundId);
    s.insertReversal.run(reversalRow(tenant, reversal));
    // From the row again, not from `refund`: the planner may have changed the object it got.
    const reversed: Refund = {
      ...(JSON.parse(row.body) as Refund),
      reversedAt: reversal.createdAt,
      reversalId: reversal.id,
    };
    const { reversedAt, reversalId } = reversed;
    const before = JSON.parse(row.body) as Refund;
    s.replaceRefund.run({ ...key, id: refundId, reversedAt, reversalId, body: JSON.stringify(reversed) });
    if (before.reversedAt === undefined) {
      const next = JSON.stringify(applyRefund(parseBalance(remaining), before, 'give back'));
      s.setRemaining.run({ ...key, id: refund.transactionId, remaining: next });
    }
    return reversed;
  };

  return {
    // Synchronous: the calculation is queued (readable at once) before it returns.
    insertCalculation: (tenant, calculation, options) =>
      settleNow(() => quotes.insert(tenant, calculation, options?.randomId === true)),
    deleteCalculationsExpiredBefore: (before, limit) =>
      settle(() => {
        quotes.flush();
        return limit === undefined
          ? s.deleteCalculationsExpiredBefore.run({ before }).changes
          : s.deleteSomeCalculationsExpiredBefore.run({ before, limit: Math.max(0, Math.floor(limit)) }).changes;
      }),
    getCalculation: (tenant, id) => settle(() => quotes.get(tenant, id)),
    insertTransactions: (tenant, transactions) => durably(() => recordTransactions(tenant, transactions)),
    getTransaction: (tenant, id) =>
      settle(() => recordOf<Transaction>(s.getLiveTransaction.get({ ...tenantOf(tenant), id }))),
    deleteTransaction: (tenant, id, at) => durably(() => removeTransaction(tenant, id, at)),
    insertRefund: (tenant, transactionId, plan) => durably(() => recordRefund(tenant, transactionId, plan)),
    getRefund: (tenant, id) => settle(() => recordOf<Refund>(s.getRefund.get({ ...tenantOf(tenant), id }))),
    listRefunds: (tenant, transactionId, options) =>
      settle(() => {
        const limit = clampLimit(options.limit);
        const query = { ...tenantOf(tenant), transactionId, limit: limit + 1 };
        const rows =
          options.after === undefined
            ? s.listRefundsFirst.all(query)
            : s.listRefundsAfter.all({ ...query, after: options.after });
        return {
          items: rows.slice(0, limit).map((row) => JSON.parse(row.body) as Refund),
          hasMore: rows.length > limit,
        };
      }),
    reverseRefund: (tenant, refundId, plan) => durably(() => recordReversal(tenant, refundId, plan)),
    listTransactions: (tenant, query) => settle(() => reads.listTransactions(tenant, query)),
    listRefundsProcessed: (tenant, query) => settle(() => reads.listRefundsProcessed(tenant, query)),
    listRefundsReversed: (tenant, query) => settle(() => reads.listRefundsReversed(tenant, query)),
  };
}

/** Inserts one transaction, naming the unique index it clashes with as the port's error. */
function insertTransaction(s: LedgerStatements, tenant: Tenant, transaction: Transaction): void {
  try {
    s.insertTransaction.run(transactionRow(tenant, transaction));
  } catch (thrown) {
    const clash = uniqueViolation(thrown);
    if (clash?.includes('.reference_order_id')) throw duplicateOrder(transaction);
    if (clash?.includes('.calculation_id')) throw calculationRecorded(transaction.calculationId);
    throw thrown;
  }
}
