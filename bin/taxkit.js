#!/usr/bin/env node
// The `taxkit` command (package.json "bin"). In a checkout (src/ is there and the devDependency
// tsx is installed, as after `npm ci`) it runs the TypeScript sources, so `npx taxkit` works
// without a build and never runs a stale dist/. An installed package ships only dist/, and runs
// that. See docs/decisions.md, "Running it".
import { existsSync } from 'node:fs';

const source = new URL('../src/cli.ts', import.meta.url);
const built = new URL('../dist/src/cli.js', import.meta.url);

if (existsSync(source) && (await canLoadTsx())) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else if (existsSync(built)) {
  await import(built.href);
} else {
  process.stderr.write('taxkit: neither dist/ nor tsx was found; run `npm ci`, or `npm run build`.\n');
  process.exitCode = 1;
}

/** Whether tsx resolves from here (a checkout with devDependencies installed). */
async function canLoadTsx() {
  try {
    import.meta.resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}
