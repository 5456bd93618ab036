import type { ImportGraph } from './read-import-graph.ts';

/** Every module `entries` load, directly or through other modules, the entries included. */
export function reachableFrom(graph: ImportGraph, entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...(graph.get(file) ?? []));
  }
  return seen;
}
