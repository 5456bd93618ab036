/**
 * taxkit installs like a package: a copy of the checkout without dist/ (what a fresh clone
 * has) is packed with `npm pack` (the `prepare` script builds dist/), the tarball is installed
 * into a project made as the README says (`npm init -y`, then its ESM setting and its
 * tsconfig), and the README's runnable code blocks compile there and run (the library example
 * twice, on one SQLite file); left CommonJS, the project refuses the import, as the README says. The same copy
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
    'installs into a project made by `npm init -y` and set up as the README says, whose README examples compile and run (the library one twice)',
    async () => {
      const project = join(work, 'project');
      mkdirSync(project);
      // Every block marked `<!-- runnable: NAME -->` in the README and docs/.
      const documents = [
        'README.md',
        ...readdirSync(join(ROOT, 'docs'))
          .filter((name) => name.endsWith('.md'))
          .map((name) => `docs/${name}`),
      ];
      const blocks = documents.flatMap((document) => runnableBlocks(readFileSync(join(ROOT, document), 'utf8')));
      // The README's set-up, run as written: `npm init -y` (CommonJS) and what it says to set.
      const setup = blocks.find((block) => block.name === 'consumer-setup');
      expect(setup?.language).toBe('sh');
      const commands = (setup?.code ?? '')
        .split('\n')
        .map((line) => line.replace(/#.*/, '').trim())
        .filter((line) => line !== '');
      expect(commands[0]).toBe('npm init -y');
      for (const command of commands) {
        const [program, ...args] = command.split(/\s+/);
        expect(program).toBe('npm');
        await run(npm, args, { cwd: project });
      }
      const made = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { type?: string };
      expect(made.type).toBe('module');
      // The README's tsconfig, as written.
      const tsconfig = blocks.find((block) => block.name === 'tsconfig');
      expect(tsconfig?.language).toBe('json');
      writeFileSync(join(project, 'tsconfig.json'), tsconfig?.code ?? '');
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
      const code = blocks.filter((block) => block.language === 'ts');
      expect(code.map((block) => block.name)).toEqual(expect.arrayContaining(['library', 'mounting']));
      expect(new Set(blocks.map((block) => block.name)).size).toBe(blocks.length);
      expect(blocks.filter((block) => !['ts', 'sh', 'json'].includes(block.language))).toEqual([]);
      for (const block of code) writeFileSync(join(project, `${block.name}.ts`), block.code);
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
      const tsc = (...args: string[]) =>
        run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project, ...args], {
          cwd: project,
        });
      // The README's tsconfig, with the strictest settings a consumer may add on top (they only
      // add errors, so what compiles here compiles with the README's alone).
      await tsc('--exactOptionalPropertyTypes', '--noUncheckedIndexedAccess', '--skipLibCheck', 'false');
      for (let round = 0; round < 2; round += 1) {
        const { stdout } = await run(process.execPath, [join(project, 'out', 'library.js')], { cwd: project });
        expect(stdout.trim()).toBe('1300');
      }
      for (const block of code.filter((block) => block.name !== 'library')) {
        await run(process.execPath, [join(project, 'out', `${block.name}.js`)], { cwd: project });
      }
      const { stdout } = await run(process.execPath, [join(project, 'out', 'entries.js')], { cwd: project });
      expect(stdout.trim()).toBe('function function function function function function FOOD_GENERAL');
      expect(readdirSync(join(project, 'node_modules', 'taxkit'))).not.toContain('src');
      // Left CommonJS, as `npm init -y` made it, the library example does not compile: the README
      // says why, and what to set.
      writeFileSync(join(project, 'package.json'), JSON.stringify({ ...made, type: 'commonjs' }));
      const refused = await tsc('--noEmit').then(
        () => '',
        (error: { stdout?: string }) => error.stdout ?? '',
      );
      expect(refused).toMatch(/library\.ts.*error TS1309: The current file is a CommonJS module/);
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
      // What the answers rest on, said at start (issue 37): no origin, state-level US rates.
      expect(out).toMatch(/^Origin: none set\./m);
      expect(out).toMatch(/^US rates: state level only/m);
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
