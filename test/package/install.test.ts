/**
 * taxkit installs like a package: a copy of the checkout without dist/ (what a fresh clone
 * has) is packed with `npm pack` (the `prepare` script builds dist/), the tarball is installed
 * into a new strict TypeScript project from the npm registry, and the README's runnable code
 * blocks compile there and run (the library example twice, on one SQLite file). The same copy
 * then runs `npm start`, and SIGTERM to npm stops the server.
 *
 * Slow (a build and an `npm install`, about a minute), so it is its own vitest project
 * (`npx vitest run --project package`). Packages are installed without their install scripts,
 * and better-sqlite3 gets the compiled binding of the same version from this checkout's
 * node_modules: its install script may compile it from source, minutes on a small machine.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runnableBlocks } from '../helpers/runnable-blocks.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const MINUTES = 60_000;

let work: string;
let clone: string;
let tarball: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'taxkit-package-'));
  clone = join(work, 'clone');
  // The files a clone of this checkout has: tracked and new ones, nothing ignored (no dist/).
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && file !== 'node_modules' && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(ROOT, file), join(clone, file));
  }
  expect(existsSync(join(clone, 'dist'))).toBe(false);
  // The dev dependencies `prepare` builds with, as `npm ci` would install them.
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
  const { stdout } = await run(npm, ['pack', '--silent', '--pack-destination', work], { cwd: clone });
  tarball = join(work, stdout.trim().split('\n').at(-1) as string);
}, 5 * MINUTES);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('ships dist/ with its data once, and no source maps', () => {
    const listing = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(listing).toContain('package/dist/src/index.js');
    expect(listing).toContain('package/dist/src/index.d.ts');
    expect(listing).toContain('package/dist/adapters/sqlite/migrations/meta/_journal.json');
    expect(listing).toContain('package/dist/data/NOTICE');
    expect(listing).toContain('package/dist/dashboard/app.js');
    expect(listing).toContain('package/dist/dashboard/index.html');
    expect(listing.filter((file) => file.startsWith('package/data/'))).toEqual([]);
    expect(listing.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(listing.filter((file) => file.startsWith('package/src/') || file.startsWith('package/test/'))).toEqual([]);
  });

  it(
    'installs into a new strict TypeScript project, whose README examples compile and run (the library one twice)',
    async () => {
      const project = join(work, 'project');
      mkdirSync(project);
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2023',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            exactOptionalPropertyTypes: true,
            noUncheckedIndexedAccess: true,
            skipLibCheck: false,
            types: ['node'],
            outDir: 'out',
          },
          include: ['*.ts'],
        }),
      );
      const version = (name: string) =>
        (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
          .version;
      await run(
        npm,
        [
          'install',
          '--no-audit',
          '--no-fund',
          '--prefer-offline',
          '--ignore-scripts',
          tarball,
          `better-sqlite3@${version('better-sqlite3')}`,
          `drizzle-orm@${version('drizzle-orm')}`,
          `pg@${version('pg')}`,
          `@types/better-sqlite3@${version('@types/better-sqlite3')}`,
          `@types/pg@${version('@types/pg')}`,
          `@types/node@${version('@types/node')}`,
        ],
        { cwd: project, maxBuffer: 16 * 1024 * 1024 },
      );
      // better-sqlite3's compiled binding, of the same version, instead of its install script.
      cpSync(join(ROOT, 'node_modules/better-sqlite3/build'), join(project, 'node_modules/better-sqlite3/build'), {
        recursive: true,
      });
      // Every block marked `<!-- runnable: NAME -->` in the README and docs/, each a file of its own.
      const documents = [
        'README.md',
        ...readdirSync(join(ROOT, 'docs'))
          .filter((name) => name.endsWith('.md'))
          .map((name) => `docs/${name}`),
      ];
      const blocks = documents.flatMap((document) => runnableBlocks(readFileSync(join(ROOT, document), 'utf8')));
      expect(blocks.map((block) => block.name)).toEqual(expect.arrayContaining(['library', 'mounting']));
      expect(new Set(blocks.map((block) => block.name)).size).toBe(blocks.length);
      for (const block of blocks) {
        expect(block.language).toBe('ts');
        writeFileSync(join(project, `${block.name}.ts`), block.code);
      }
      // Every entry point imports and type-checks, PostgreSQL's included.
      writeFileSync(
        join(project, 'entries.ts'),
        [
          "import { createTaxEngine, TaxError, type CalculationRequest } from 'taxkit';",
          "import { createPostgresStore, migratePostgres } from 'taxkit/postgres';",
          "import { createMemoryStore } from 'taxkit/memory';",
          "import { createFetchHandler } from 'taxkit/http';",
          "const request: CalculationRequest['order_details']['line_items'][number]['product_category'] = 'FOOD_GENERAL';",
          'console.log(typeof createTaxEngine, typeof TaxError, typeof createPostgresStore, typeof migratePostgres,',
          '  typeof createMemoryStore, typeof createFetchHandler, request);',
        ].join('\n'),
      );
      await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: project });
      for (let round = 0; round < 2; round += 1) {
        const { stdout } = await run(process.execPath, [join(project, 'out', 'library.js')], { cwd: project });
        expect(stdout.trim()).toBe('1300');
      }
      for (const block of blocks.filter((block) => block.name !== 'library')) {
        await run(process.execPath, [join(project, 'out', `${block.name}.js`)], { cwd: project });
      }
      const { stdout } = await run(process.execPath, [join(project, 'out', 'entries.js')], { cwd: project });
      expect(stdout.trim()).toBe('function function function function function function FOOD_GENERAL');
      expect(readdirSync(join(project, 'node_modules', 'taxkit'))).not.toContain('src');
    },
    5 * MINUTES,
  );
});

describe('npm start', () => {
  it(
    'runs the server as the process that gets the signal: SIGTERM to npm stops it and frees the port',
    async () => {
      const port = await freePort();
      const child = spawn(npm, ['start', '--silent', '--', '--memory', '--port', String(port)], {
        cwd: clone,
        env: { ...process.env, PORT: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await until(
        () => out.includes('listening on'),
        3 * MINUTES,
        () => out,
      );
      expect((await fetch(`http://127.0.0.1:${port}/openapi.json`)).status).toBe(200);
      // The dashboard `prepare` built: the page and its script, under the same server.
      const page = await fetch(`http://127.0.0.1:${port}/dashboard/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<script src="app.js"');
      expect((await fetch(`http://127.0.0.1:${port}/dashboard/app.js`)).status).toBe(200);
      expect(out).toContain(`Dashboard: http://127.0.0.1:${port}/dashboard`);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await until(
        () => out.includes('Stopped.'),
        10_000,
        () => out,
      );
      // Nothing listens any more: the server did not outlive npm.
      await expect(fetch(`http://127.0.0.1:${port}/openapi.json`)).rejects.toThrow();
    },
    5 * MINUTES,
  );
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function until(ready: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out; output so far:\n${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
