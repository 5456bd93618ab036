import type Database from 'better-sqlite3';

/**
 * Wraps `work` once in a better-sqlite3 transaction that runs as `BEGIN IMMEDIATE`: the write
 * lock is taken up front, so another connection (in this process or another) waits for it
 * (busy_timeout) instead of reading a state that is about to change. `work` is synchronous,
 * as better-sqlite3 transactions must be; if it throws, everything it wrote is rolled back.
 */
export function writeTransaction<A extends unknown[], R>(
  client: Database.Database,
  work: (...args: A) => R,
): (...args: A) => R {
  const transaction = client.transaction(work);
  return (...args: A): R => transaction.immediate(...args);
}
