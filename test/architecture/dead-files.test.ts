import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packageEntryPoints } from './package-entry-points.ts';
import { reachableFrom } from './reachable-from.ts';
import { readImportGraph } from './read-import-graph.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('every file of src/ and adapters/', () => {
  const graph = readImportGraph(root, ['src', 'adapters']);
  // The dashboard's script is an entry of its own: esbuild bundles it for the browser (scripts/build-dashboard.mjs).
  const entries = [...packageEntryPoints(root), 'src/dashboard/main.ts'];

  it('starts from the package’s entry points', () => {
    expect(entries).toEqual(
      expect.arrayContaining(['src/index.ts', 'src/http/index.ts', 'adapters/sqlite/index.ts', 'src/cli.ts']),
    );
    for (const entry of entries) expect(graph.has(entry), entry).toBe(true);
  });

  it('is loaded from an entry point (a file only tests import is dead, or belongs in test/helpers)', () => {
    const reached = reachableFrom(graph, entries);
    expect([...graph.keys()].filter((file) => !reached.has(file))).toEqual([]);
  });

  it('is judged by following imports, so an orphan in a fake graph shows', () => {
    const fake = new Map([
      ['entry', new Set(['used'])],
      ['used', new Set(['entry'])],
      ['orphan', new Set(['used'])],
    ]);
    expect([...reachableFrom(fake, ['entry'])].sort()).toEqual(['entry', 'used']);
  });
});
