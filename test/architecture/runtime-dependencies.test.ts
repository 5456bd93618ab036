import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, readImportGraph } from './read-import-graph.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** `zod/v4` and `@scope/name/sub` are the packages `zod` and `@scope/name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

describe('the runtime dependencies of package.json', () => {
  it('are each imported by src/ or adapters/ (what only benchmarks or tests use is a devDependency)', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const imported = new Set<string>();
    for (const file of readImportGraph(root, ['src', 'adapters']).keys()) {
      for (const specifier of importsOf(readFileSync(join(root, file), 'utf8'))) {
        if (!specifier.startsWith('.') && !specifier.startsWith('node:')) imported.add(packageOf(specifier));
      }
    }
    expect(imported).toContain('zod');
    expect(Object.keys(manifest.dependencies).filter((name) => !imported.has(name))).toEqual([]);
  });
});
