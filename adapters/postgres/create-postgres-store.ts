import type pg from 'pg';
import { TaxError } from '../../src/core/errors.ts';
import type { TaxStore } from '../../src/ports/store.ts';
import { createCalculationSweep } from './create-calculation-sweep.ts';
import { createPostgresCertificates } from './create-postgres-certificates.ts';
import { createPostgresDirectory } from './create-postgres-directory.ts';
import { createPostgresLedger } from './create-postgres-ledger.ts';
import { createPostgresRegistrations } from './create-postgres-registrations.ts';
import { createPostgresExchangeRates } from './create-postgres-exchange-rates.ts';
import { createPostgresRates } from './create-postgres-rates.ts';
import { createPostgresRunner } from './create-postgres-runner.ts';
import { applyMigrations, createPool } from './open-postgres.ts';
import { storageUnavailable } from './postgres-errors.ts';
import { prepareStatements, type Statements } from './prepare-statements.ts';

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:5432/database`; the store makes and owns a pool for it. */
  readonly connectionString?: string;
  /**
   * A node-postgres pool of your own, instead of `connectionString`. The store borrows it and
   * `close()` leaves it open. Give it timeouts (see docs/postgres.md): the store's own
   * statement and connect timeouts apply only to a pool it makes.
   */
  readonly pool?: pg.Pool;
  /** Connections in the pool the store makes. Default 10. */
  readonly poolSize?: number;
  /**
   * A PostgreSQL schema (lower-case letters, digits, `_`) for the tables, created when missing;
   * default: the connection's own (usually `public`). Only with `connectionString`.
   */
  readonly schema?: string;
  /** Apply pending migrations on open (under an advisory lock). Default `true`. */
  readonly migrate?: boolean;
  /** The longest a statement may run, or wait for a lock, on the server. Default 10 000 ms. */
  readonly statementTimeoutMs?: number;
  /** The longest a call waits to connect or for a free connection. Default 5 000 ms. */
  readonly connectTimeoutMs?: number;
  /**
   * For how long a call retries while the database cannot be reached (a restart, a failover)
   * before it fails with STORAGE_UNAVAILABLE. Default 2 000 ms.
   */
  readonly retryForMs?: number;
}

/** The PostgreSQL {@link TaxStore}, with its pool for what the port does not cover. */
export interface PostgresTaxStore extends TaxStore {
  /** The node-postgres pool, for reports and diagnostics. Writing through it bypasses the store's checks. */
  readonly pool: pg.Pool;
}

/** The statements are the same for every store: built on the first open. */
let prepared: Statements | undefined;

// PostgreSQL keeps the pg_ prefix for its own schemas.
const SCHEMA_NAME = /^(?!pg_)[a-z_][a-z0-9_]{0,62}$/;

/**
 * A {@link TaxStore} on PostgreSQL (drizzle-orm and node-postgres), for several taxkit
 * instances on one database. Opening it applies pending migrations under an advisory lock.
 * Uniqueness holds through unique indexes; refunds and reversals lock the transaction's row;
 * lost connections and lost races are retried where that is safe, and every other failure is
 * STORAGE_UNAVAILABLE (503), never a hang.
 *
 * @throws TaxError STORAGE_UNAVAILABLE when the database cannot be reached or migrated.
 * @example
 * ```ts
 * const store = await createPostgresStore({ connectionString: process.env.DATABASE_URL, poolSize: 20 });
 * ```
 */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<PostgresTaxStore> {
  const { connectionString, schema } = options;
  if ((connectionString === undefined) === (options.pool === undefined)) {
    throw new TaxError('INVALID_VALUE', 'createPostgresStore needs exactly one of connectionString and pool.');
  }
  if (schema !== undefined && (options.pool !== undefined || !SCHEMA_NAME.test(schema))) {
    throw new TaxError('INVALID_VALUE', `schema "${schema}" needs connectionString and a lower-case name.`);
  }
  const poolSize = options.poolSize ?? 10;
  if (!Number.isSafeInteger(poolSize) || poolSize < 1) {
    throw new TaxError('INVALID_VALUE', `poolSize ${poolSize} is not a whole number of at least 1.`);
  }
  const pool =
    options.pool ??
    createPool({
      connectionString: connectionString as string,
      poolSize,
      schema,
      connectTimeoutMs: options.connectTimeoutMs ?? 5000,
      statementTimeoutMs: options.statementTimeoutMs ?? 10_000,
    });
  const run = createPostgresRunner({
    pool,
    ownsPool: options.pool === undefined,
    retryForMs: options.retryForMs ?? 2000,
  });
  try {
    if (options.migrate ?? true) await applyMigrations(pool, schema);
  } catch (error) {
    await run.close();
    throw storageUnavailable(error, 'Cannot open the PostgreSQL store');
  }
  prepared ??= prepareStatements();
  const statements = prepared;
  return {
    name: 'postgres',
    pool,
    ...createPostgresLedger(run, statements),
    deleteCalculationsExpiredBefore: createCalculationSweep(run, statements),
    ...createPostgresDirectory(run, statements),
    ...createPostgresCertificates(run),
    ...createPostgresRates(run),
    ...createPostgresRegistrations(run),
    ...createPostgresExchangeRates(run),
    deleteTenantRecords: (tenant) =>
      run.transaction(async (query) => {
        for (const statement of statements.deleteTenantRows) {
          await query(statement, { accountId: tenant.accountId, mode: tenant.mode });
        }
      }),
    close: () => run.close(),
  };
}
