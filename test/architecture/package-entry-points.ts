import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The TypeScript sources a user of the package or of the repository can start from: each
 * `exports` target of package.json (`./dist/src/http/index.js` is built from
 * `src/http/index.ts`), what the `bin` scripts load from the sources, and the config files that
 * the npm scripts pass to a tool (`drizzle-kit generate --config …`).
 */
export function packageEntryPoints(root: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: Record<string, string | Record<string, string>>;
    bin: Record<string, string>;
    scripts: Record<string, string>;
  };
  const entries = new Set<string>();
  for (const target of Object.values(manifest.exports)) {
    for (const path of typeof target === 'string' ? [target] : Object.values(target)) {
      const built = /^\.\/dist\/(.+)\.js$/.exec(path);
      if (built !== null) entries.add(`${built[1]}.ts`);
    }
  }
  for (const bin of Object.values(manifest.bin)) {
    const text = readFileSync(join(root, bin), 'utf8');
    for (const match of text.matchAll(/new URL\(\s*'\.\.\/((?:src|adapters)\/[^']+\.ts)'/g))
      entries.add(match[1] as string);
  }
  for (const script of Object.values(manifest.scripts)) {
    for (const match of script.matchAll(/--config\s+((?:src|adapters)\/\S+\.ts)/g)) entries.add(match[1] as string);
  }
  return [...entries].sort();
}
