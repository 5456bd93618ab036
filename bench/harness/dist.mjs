// The built package, as users run it: the bench measures dist/, never the TypeScript sources.
import { existsSync } from 'node:fs';

const dist = new URL('../../dist/', import.meta.url);
if (!existsSync(new URL('src/index.js', dist))) {
  console.error('The benchmarks run against dist/: run `npm run build` first (`npm run bench` does).');
  process.exit(1);
}

/** @param {string} path relative to dist/ */
const load = (path) => import(new URL(path, dist).href);

export const taxkit = await load('src/index.js');
export const memory = await load('adapters/memory/index.js');
export const sqlite = await load('adapters/sqlite/index.js');
export const maxmind = await load('adapters/maxmind/index.js');
/** The bin, for servers started as `taxkit serve` is. */
export const CLI = new URL('src/cli.js', dist).pathname;
