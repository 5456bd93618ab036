// Whether dist/ was built from the sources as they are now: the stamp scripts/build.mjs writes
// (dist/.built, dated when that build started) is newer than every file the build reads. Used
// by bin/taxkit.js in a checkout (run the built CLI only when it is current) and by
// `npm start`'s prestart (`build.mjs --if-stale`: skip a build that would change nothing).
// About 400 stat calls, a few milliseconds.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads: its inputs' folders and files, relative to the package root. */
const INPUTS = [
  'src',
  'adapters',
  'data',
  'package.json',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/build-dashboard.mjs',
];

export const STAMP = 'dist/.built';

/** `root`: the package root, a path ending in a separator or not. */
export function distIsCurrent(root) {
  let built;
  try {
    built = statSync(join(root, STAMP)).mtimeMs;
  } catch {
    return false;
  }
  return INPUTS.every((input) => newestUnder(join(root, input)) <= built);
}

function newestUnder(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestUnder(join(path, entry)));
  return newest;
}
