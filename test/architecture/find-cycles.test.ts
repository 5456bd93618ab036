import { describe, expect, it } from 'vitest';
import { findCycles } from './find-cycles.ts';
import { importsOf } from './read-import-graph.ts';

function graphOf(edges: Record<string, string[]>): Map<string, Set<string>> {
  return new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));
}

describe('findCycles', () => {
  it('finds nothing in a graph without cycles, diamonds included', () => {
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }))).toEqual([]);
  });

  it('finds each cycle once, as its shortest closed path from its first module', () => {
    const graph = graphOf({
      a: ['b'],
      b: ['c', 'x'],
      c: ['a'],
      x: ['y'],
      y: ['x', 'z'],
      z: [],
      self: ['self'],
    });
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['self'], ['x', 'y']]);
  });

  it('gives a shortest path through a component with several cycles', () => {
    const graph = graphOf({ a: ['b', 'd'], b: ['c'], c: ['a'], d: ['a'] });
    expect(findCycles(graph)).toEqual([['a', 'd']]);
  });
});

describe('importsOf', () => {
  it('reads static, type, re-export, bare and dynamic imports, over several lines', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      'import {',
      '  c,',
      '  type D,',
      "} from './c.ts';",
      "export type { E } from './e.ts';",
      "export * from './f.ts';",
      "import './g.ts';",
      "const h = await import('./h.ts');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a.ts', '../b.ts', './c.ts', './e.ts', './f.ts', './g.ts', './h.ts', 'zod']);
  });

  it('skips doc comments and code that only mentions "from"', () => {
    const text = [
      '/**',
      " * import { a } from './a.ts';",
      ' */',
      "export const list = Array.from('abc');",
      'export function parse(from: string) { return from; }',
    ].join('\n');
    expect(importsOf(text)).toEqual([]);
  });
});
