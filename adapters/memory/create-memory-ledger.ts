import {
  calculationRecorded,
  duplicateOrder,
  idTaken,
  plannedForOther,
  refundNotFound,
  transactionNotFound,
} from '../../src/ports/store-errors.ts';
import { applyRefund, openingBalance } from '../../src/core/ledger/remaining-balance.ts';
import { copyRecord } from './copy-record.ts';
import { clampLimit } from './page-of.ts';
import type { Refund, Tenant, Transaction } from '../../src/core/types.ts';
import type { StoreLedger } from '../../src/ports/store.ts';
import { transactionKind } from '../../src/ports/transaction-kind.ts';
import { ledgerPage } from './ledger-page.ts';
import type { TenantRecords } from './tenant-records.ts';
import type { CalculationKeeper } from './create-calculation-keeper.ts';

/**
 * The memory store's ledger. Every method but `insertCalculation` (which the port lets answer
 * at once) is `async` for the port, and all do their work synchronously, so no other call can run between a check and the write it guards.
 * Records are copied on the way in and on the way out; calculations are kept as encoded
 * records (`calculation-codec.ts`), which are copies by construction.
 */
export function createMemoryLedger(
  recordsOf: (tenant: Tenant) => TenantRecords,
  calculations: CalculationKeeper,
): StoreLedger {
  return {
    // Synchronous: the calculation is kept before it returns (TaxStore.insertCalculation).
    insertCalculation(tenant, calculation, options) {
      recordsOf(tenant); // throws STORAGE_UNAVAILABLE once the store is closed
      calculations.insert(tenant, calculation, options?.randomId === true);
    },

    async getCalculation(tenant, id) {
      recordsOf(tenant); // as above
      return calculations.get(tenant, id);
    },

    async insertTransactions(tenant, transactions) {
      const records = recordsOf(tenant);
      checkTransactions(records, transactions);
      for (const transaction of transactions) {
        const stored = copyRecord(transaction);
        records.transactions.set(stored.id, stored);
        records.recordedCalculations.add(stored.calculationId);
        if (stored.deletedAt === undefined) records.liveOrders.set(orderKey(stored), stored.id);
      }
    },

    async getTransaction(tenant, id) {
      return copyOf(liveTransaction(recordsOf(tenant), id));
    },

    async deleteTransaction(tenant, id, at) {
      const records = recordsOf(tenant);
      const transaction = liveTransaction(records, id);
      if (transaction === undefined) return undefined;
      const deleted: Transaction = { ...transaction, deletedAt: at };
      records.transactions.set(id, deleted);
      records.liveOrders.delete(orderKey(transaction));
      return copyRecord(deleted);
    },

    async insertRefund(tenant, transactionId, plan) {
      const records = recordsOf(tenant);
      const transaction = liveTransaction(records, transactionId);
      if (transaction === undefined) throw transactionNotFound(transactionId);
      const remaining = records.balances.get(transactionId) ?? openingBalance(transaction);
      const refund = plan(copyRecord(transaction), copyRecord(remaining));
      if (refund.transactionId !== transactionId) throw plannedForOther('refund', transactionId);
      if (records.refunds.has(refund.id)) throw idTaken('refund', refund.id);
      const stored = copyRecord(refund);
      records.refunds.set(refund.id, stored);
      const ids = records.refundIdsByTransaction.get(transactionId);
      if (ids === undefined) records.refundIdsByTransaction.set(transactionId, [refund.id]);
      else ids.push(refund.id);
      if (stored.reversedAt === undefined) records.balances.set(transactionId, applyRefund(remaining, stored, 'take'));
      return copyRecord(refund);
    },

    async getRefund(tenant, id) {
      return copyOf(recordsOf(tenant).refunds.get(id));
    },

    async listRefunds(tenant, transactionId, options) {
      const records = recordsOf(tenant);
      const ids = records.refundIdsByTransaction.get(transactionId) ?? [];
      const start = options.after === undefined ? 0 : ids.indexOf(options.after) + 1;
      if (start === 0 && options.after !== undefined) return { items: [], hasMore: false };
      const end = start + clampLimit(options.limit);
      const items = ids.slice(start, end).flatMap((id) => {
        const refund = records.refunds.get(id);
        return refund === undefined ? [] : [copyRecord(refund)];
      });
      return { items, hasMore: end < ids.length };
    },

    async reverseRefund(tenant, refundId, plan) {
      const records = recordsOf(tenant);
      const refund = records.refunds.get(refundId);
      if (refund === undefined) throw refundNotFound(refundId);
      // A deleted transaction still exists for audit; whether its refunds may be reversed is
      // the planner's call, not the store's.
      const transaction = records.transactions.get(refund.transactionId);
      if (transaction === undefined) throw transactionNotFound(refund.transactionId);
      const reversal = plan(copyRecord(refund), copyRecord(transaction));
      if (reversal.refundId !== refundId) throw plannedForOther('reversal', refundId);
      if (records.reversals.has(reversal.id)) throw idTaken('refund reversal', reversal.id);
      const reversed: Refund = { ...refund, reversedAt: reversal.createdAt, reversalId: reversal.id };
      records.reversals.set(reversal.id, copyRecord(reversal));
      records.refunds.set(refundId, reversed);
      if (refund.reversedAt === undefined) {
        const remaining = records.balances.get(refund.transactionId) ?? openingBalance(transaction);
        records.balances.set(refund.transactionId, applyRefund(remaining, refund, 'give back'));
      }
      return copyRecord(reversed);
    },

    async listTransactions(tenant, query) {
      const records = recordsOf(tenant);
      const wanted = [...records.transactions.values()].filter(
        (transaction) =>
          transaction.deletedAt === undefined &&
          (query.kind === undefined || transactionKind(transaction) === query.kind) &&
          (query.customerId === undefined || transaction.customerId === query.customerId) &&
          (query.referenceOrderId === undefined || transaction.referenceOrderId === query.referenceOrderId),
      );
      return ledgerPage(
        wanted,
        (transaction) => transaction.processedAt,
        query,
        (id) => records.transactions.get(id),
      );
    },

    async listRefundsProcessed(tenant, query) {
      const { refunds } = recordsOf(tenant);
      return ledgerPage(
        refunds.values(),
        (refund) => refund.processedAt,
        query,
        (id) => refunds.get(id),
      );
    },

    async listRefundsReversed(tenant, query) {
      const { refunds } = recordsOf(tenant);
      return ledgerPage(
        refunds.values(),
        (refund) => refund.reversedAt,
        query,
        (id) => refunds.get(id),
      );
    },
  };
}

/**
 * Throws the error the SQLite store would for the first clash in `transactions`, checking
 * the same things in the same order: the id, the live reference order id, the calculation.
 */
function checkTransactions(records: TenantRecords, transactions: readonly Transaction[]): void {
  for (const { calculationId } of transactions) {
    if (records.recordedCalculations.has(calculationId)) throw calculationRecorded(calculationId);
  }
  const ids = new Set<string>();
  const orders = new Set<string>();
  const calculations = new Set<string>();
  for (const transaction of transactions) {
    const { id, calculationId, type } = transaction;
    if (records.transactions.has(id) || ids.has(id)) throw idTaken('transaction', id);
    const order = orderKey(transaction);
    const live = transaction.deletedAt === undefined;
    if (live && (records.liveOrders.has(order) || orders.has(order))) {
      throw duplicateOrder(transaction);
    }
    // One batch may hold an order and a fee of the same calculation, not two of one type.
    if (calculations.has(`${type}:${calculationId}`)) throw calculationRecorded(calculationId);
    ids.add(id);
    if (live) orders.add(order);
    calculations.add(`${type}:${calculationId}`);
  }
}

/** The key of `liveOrders`; `type` has no colon, so the pair cannot be confused. */
function orderKey(transaction: Transaction): string {
  return `${transaction.type}:${transaction.referenceOrderId}`;
}

function liveTransaction(records: TenantRecords, id: string): Transaction | undefined {
  const transaction = records.transactions.get(id);
  return transaction?.deletedAt === undefined ? transaction : undefined;
}

function copyOf<T>(record: T | undefined): T | undefined {
  return record === undefined ? undefined : copyRecord(record);
}
