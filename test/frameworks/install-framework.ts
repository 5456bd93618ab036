import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * `npm ci` in an integration test project's folder unless the tree installed there came from
 * its current lockfile (a stamp of the lockfile's hash is left in node_modules after each
 * install). The framework goes into that folder only: taxkit's root `npm ci` never installs it.
 */
export function installFramework(folder: string): void {
  const lockHash = createHash('sha256')
    .update(readFileSync(`${folder}/package-lock.json`))
    .digest('hex');
  const stamp = `${folder}/node_modules/.taxkit-installed-lock`;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lockHash) return;
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
    cwd: folder,
    stdio: 'inherit',
  });
  writeFileSync(stamp, lockHash);
}
