import { readFileSync } from 'node:fs';

/**
 * Reads a JSON file of the embedded data. `data/` sits two levels above this module both in
 * the source tree (src/defaults/ → data/) and in the build (dist/src/defaults/ → dist/data/,
 * copied by scripts/build.mjs), so one relative URL serves both.
 */
export function readDataFile<T>(path: string): T {
  return JSON.parse(readFileSync(new URL(`../../data/${path}`, import.meta.url), 'utf8')) as T;
}
