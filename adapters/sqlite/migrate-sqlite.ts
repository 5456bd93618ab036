import { TaxError } from '../../src/core/errors.ts';
import { openSqlite } from './open-sqlite.ts';

/**
 * Creates the database at `path` if needed and applies every pending migration, then closes
 * it. For `taxkit migrate`; `createSqliteStore` migrates on open as well.
 *
 * @throws TaxError STORAGE_UNAVAILABLE when the file cannot be opened or migrated.
 */
export function migrateSqlite(path: string): void {
  try {
    openSqlite(path, true).client.close();
  } catch (error) {
    throw new TaxError('STORAGE_UNAVAILABLE', `Cannot migrate the SQLite database at ${path}.`, { cause: error });
  }
}
