import type Database from 'better-sqlite3';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { calculations, refundReversals, refunds, transactions } from './schema.ts';
import { bound, prepareInsert, tenantIs } from './statement-parts.ts';

const p = sql.placeholder;

/**
 * The statements of the ledger (calculations, transactions, refunds, reversals), prepared once
 * per store. Reads select only `body`, the whole record as JSON.
 */
export function prepareLedgerStatements(db: BetterSQLite3Database, client: Database.Database) {
  return {
    /** Housekeeping, across tenants; served by the calculations_expires_at index. */
    deleteCalculationsExpiredBefore: db
      .delete(calculations)
      .where(lt(calculations.expiresAt, p('before')))
      .prepare(),
    /** The same, at most `limit` rows: one short write transaction per batch of a sweep. */
    deleteSomeCalculationsExpiredBefore: db
      .delete(calculations)
      .where(
        sql`(${calculations.accountId}, ${calculations.mode}, ${calculations.id}) IN (SELECT ${calculations.accountId}, ${calculations.mode}, ${calculations.id} FROM ${calculations} WHERE ${calculations.expiresAt} < ${p('before')} LIMIT ${p('limit')})`,
      )
      .prepare(),

    insertTransaction: prepareInsert(client, transactions),
    getLiveTransaction: db
      .select({ body: transactions.body })
      .from(transactions)
      .where(and(tenantIs(transactions), eq(transactions.id, p('id')), isNull(transactions.deletedAt)))
      .prepare(),
    /** Deleted ones too: a reversal planner still gets the transaction a refund belongs to. */
    getAnyTransaction: db
      .select({ body: transactions.body })
      .from(transactions)
      .where(and(tenantIs(transactions), eq(transactions.id, p('id'))))
      .prepare(),
    /**
     * Whether the tenant recorded the calculation, as any type: the check before each sale.
     * The driver's statement with positional parameters, as the insert after it: drizzle's
     * placeholder mapping cost this probe more than the probe itself (18k against 11k
     * instructions). `get()` stops at the first row; no `LIMIT`, which drizzle would bind as a
     * parameter, and SQLite prepares a statement whose plan depends on a bound limit again on
     * every run.
     */
    findByCalculation: client
      .prepare<[accountId: string, mode: string, calculationId: string], 1>(
        'SELECT 1 FROM transactions WHERE account_id = ? AND mode = ? AND calculation_id = ?',
      )
      .pluck() as Database.Statement<[accountId: string, mode: string, calculationId: string], 1>,
    replaceTransaction: db
      .update(transactions)
      .set({ deletedAt: bound('deletedAt'), body: bound('body') })
      .where(and(tenantIs(transactions), eq(transactions.id, p('id'))))
      .prepare(),

    insertRefund: prepareInsert(client, refunds),
    getRefund: db
      .select({ body: refunds.body })
      .from(refunds)
      .where(and(tenantIs(refunds), eq(refunds.id, p('id'))))
      .prepare(),
    /** Every refund of a transaction: only to compute a balance kept before `remaining` existed. */
    listRefunds: db
      .select({ body: refunds.body })
      .from(refunds)
      .where(and(tenantIs(refunds), eq(refunds.transactionId, p('transactionId'))))
      .orderBy(asc(refunds.seq))
      .prepare(),
    /** One page in creation order, `limit` + 1 rows to tell whether there is more. */
    listRefundsFirst: db
      .select({ body: refunds.body })
      .from(refunds)
      .where(and(tenantIs(refunds), eq(refunds.transactionId, p('transactionId'))))
      .orderBy(asc(refunds.seq))
      .limit(p('limit'))
      .prepare(),
    /** The page after refund `after` of the same transaction; an unknown `after` gives none. */
    listRefundsAfter: db
      .select({ body: refunds.body })
      .from(refunds)
      .where(
        and(
          tenantIs(refunds),
          eq(refunds.transactionId, p('transactionId')),
          sql`${refunds.seq} > (SELECT r.seq FROM ${refunds} AS r WHERE r.account_id = ${p('accountId')} AND r.mode = ${p('mode')} AND r.transaction_id = ${p('transactionId')} AND r.id = ${p('after')})`,
        ),
      )
      .orderBy(asc(refunds.seq))
      .limit(p('limit'))
      .prepare(),
    getLiveTransactionBalance: db
      .select({ body: transactions.body, remaining: transactions.remaining })
      .from(transactions)
      .where(and(tenantIs(transactions), eq(transactions.id, p('id')), isNull(transactions.deletedAt)))
      .prepare(),
    getAnyTransactionBalance: db
      .select({ remaining: transactions.remaining })
      .from(transactions)
      .where(and(tenantIs(transactions), eq(transactions.id, p('id'))))
      .prepare(),
    setRemaining: db
      .update(transactions)
      .set({ remaining: bound('remaining') })
      .where(and(tenantIs(transactions), eq(transactions.id, p('id'))))
      .prepare(),
    replaceRefund: db
      .update(refunds)
      .set({ reversedAt: bound('reversedAt'), reversalId: bound('reversalId'), body: bound('body') })
      .where(and(tenantIs(refunds), eq(refunds.id, p('id'))))
      .prepare(),

    insertReversal: prepareInsert(client, refundReversals),
  };
}

/** What {@link prepareLedgerStatements} returns. */
export type LedgerStatements = ReturnType<typeof prepareLedgerStatements>;
