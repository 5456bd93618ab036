import { dirname, join, resolve } from 'node:path';

/** The default database, relative to the working directory. */
export const DEFAULT_DB_PATH = join('.taxkit', 'taxkit.db');

/** Absolute path of the database (`--db`, else `.taxkit/taxkit.db`). */
export function resolveDbPath(cwd: string, db: string | undefined): string {
  return resolve(cwd, db ?? DEFAULT_DB_PATH);
}

/** The keys file sits next to the database. */
export function keysPathFor(dbPath: string): string {
  return join(dirname(dbPath), 'keys.json');
}
