import { createPostgresStore } from './create-postgres-store.ts';

/**
 * Applies every pending migration to the database at `connectionString` (in `schema` when
 * given), then disconnects. For `taxkit migrate --postgres`; `createPostgresStore` migrates on
 * open as well, unless told not to.
 *
 * @throws TaxError STORAGE_UNAVAILABLE when the database cannot be reached or migrated.
 */
export async function migratePostgres(connectionString: string, schema?: string): Promise<void> {
  const store = await createPostgresStore({
    connectionString,
    poolSize: 1,
    ...(schema === undefined ? {} : { schema }),
  });
  await store.close();
}
