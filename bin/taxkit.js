#!/usr/bin/env node
// The `taxkit` command (package.json "bin"). It runs the built CLI, dist/src/cli.js, which
// starts several times faster than the TypeScript sources through tsx (README, "Performance
// notes"). An installed package ships
// only dist/. In a checkout, `npm ci` builds dist/ (the `prepare` script) and `npm start` or
// `npm run build` rebuild it; when a source has changed since the last build, the sources run
// through tsx instead, so a stale dist/ is never run. See docs/decisions.md, "Running it".
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = new URL('../src/cli.ts', import.meta.url);
const built = new URL('../dist/src/cli.js', import.meta.url);

if (existsSync(source) && !(await builtIsCurrent())) {
  if (canLoadTsx()) {
    const { register } = await import('tsx/esm/api');
    register();
    await import(source.href);
  } else {
    process.stderr.write('taxkit: dist/ is missing or older than the sources; run `npm run build`.\n');
    process.exitCode = 1;
  }
} else if (existsSync(built)) {
  await import(built.href);
} else {
  process.stderr.write('taxkit: dist/ was not found; run `npm ci`, or `npm run build`.\n');
  process.exitCode = 1;
}

/** In a checkout: whether dist/ was built from the sources as they are (scripts/dist-is-current.mjs). */
async function builtIsCurrent() {
  const check = new URL('../scripts/dist-is-current.mjs', import.meta.url);
  if (!existsSync(built) || !existsSync(check)) return false;
  const { distIsCurrent } = await import(check.href);
  return distIsCurrent(fileURLToPath(new URL('..', import.meta.url)));
}

/** Whether tsx resolves from here (a checkout with devDependencies installed). */
function canLoadTsx() {
  try {
    import.meta.resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}
