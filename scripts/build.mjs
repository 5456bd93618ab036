// Compiles src/ and adapters/ with tsc into dist/, then copies what the compiled code reads at
// run time: the SQLite and PostgreSQL migrations (drizzle's migrator needs meta/_journal.json beside the SQL)
// and the embedded data tables (with their README and NOTICE: the package ships data once, in
// dist/data). The dashboard's page, stylesheet and bundled script go to dist/dashboard
// (scripts/build-dashboard.mjs). The bin gets its execute bit. Runs as `prepare`, so `npm pack`,
// `npm publish` and a git install build dist/ themselves.
//
// No source maps: the package ships dist/ only, and a map pointing at src/*.ts that is not
// shipped resolves nothing (the declarations and the JavaScript are readable as they are).
//
// `--if-stale` (npm start's prestart) builds only when dist/ is older than the sources
// (dist-is-current.mjs): `npm ci` already built it through `prepare`, so the first `npm start`
// after it starts the server at once. Every build ends by writing dist/.built, dated when the
// build started, so a file saved during a build still counts as newer.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildDashboard } from './build-dashboard.mjs';
import { distIsCurrent, STAMP } from './dist-is-current.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
if (process.argv.includes('--if-stale') && distIsCurrent(root)) process.exit(0);
const started = new Date();
rmSync(dist, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.json`, '--sourceMap', 'false'],
  {
    stdio: 'inherit',
  },
);
for (const adapter of ['sqlite', 'postgres']) {
  if (existsSync(`${root}adapters/${adapter}/migrations`)) {
    cpSync(`${root}adapters/${adapter}/migrations`, `${dist}/adapters/${adapter}/migrations`, { recursive: true });
  }
}
cpSync(`${root}data`, `${dist}/data`, { recursive: true });
await buildDashboard(`${dist}/dashboard`);
if (existsSync(`${dist}/src/cli.js`)) chmodSync(`${dist}/src/cli.js`, 0o755);
writeFileSync(`${root}${STAMP}`, `${started.toISOString()}\n`);
utimesSync(`${root}${STAMP}`, started, started);
