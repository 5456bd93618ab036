import { chmodSync, closeSync, openSync } from 'node:fs';

/**
 * Creates an empty database file readable and writable by its owner only (0600), whatever the
 * umask, unless it already exists (then its mode is the owner's business) or `path` names no
 * file (`:memory:`, an empty path: a temporary database). SQLite gives the `-wal` and `-shm`
 * files it creates the database file's mode, so they are private too.
 */
export function createPrivateFile(path: string): void {
  if (path === '' || path === ':memory:' || path.startsWith('file:')) return;
  let descriptor: number;
  try {
    descriptor = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  closeSync(descriptor);
  // The umask can only have narrowed the mode; set it exactly all the same.
  chmodSync(path, 0o600);
}
