import type { Pool, PoolClient, QueryResult } from 'pg';
import type { TaxError } from '../../src/core/errors.ts';
import {
  isConnectionFailure,
  isRaceLost,
  PlannerFailure,
  storageUnavailable,
  toStoreError,
  uniqueViolation,
} from './postgres-errors.ts';
import { bind, type Statement, type Values } from './statement-parts.ts';

/** Runs one prepared statement on the connection of the transaction it is given to. */
export type Query = (statement: Statement, values: Values) => Promise<QueryResult>;

/** How the adapter talks to the pool: every call retries what is safe and nothing else. */
export interface PostgresRunner {
  /** A read outside a transaction. Reads are always safe to run again, so any connection failure is retried. */
  read(statement: Statement, values: Values): Promise<QueryResult>;
  /**
   * One statement on its own (auto-commit). Retried only when no connection could be had:
   * once it was sent, a lost connection leaves it unknown whether it committed. A unique
   * violation becomes what `clash` makes of the index's name.
   */
  write(statement: Statement, values: Values, clash?: (index: string) => TaxError): Promise<QueryResult>;
  /**
   * `work` inside BEGIN … COMMIT on one connection. Run again from the start when another
   * transaction won a race (serialization failure, deadlock) or the connection was lost before
   * COMMIT went out (PostgreSQL rolls back a transaction whose connection closes). A connection
   * lost during COMMIT is not retried: the outcome is unknown, so it is STORAGE_UNAVAILABLE.
   * `work` may therefore run more than once; it must only read and write through `query`.
   */
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T>;
  /** A connection of the pool for `work`, released after (destroyed when it broke). */
  withClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T>;
  /** After this, every call rejects with STORAGE_UNAVAILABLE. Ends the pool when the store made it. */
  close(): Promise<void>;
}

export interface RunnerOptions {
  readonly pool: Pool;
  /** Whether `close()` ends the pool (the store made it) or leaves it to its owner. */
  readonly ownsPool: boolean;
  /** For how long connection failures and lost races are retried before giving up. */
  readonly retryForMs: number;
}

/** Attempts after a lost race; each one waits a little longer, with jitter, so racers spread out. */
const MAX_RACE_ATTEMPTS = 8;

/** Swallows `error` events of a checked-out client: the failing query rejects with the same error. */
const ignore = () => undefined;

/**
 * The PostgreSQL store's connection handling. Every failure comes out as a `TaxError`: the
 * port's own errors and planner errors as they are, everything else STORAGE_UNAVAILABLE (503)
 * after the retries that are safe, never a hang (the pool's connect timeout and the server's
 * statement timeout bound every wait).
 */
export function createPostgresRunner({ pool, ownsPool, retryForMs }: RunnerOptions): PostgresRunner {
  let closed = false;

  const closedError = () => storageUnavailable(new Error('the store is closed'));

  /** A connection, retrying while the server cannot be reached, until `deadline`. */
  async function acquire(deadline: number): Promise<PoolClient> {
    for (let attempt = 0; ; attempt += 1) {
      if (closed) throw closedError();
      try {
        const client = await pool.connect();
        client.on('error', ignore);
        return client;
      } catch (error) {
        if (!isConnectionFailure(error)) throw error;
        await pauseOrGiveUp(error, attempt, deadline);
      }
    }
  }

  function release(client: PoolClient, broken: unknown): void {
    client.removeListener('error', ignore);
    // A broken connection is destroyed rather than handed to the next caller.
    client.release(broken === undefined ? undefined : (broken as Error));
  }

  async function read(statement: Statement, values: Values): Promise<QueryResult> {
    const deadline = Date.now() + retryForMs;
    try {
      for (let attempt = 0; ; attempt += 1) {
        const client = await acquire(deadline);
        try {
          const result = await client.query({
            name: statement.name,
            text: statement.text,
            values: bind(statement, values),
          });
          release(client, undefined);
          return result;
        } catch (error) {
          release(client, isConnectionFailure(error) ? error : undefined);
          if (!isConnectionFailure(error)) throw error;
          await pauseOrGiveUp(error, attempt, deadline);
        }
      }
    } catch (error) {
      throw toStoreError(error);
    }
  }

  async function write(
    statement: Statement,
    values: Values,
    clash?: (index: string) => TaxError,
  ): Promise<QueryResult> {
    try {
      const client = await acquire(Date.now() + retryForMs);
      try {
        const result = await client.query({
          name: statement.name,
          text: statement.text,
          values: bind(statement, values),
        });
        release(client, undefined);
        return result;
      } catch (error) {
        release(client, isConnectionFailure(error) ? error : undefined);
        const index = uniqueViolation(error);
        throw index !== undefined && clash !== undefined ? clash(index) : error;
      }
    } catch (error) {
      throw toStoreError(error);
    }
  }

  async function transaction<T>(work: (query: Query) => Promise<T>): Promise<T> {
    const deadline = Date.now() + retryForMs;
    try {
      for (let attempt = 0; ; attempt += 1) {
        const client = await acquire(deadline);
        let committing = false;
        try {
          await client.query('BEGIN');
          const result = await work((statement, values) =>
            client.query({ name: statement.name, text: statement.text, values: bind(statement, values) }),
          );
          committing = true;
          await client.query('COMMIT');
          release(client, undefined);
          return result;
        } catch (error) {
          const broken = isConnectionFailure(error) ? error : await rollback(client);
          release(client, broken);
          if (error instanceof PlannerFailure) throw error;
          if (committing && broken !== undefined) {
            throw storageUnavailable(
              error,
              'The connection to PostgreSQL was lost during COMMIT; the write may or may not have happened',
            );
          }
          const retry = isRaceLost(error) ? attempt + 1 < MAX_RACE_ATTEMPTS : isConnectionFailure(error);
          if (!retry) throw error;
          await pauseOrGiveUp(error, attempt, isRaceLost(error) ? Number.POSITIVE_INFINITY : deadline);
        }
      }
    } catch (error) {
      throw toStoreError(error);
    }
  }

  async function withClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await acquire(Date.now() + retryForMs).catch((error: unknown) => {
      throw toStoreError(error);
    });
    try {
      const result = await work(client);
      release(client, undefined);
      return result;
    } catch (error) {
      release(client, isConnectionFailure(error) ? error : undefined);
      throw toStoreError(error);
    }
  }

  return {
    read,
    write,
    transaction,
    withClient,
    async close() {
      if (closed) return;
      closed = true;
      if (ownsPool) await pool.end();
    },
  };
}

/** Rolls back after a failed statement; returns the error when the connection turned out broken. */
async function rollback(client: PoolClient): Promise<unknown> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    return error;
  }
}

/** Waits before the next attempt (exponential, jittered, 10 ms to 250 ms), or rethrows when `deadline` would pass. */
async function pauseOrGiveUp(error: unknown, attempt: number, deadline: number): Promise<void> {
  const pause = Math.min(250, 10 * 2 ** attempt) * (0.5 + Math.random());
  if (Date.now() + pause > deadline) throw error;
  await new Promise((resolve) => setTimeout(resolve, pause));
}
