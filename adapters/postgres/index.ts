/**
 * The PostgreSQL TaxStore adapter (`taxkit/postgres`), for several taxkit instances on one
 * database. Needs the optional peers pg and drizzle-orm.
 *
 * @module
 */
export { createPostgresStore, type PostgresStoreOptions, type PostgresTaxStore } from './create-postgres-store.ts';
export { migratePostgres } from './migrate-postgres.ts';
