import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles } from './find-cycles.ts';
import { readImportGraph } from './read-import-graph.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Imports allowed to close a cycle, each with the reason. One entry, to be removed, not added to:
 * engine-deps.ts re-exports the public `CallContext` from engine-api.ts (and some fifteen files
 * import it from there), which closes engine-api → wire/api-types → wire/customer-request →
 * operations/customers → engine-deps → engine-api (issue 24, cycle 1). The engine files are
 * being rewritten, and that rewrite removes the re-export and this entry with it.
 */
const ALLOWED_CYCLE_EDGES: readonly (readonly [from: string, to: string])[] = [
  ['src/engine-deps.ts', 'src/engine-api.ts'],
];

describe('the import graph of src/ and adapters/', () => {
  const graph = readImportGraph(root, ['src', 'adapters']);

  it('is read whole', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('src/http/index.ts')).toContain('src/http/create-fetch-handler.ts');
  });

  it('has no cycle, type imports included', () => {
    const pruned = new Map([...graph].map(([file, targets]) => [file, new Set(targets)]));
    for (const [from, to] of ALLOWED_CYCLE_EDGES) pruned.get(from)?.delete(to);
    const cycles = findCycles(pruned).map((cycle) => [...cycle, cycle[0]].join(' → '));
    expect(cycles, 'each line is a cycle of imports; break it with a file both sides import').toEqual([]);
  });

  it.each(ALLOWED_CYCLE_EDGES)('still needs the allowance for %s → %s (remove the entry once it goes)', (from, to) => {
    expect(graph.get(from)).toContain(to);
    expect(findCycles(graph).some((cycle) => cycle.includes(from) && cycle.includes(to))).toBe(true);
  });
});
