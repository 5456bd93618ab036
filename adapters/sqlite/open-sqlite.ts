import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { createPrivateFile } from './create-private-file.ts';
import { migrateCalculationBodies } from './migrate-calculation-bodies.ts';

/** An open database: the driver's connection and drizzle over it. */
export interface SqliteConnection {
  readonly client: Database.Database;
  readonly db: BetterSQLite3Database;
}

/**
 * drizzle-kit's output beside this file; `npm run build` copies it into `dist/` next to the
 * compiled adapter, so the same relative URL works from source and from the package.
 */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** How long a statement waits for another connection's lock, and how long opening may retry. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating if needed) the database at `path`, sets the pragmas the store relies on and
 * applies pending migrations: drizzle-kit's schema migrations, then the one-time rewrite of
 * calculation rows of earlier versions (`migrate-calculation-bodies.ts`). Throws the driver's
 * error; the caller translates it.
 *
 * @param durable - `synchronous = FULL` (every commit survives a power cut) when true,
 *   `NORMAL` (commits survive a process crash, the last ones may not survive a power cut).
 */
export function openSqlite(path: string, durable: boolean): SqliteConnection {
  // Records hold customers' addresses and sales: a new file is private to its owner.
  createPrivateFile(path);
  const client = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    client.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    enterWalMode(client);
    client.pragma(`synchronous = ${durable ? 'FULL' : 'NORMAL'}`);
    client.pragma('foreign_keys = ON');
    const db = drizzle({ client });
    applyMigrations(db);
    retryWhileContended(() => migrateCalculationBodies(client));
    return { client, db };
  } catch (error) {
    client.close();
    throw error;
  }
}

/**
 * Switches the file to WAL (it stays so). The switch needs the file to itself, and SQLite
 * answers SQLITE_BUSY at once, without its busy handler, when another process is opening the
 * same new file; so retry until the lock comes free.
 */
function enterWalMode(client: Database.Database): void {
  retryWhileContended(() => {
    const mode: unknown = client.pragma('journal_mode = WAL', { simple: true });
    // 'memory' for an in-memory database, which has no WAL; otherwise the old mode means busy.
    if (mode !== 'wal' && mode !== 'memory') throw new Error(`journal_mode stayed ${String(mode)}`);
  });
}

/**
 * drizzle's `migrate()` reads which migrations are applied before it takes the write lock, so
 * two processes migrating a new file at once can both try to create the tables: the loser
 * fails with "table … already exists" (or "database is locked") and rolls back. Running it
 * again sees the winner's work.
 */
function applyMigrations(db: BetterSQLite3Database): void {
  retryWhileContended(() => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
}

/** Runs `work` until it stops failing from contention with another process, for up to the busy timeout. */
function retryWhileContended(work: () => void): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      work();
      return;
    } catch (error) {
      if (Date.now() > deadline || !isContention(error)) throw error;
      sleep(5 + Math.random() * 20);
    }
  }
}

/** Lost a race to another connection; drizzle wraps the driver's error as `cause`. */
function isContention(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof Database.SqliteError && current.code.startsWith('SQLITE_BUSY')) return true;
    if (/already exists|journal_mode stayed/.test(current.message)) return true;
  }
  return false;
}

/** Opening is synchronous (better-sqlite3 is), so the pause between attempts is too. */
function sleep(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}
