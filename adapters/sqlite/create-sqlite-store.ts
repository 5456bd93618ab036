import type Database from 'better-sqlite3';
import { TaxError } from '../../src/core/errors.ts';
import type { TaxStore } from '../../src/ports/store.ts';
import { createSqliteCertificates } from './create-sqlite-certificates.ts';
import { createSqliteDirectory } from './create-sqlite-directory.ts';
import { createCommitQueue } from './create-commit-queue.ts';
import { createQuoteWriter } from './create-quote-writer.ts';
import { createSqliteLedger } from './create-sqlite-ledger.ts';
import { createSqliteExchangeRates } from './create-sqlite-exchange-rates.ts';
import { createSqliteRates } from './create-sqlite-rates.ts';
import { createSqliteRegistrations } from './create-sqlite-registrations.ts';
import { createTenantDeleter } from './create-tenant-deleter.ts';
import { settle } from './sqlite-errors.ts';
import { openSqlite, type SqliteConnection } from './open-sqlite.ts';
import { prepareDirectoryStatements } from './prepare-directory-statements.ts';
import { prepareLedgerReads } from './prepare-ledger-reads.ts';
import { prepareLedgerStatements } from './prepare-ledger-statements.ts';

export interface SqliteStoreOptions {
  /** The database file; created, with its tables, when it does not exist. */
  readonly path: string;
  /**
   * `true` (the default): every acknowledged write survives a power cut (`synchronous = FULL`).
   * `false`: it survives a crash of the process, the last ones may not survive a power cut
   * (`synchronous = NORMAL`), for several times the write rate.
   */
  readonly durable?: boolean;
}

/** The SQLite {@link TaxStore}, with its connection for what the port does not cover. */
export interface SqliteTaxStore extends TaxStore {
  /**
   * The better-sqlite3 connection, for backups (`client.backup()`), reports over the tables and
   * diagnostics. Writing through it bypasses the store's checks.
   */
  readonly client: Database.Database;
}

/**
 * A {@link TaxStore} in one SQLite file (better-sqlite3 and drizzle-orm). Opening it applies
 * pending migrations; the file is in WAL mode, so readers never block the writer, and several
 * processes may share it (each write waits up to 5 s for the lock).
 *
 * Statements are prepared once, here. Every check-then-write is one `BEGIN IMMEDIATE`
 * transaction. The work is synchronous (better-sqlite3 has no async API); the methods return
 * promises for the port's sake.
 *
 * @throws TaxError STORAGE_UNAVAILABLE when the file cannot be opened or migrated.
 * @example
 * ```ts
 * const store = createSqliteStore({ path: '.taxkit/taxkit.db' });
 * ```
 */
export function createSqliteStore(options: SqliteStoreOptions): SqliteTaxStore {
  let connection: SqliteConnection | undefined;
  try {
    const durable = options.durable ?? true;
    connection = openSqlite(options.path, durable);
    const { client, db } = connection;
    // Preparing fails when the file's tables are not the ones this version expects.
    const quotes = createQuoteWriter(client, durable);
    const commits = createCommitQueue(client);
    const deleteTenant = createTenantDeleter(client);
    return {
      name: 'sqlite',
      client,
      ...createSqliteLedger(prepareLedgerStatements(db, client), prepareLedgerReads(client), quotes, commits),
      ...createSqliteDirectory(client, prepareDirectoryStatements(db, client)),
      ...createSqliteCertificates(client),
      ...createSqliteRates(client),
      ...createSqliteRegistrations(client),
      ...createSqliteExchangeRates(client),
      deleteTenantRecords: (tenant) =>
        settle(() => {
          // Queued calculations and commits first, so none lands after the reset.
          quotes.flush();
          commits.flush();
          deleteTenant(tenant);
        }),
      // Batched calculations only: every other write is acknowledged after its own commit.
      flush: () => quotes.flush(),
      async close() {
        // A second close() is a no-op; calls after it fail with STORAGE_UNAVAILABLE.
        if (!client.open) return;
        // What is queued is written first: queued calculations, and the group commit in waiting.
        quotes.flush();
        commits.flush();
        client.close();
      },
    };
  } catch (error) {
    connection?.client.close();
    throw new TaxError('STORAGE_UNAVAILABLE', `Cannot open the SQLite database at ${options.path}.`, {
      cause: error,
    });
  }
}
