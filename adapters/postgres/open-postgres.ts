import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrateCalculationRecords } from './migrate-calculation-records.ts';

/**
 * drizzle-kit's output beside this file; `npm run build` copies it into `dist/` next to the
 * compiled adapter, so the same relative URL works from source and from the package.
 */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The advisory lock key every taxkit instance takes to migrate, so that instances starting at
 * once apply each migration once ("taxkit" as ASCII, a number no other tool is likely to pick).
 */
const MIGRATION_LOCK = 0x7461_786b_6974n;

/** Where the store's pool comes from and how long anything may wait. */
export interface PoolSettings {
  readonly connectionString: string;
  readonly poolSize: number;
  /** A PostgreSQL schema for the tables instead of the connection's `search_path` default. */
  readonly schema: string | undefined;
  readonly connectTimeoutMs: number;
  readonly statementTimeoutMs: number;
}

/**
 * A node-postgres pool with every wait bounded: connecting (and waiting for a free
 * connection), each statement on the server (`statement_timeout`, `lock_timeout`), a
 * transaction left idle, and each query on the client side, which also catches a server that
 * vanished without closing the socket. TCP keep-alive notices a dead peer on idle connections.
 */
export function createPool(settings: PoolSettings): pg.Pool {
  const timeout = settings.statementTimeoutMs;
  const startup = [
    `-c statement_timeout=${timeout}`,
    `-c lock_timeout=${timeout}`,
    `-c idle_in_transaction_session_timeout=${timeout * 2}`,
  ];
  if (settings.schema !== undefined) startup.push(`-c search_path=${quoteIdentifier(settings.schema)}`);
  const pool = new pg.Pool({
    connectionString: settings.connectionString,
    max: settings.poolSize,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    query_timeout: timeout + 5000,
    keepAlive: true,
    application_name: 'taxkit',
    options: startup.join(' '),
  });
  // An idle connection whose server went away (a restart, a failover) emits `error`; the pool
  // drops it and the next call connects afresh. Without a listener the process would crash.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Applies the pending migrations, holding an advisory lock so several instances starting at
 * once do not race (each waits, then finds them applied): drizzle-kit's schema migrations, then
 * the one-time rewrite of calculation rows (`migrate-calculation-records.ts`). Creates `schema`
 * first when given.
 * Throws the driver's error; the caller translates it.
 */
export async function applyMigrations(pool: pg.Pool, schema: string | undefined): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
      await migrate(drizzle({ client }), {
        migrationsFolder: MIGRATIONS_FOLDER,
        // The bookkeeping table sits with the tables it describes.
        migrationsSchema: schema ?? 'drizzle',
      });
      await migrateCalculationRecords(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** `name` as a PostgreSQL identifier: double-quoted, inner quotes doubled. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
