/**
 * The SQLite TaxStore adapter (`taxkit/sqlite`). Needs the optional peers better-sqlite3 and
 * drizzle-orm.
 *
 * @module
 */
export { createSqliteStore, type SqliteStoreOptions, type SqliteTaxStore } from './create-sqlite-store.ts';
export { migrateSqlite } from './migrate-sqlite.ts';
