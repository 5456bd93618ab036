import type { ImportGraph } from './read-import-graph.ts';

/**
 * The import cycles of `graph`: one per strongly connected component of more than one module (or
 * a module importing itself), each given as a shortest closed path through it, `[a, b, c]`
 * meaning a → b → c → a, starting at the component's first module in sorted order. Tarjan's
 * algorithm finds the components; a breadth-first search inside each finds the path.
 */
export function findCycles(graph: ImportGraph): string[][] {
  return stronglyConnected(graph)
    .filter((component) => component.length > 1 || graph.get(component[0] as string)?.has(component[0] as string))
    .map((component) => shortestCycle(graph, new Set(component), [...component].sort()[0] as string))
    .sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}

/** The shortest path from `start` back to itself through modules of `within`. */
function shortestCycle(graph: ImportGraph, within: ReadonlySet<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head] as string;
    for (const next of graph.get(node) ?? []) {
      if (!within.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
        return path;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  // Unreachable: every module of a strongly connected component reaches every other.
  throw new Error(`no cycle through ${start}`);
}
