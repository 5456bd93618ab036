import { chmodSync, mkdirSync } from 'node:fs';

/**
 * Creates the directory of the database and keys (`.taxkit/` by default) as 0700, whatever the
 * umask: it holds the API keys and every record. A directory that already exists is left as
 * it is (it may be shared on purpose, as `--db /var/lib/taxkit/tax.db` would be); its files are
 * created 0600 either way.
 */
export function makePrivateDirectory(path: string): void {
  const created = mkdirSync(path, { recursive: true, mode: 0o700 });
  if (created !== undefined) chmodSync(path, 0o700);
}
