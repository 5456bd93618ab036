/**
 * The SQLite TaxStore adapter (`taxkit/sqlite`). Needs the optional peers better-sqlite3 and
 * drizzle-orm (and, for TypeScript, @types/better-sqlite3); without them, importing this entry
 * fails with an error that names the package to install.
 *
 * @module
 */
import { loadWithPeers } from '../shared/load-with-peers.ts';

export type { SqliteStoreOptions, SqliteTaxStore } from './create-sqlite-store.ts';

const [store, migrate] = await loadWithPeers('taxkit/sqlite', ['better-sqlite3', 'drizzle-orm'], () =>
  Promise.all([import('./create-sqlite-store.ts'), import('./migrate-sqlite.ts')]),
);

/** A TaxStore in a SQLite file (see create-sqlite-store.ts). */
export const createSqliteStore: typeof store.createSqliteStore = store.createSqliteStore;
/** Creates the SQLite database or applies pending migrations (see migrate-sqlite.ts). */
export const migrateSqlite: typeof migrate.migrateSqlite = migrate.migrateSqlite;
