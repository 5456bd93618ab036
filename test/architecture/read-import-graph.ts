import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Which module imports which: repository-relative paths (`src/engine.ts`) to what each imports. */
export type ImportGraph = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Static `import … from`, `import type … from` and `export … from` at the start of a line (the
 * clause holds no quote or semicolon, so it may span lines), bare `import '…'`, and dynamic
 * `import('…')`. Anchored at a line's start so that doc comments (whose lines start with `*`) do
 * not count; type imports count, since a cycle closed by a type is still a cycle of modules.
 */
const IMPORT =
  /^\s*(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Every `.ts` file under `dirs` (relative to `root`), with the relative imports that reach another of them. */
export function readImportGraph(root: string, dirs: readonly string[]): ImportGraph {
  const files = dirs.flatMap((dir) => tsFilesUnder(join(root, dir))).map((file) => relative(root, file));
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of importsOf(readFileSync(join(root, file), 'utf8'))) {
      if (!specifier.startsWith('.')) continue; // packages and node: builtins are not ours
      const target = relative(root, resolve(root, dirname(file), specifier));
      if (known.has(target)) targets.add(target);
      else if (target.endsWith('.ts') && !existsSync(join(root, target))) {
        throw new Error(`${file} imports ${specifier}, which does not exist`);
      }
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The module specifiers a source text imports or re-exports from. */
export function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return tsFilesUnder(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
    })
    .sort();
}
