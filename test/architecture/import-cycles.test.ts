import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles } from './find-cycles.ts';
import { readImportGraph } from './read-import-graph.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the import graph of src/ and adapters/', () => {
  const graph = readImportGraph(root, ['src', 'adapters']);

  it('is read whole', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('src/http/index.ts')).toContain('src/http/create-fetch-handler.ts');
  });

  it('has no cycle, type imports included', () => {
    const cycles = findCycles(graph).map((cycle) => [...cycle, cycle[0]].join(' → '));
    expect(cycles, 'each line is a cycle of imports; break it with a file both sides import').toEqual([]);
  });
});
