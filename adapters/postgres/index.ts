/**
 * The PostgreSQL TaxStore adapter (`taxkit/postgres`), for several taxkit instances on one
 * database. Needs the optional peers pg and drizzle-orm (and, for TypeScript, @types/pg);
 * without them, importing this entry fails with an error that names the package to install.
 *
 * @module
 */
import { loadWithPeers } from '../shared/load-with-peers.ts';

export type { PostgresStoreOptions, PostgresTaxStore } from './create-postgres-store.ts';

const [store, migrate] = await loadWithPeers('taxkit/postgres', ['pg', 'drizzle-orm'], () =>
  Promise.all([import('./create-postgres-store.ts'), import('./migrate-postgres.ts')]),
);

/** A TaxStore on a PostgreSQL database (see create-postgres-store.ts). */
export const createPostgresStore: typeof store.createPostgresStore = store.createPostgresStore;
/** Applies the PostgreSQL migrations (see migrate-postgres.ts). */
export const migratePostgres: typeof migrate.migratePostgres = migrate.migratePostgres;
