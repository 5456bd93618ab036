// Builds the dashboard `taxkit serve` shows at /dashboard: src/dashboard/main.ts and the modules it
// imports bundled by esbuild into one script (no framework, no CDN: it must work offline under a
// content security policy that allows only its own origin), beside the page and its stylesheet.
// esbuild is the one tsx already brings into the toolchain.
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Writes index.html, style.css, icon.svg and app.js into `outDir`. */
export async function buildDashboard(outDir) {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [`${root}src/dashboard/main.ts`],
    outfile: `${outDir}/app.js`,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  for (const file of ['index.html', 'style.css', 'icon.svg'])
    copyFileSync(`${root}src/dashboard/${file}`, `${outDir}/${file}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildDashboard(process.argv[2] ?? `${root}dist/dashboard`);
}
