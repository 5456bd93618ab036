import Database from 'better-sqlite3';
import { isTaxError, TaxError } from '../../src/core/errors.ts';

/**
 * Carries what a planner threw out through the write transaction (which rolls back on the
 * way), so it reaches the caller as it was instead of being taken for a driver failure.
 */
class PlannerFailure {
  constructor(readonly thrown: unknown) {}
}

/** Calls a planner or an update callback; whatever it throws propagates unchanged. */
export function callPlanner<T>(plan: () => T): T {
  try {
    return plan();
  } catch (thrown) {
    throw new PlannerFailure(thrown);
  }
}

/**
 * Runs one store call, synchronous inside, as a promise. A planner's error and a `TaxError`
 * pass through; anything else the driver threw (a locked or full disk, a closed connection,
 * a corrupt row) becomes STORAGE_UNAVAILABLE with the original as `cause`.
 */
export function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (thrown) {
    return Promise.reject(toStoreError(thrown));
  }
}

/**
 * Runs one store call that finishes at once, as {@link settle} does but without the promise:
 * its result is returned and its failure thrown, mapped the same way. For the calculation
 * insert, which TaxStore lets answer synchronously.
 */
export function settleNow<T>(work: () => T): T {
  try {
    return work();
  } catch (thrown) {
    throw toStoreError(thrown);
  }
}

/** What a caller gets for what a store call threw: see {@link settle}. */
export function toStoreError(thrown: unknown): unknown {
  if (thrown instanceof PlannerFailure) return thrown.thrown;
  if (isTaxError(thrown)) return thrown;
  const reason = thrown instanceof Error ? thrown.message : String(thrown);
  return new TaxError('STORAGE_UNAVAILABLE', `The SQLite store failed: ${reason}`, { cause: thrown });
}

/**
 * The columns of the unique index `thrown` violates, as SQLite names them
 * (`"transactions.account_id, transactions.mode, transactions.reference_order_id, …"`), or
 * `undefined` when it is not a unique violation. Primary keys are a different code on purpose:
 * ids come from the engine, so a clash there is a fault, not a duplicate.
 */
export function uniqueViolation(thrown: unknown): string | undefined {
  if (!(thrown instanceof Database.SqliteError) || thrown.code !== 'SQLITE_CONSTRAINT_UNIQUE') {
    return undefined;
  }
  return thrown.message.replace(/^UNIQUE constraint failed: /, '');
}
