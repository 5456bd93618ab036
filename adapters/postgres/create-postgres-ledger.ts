import {
  calculationRecorded,
  duplicateOrder,
  idTaken,
  plannedForOther,
  refundNotFound,
  transactionNotFound,
} from '../../src/ports/store-errors.ts';
import type { Refund, Tenant, Transaction } from '../../src/core/types.ts';
import type { StoreLedger } from '../../src/ports/store.ts';
import { applyRefund, remainingBalance, type LineBalance } from '../../src/core/ledger/remaining-balance.ts';
import type { PostgresRunner, Query } from './create-postgres-runner.ts';
import { callPlanner, uniqueViolation } from './postgres-errors.ts';
import { prepareLedgerReads } from './prepare-ledger-reads.ts';
import type { Statements } from './prepare-statements.ts';
import { createCalculationCodec } from '../shared/calculation-codec.ts';
import { createSaleGroups } from './create-sale-groups.ts';
import {
  calculationOf,
  calculationRow,
  keyOf,
  recordOf,
  recordsOf,
  refundRow,
  reversalRow,
  tenantOf,
  transactionRow,
} from './record-rows.ts';

/**
 * The PostgreSQL store's ledger. Uniqueness rests on the unique indexes, which hold across
 * every instance on the database. A refund or a reversal first locks its transaction's row
 * (`SELECT … FOR UPDATE`), so the planner sees every refund committed before it and no other
 * instance can add one until this one commits: concurrent partial refunds never exceed what
 * remains. Both take the transaction lock first, then the refund's, so they never deadlock.
 */
export function createPostgresLedger(run: PostgresRunner, s: Statements): StoreLedger {
  const reads = prepareLedgerReads(run);
  const key = (tenant: Tenant, id: string) => ({ ...tenantOf(tenant), id: keyOf(id) });
  const codec = createCalculationCodec();
  // A sale alone: the check and the insert in one statement.
  const saleGroups = createSaleGroups(run, s, async (tenant, only) => {
    const inserted = await run.write(s.insertUnrecordedTransaction, transactionRow(tenant, only), (index) =>
      clashError(index, only),
    );
    if (inserted.rowCount === 0) throw calculationRecorded(only.calculationId);
  });

  return {
    async insertCalculation(tenant, calculation) {
      await run.write(s.insertCalculation, calculationRow(tenant, calculation, codec), () =>
        idTaken('calculation', calculation.id),
      );
    },
    async getCalculation(tenant, id) {
      return calculationOf((await run.read(s.getCalculation, key(tenant, id))).rows, codec);
    },

    async insertTransactions(tenant, batch) {
      const [only] = batch;
      if (batch.length === 1 && only !== undefined) {
        // The common case, a sale of its own: committed with the others of its turn.
        await saleGroups(tenant, only);
        return;
      }
      await run.transaction(async (query) => {
        // Before any insert: the order and the fee of one platform calculation share its id,
        // so a calculation recorded as either type is recorded.
        for (const calculationId of new Set(batch.map((transaction) => transaction.calculationId))) {
          const found = await query(s.findByCalculation, { ...tenantOf(tenant), calculationId: keyOf(calculationId) });
          if (found.rowCount !== 0) throw calculationRecorded(calculationId);
        }
        for (const transaction of batch) await insertTransaction(query, s, tenant, transaction);
      });
    },
    async getTransaction(tenant, id) {
      return recordOf<Transaction>((await run.read(s.getLiveTransaction, key(tenant, id))).rows);
    },
    deleteTransaction: (tenant, id, at) =>
      run.transaction(async (query) => {
        const transaction = recordOf<Transaction>((await query(s.lockLiveTransaction, key(tenant, id))).rows);
        if (transaction === undefined) return undefined;
        const deleted: Transaction = { ...transaction, deletedAt: at };
        await query(s.deleteTransaction, { ...key(tenant, id), deletedAt: at, body: JSON.stringify(deleted) });
        return deleted;
      }),

    insertRefund: (tenant, transactionId, plan) =>
      run.transaction(async (query) => {
        const found = (await query(s.lockLiveTransactionBalance, key(tenant, transactionId))).rows[0] as
          { body: string; remaining: string | null } | undefined;
        if (found === undefined) throw transactionNotFound(transactionId);
        const transaction = JSON.parse(found.body) as Transaction;
        const remaining = await balanceOf(query, s, tenant, transaction, found.remaining);
        const refund = callPlanner(() => plan(transaction, JSON.parse(remaining) as LineBalance[]));
        if (refund.transactionId !== transactionId) throw plannedForOther('refund', transactionId);
        const row = refundRow(tenant, refund);
        try {
          await query(s.insertRefund, row);
        } catch (error) {
          throw clashOf(error) === undefined ? error : idTaken('refund', refund.id);
        }
        // The stored form, so the caller sees exactly what a later read returns.
        const stored = JSON.parse(row.body as string) as Refund;
        if (stored.reversedAt === undefined) {
          const next = applyRefund(JSON.parse(remaining) as LineBalance[], stored, 'take');
          await query(s.setRemaining, { ...key(tenant, transactionId), remaining: JSON.stringify(next) });
        }
        return stored;
      }),
    async getRefund(tenant, id) {
      return recordOf<Refund>((await run.read(s.getRefund, key(tenant, id))).rows);
    },
    async listRefunds(tenant, transactionId, options) {
      const limit = clampLimit(options.limit);
      const values = { ...tenantOf(tenant), transactionId: keyOf(transactionId), limit: limit + 1 };
      const { rows } =
        options.after === undefined
          ? await run.read(s.listRefundsFirst, values)
          : await run.read(s.listRefundsAfter, { ...values, after: keyOf(options.after) });
      const items = recordsOf<Refund>(rows);
      return { items: items.slice(0, limit), hasMore: items.length > limit };
    },

    reverseRefund: (tenant, refundId, plan) =>
      run.transaction(async (query) => {
        const seen = recordOf<Refund>((await query(s.getRefund, key(tenant, refundId))).rows);
        if (seen === undefined) throw refundNotFound(refundId);
        // A deleted transaction still exists for audit; whether its refunds may be reversed is
        // the planner's call, not the store's.
        const transaction = recordOf<Transaction>(
          (await query(s.lockAnyTransaction, key(tenant, seen.transactionId))).rows,
        );
        if (transaction === undefined) throw transactionNotFound(seen.transactionId);
        // Read again under the lock: another instance may have reversed it meanwhile.
        const locked = (await query(s.lockRefund, key(tenant, refundId))).rows;
        const refund = recordOf<Refund>(locked);
        if (refund === undefined) throw refundNotFound(refundId);
        // The balance before this reversal, read before the planner sees (and may change) the
        // transaction; the transaction's row lock is held.
        const kept = (await query(s.getTransactionBalance, key(tenant, seen.transactionId))).rows[0] as
          { remaining: string | null } | undefined;
        const remaining = await balanceOf(query, s, tenant, transaction, kept?.remaining ?? null);
        const reversal = callPlanner(() => plan(refund, transaction));
        if (reversal.refundId !== refundId) throw plannedForOther('reversal', refundId);
        try {
          await query(s.insertReversal, reversalRow(tenant, reversal));
        } catch (error) {
          throw clashOf(error) === undefined ? error : idTaken('refund reversal', reversal.id);
        }
        // From the row again, not from `refund`: the planner may have changed the object it got.
        const reversed: Refund = {
          ...(recordOf<Refund>(locked) as Refund),
          reversedAt: reversal.createdAt,
          reversalId: reversal.id,
        };
        await query(s.markRefundReversed, {
          ...key(tenant, refundId),
          reversedAt: reversal.createdAt,
          reversalId: keyOf(reversal.id),
          body: JSON.stringify(reversed),
        });
        const before = recordOf<Refund>(locked) as Refund;
        if (before.reversedAt === undefined) {
          const next = applyRefund(JSON.parse(remaining) as LineBalance[], before, 'give back');
          await query(s.setRemaining, { ...key(tenant, before.transactionId), remaining: JSON.stringify(next) });
        }
        return reversed;
      }),

    listTransactions: (tenant, query) => reads.listTransactions(tenant, query),
    listRefundsProcessed: (tenant, query) => reads.listRefundsProcessed(tenant, query),
    listRefundsReversed: (tenant, query) => reads.listRefundsReversed(tenant, query),
  };
}

/**
 * A transaction's running refund balance as JSON text (so the planner and the update each parse
 * their own copy): kept in `remaining`, or worked out from its refunds when the row has none.
 */
async function balanceOf(
  query: Query,
  s: Statements,
  tenant: Tenant,
  transaction: Transaction,
  remaining: string | null,
): Promise<string> {
  if (remaining !== null) return remaining;
  const { rows } = await query(s.listRefunds, { ...tenantOf(tenant), transactionId: keyOf(transaction.id) });
  return JSON.stringify(remainingBalance(transaction, recordsOf<Refund>(rows)));
}

/** 1..100 as the port says; NaN counts as the smallest page rather than an error. */
function clampLimit(limit: number): number {
  const whole = Math.trunc(limit);
  if (!(whole >= 1)) return 1;
  return Math.min(whole, 100);
}

/** Inserts one transaction, naming the unique index it clashes with as the port's error. */
async function insertTransaction(query: Query, s: Statements, tenant: Tenant, transaction: Transaction) {
  try {
    await query(s.insertTransaction, transactionRow(tenant, transaction));
  } catch (error) {
    const clash = clashOf(error);
    throw clash === undefined ? error : clashError(clash, transaction);
  }
}

/** The port's error for a transaction insert that clashed with the unique index `index`. */
function clashError(index: string, transaction: Transaction) {
  if (index === 'transactions_reference_order_unique') return duplicateOrder(transaction);
  if (index === 'transactions_calculation_unique') return calculationRecorded(transaction.calculationId);
  // Ids come from the engine's id source: a taken one is not the caller's duplicate.
  return idTaken('transaction', transaction.id);
}

/** The unique index a failed insert clashed with, or `undefined` when it failed otherwise. */
function clashOf(error: unknown): string | undefined {
  return uniqueViolation(error);
}
