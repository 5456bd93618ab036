import { execFile, execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTaxEngine } from '../../src/engine.ts';
import { startServer } from '../../src/http/start-server.ts';
import { ACCOUNTS, KEY } from '../helpers/http-fixtures.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);
const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The README's "whole chain with curl" block, pointed at `url` with `key`. */
function readmeChain(url: string, key: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### The whole chain with curl'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('README: no curl chain found');
  const first = block.split('\n')[0] as string;
  expect(first).toMatch(/^B=http:\/\/127\.0\.0\.1:8787; KEY=sk_test_\.\.\./);
  return `set -euo pipefail\n${block.replace(/^B=\S+; KEY=\S+/, `B=${url}; KEY=${key}`)}`;
}

describe('the README', () => {
  it.skipIf(!hasCommand('curl') || !hasCommand('bash'))(
    'curl chain runs twice in a row against one server',
    async () => {
      const server = await startServer({ engine: createTaxEngine(), accounts: ACCOUNTS, port: 0, onError: () => {} });
      try {
        const script = readmeChain(server.url, KEY);
        for (let round = 0; round < 2; round++) {
          const { stdout } = await run('bash', ['-c', script], { encoding: 'utf8' });
          // The last command is the full refund of what remains: two lines, tax -140 and -35.
          const lastLine = stdout.trim().split('\n').at(-1) as string;
          const refund = JSON.parse(lastLine.slice(lastLine.lastIndexOf('{"id"'))) as {
            object: string;
            line_items: { tax_amount: number }[];
          };
          expect(refund.object).toBe('tax.refund');
          expect(refund.line_items.map((line) => line.tax_amount)).toEqual([-140, -35]);
          expect(stdout).not.toContain('undefined');
        }
      } finally {
        await server.close();
      }
    },
    60_000,
  );
});

describe('npx taxkit', () => {
  it('--help works in a checkout, built or not', async () => {
    const { stdout } = await run(process.execPath, [join(ROOT, 'bin', 'taxkit.js'), '--help'], { encoding: 'utf8' });
    expect(stdout).toContain('taxkit serve');
  }, 60_000);

  /** A checkout's shape: bin/, the staleness check, a source CLI and a built one that say which ran. */
  function fakeCheckout(): string {
    const directory = mkdtempSync(join(tmpdir(), 'taxkit-checkout-'));
    directories.push(directory);
    for (const folder of ['bin', 'scripts', 'src', 'dist/src']) mkdirSync(join(directory, folder), { recursive: true });
    copyFileSync(join(ROOT, 'bin', 'taxkit.js'), join(directory, 'bin', 'taxkit.js'));
    copyFileSync(join(ROOT, 'scripts', 'dist-is-current.mjs'), join(directory, 'scripts', 'dist-is-current.mjs'));
    symlinkSync(join(ROOT, 'node_modules'), join(directory, 'node_modules'), 'dir');
    writeFileSync(join(directory, 'package.json'), '{"type":"module"}');
    writeFileSync(
      join(directory, 'src', 'cli.ts'),
      'const from: string = "sources";\nprocess.stdout.write(from.concat("\\n"));\n',
    );
    writeFileSync(join(directory, 'dist', 'src', 'cli.js'), 'process.stdout.write("built\\n");\n');
    return directory;
  }

  it('runs the built CLI in a checkout whose dist/ is current, and the sources once one has changed since', async () => {
    const directory = fakeCheckout();
    const taxkit = () => run(process.execPath, [join(directory, 'bin', 'taxkit.js')], { encoding: 'utf8' });
    // Never built (no stamp): the sources.
    expect((await taxkit()).stdout).toBe('sources\n');
    // Built after the last change (the stamp scripts/build.mjs writes): dist/.
    const past = new Date(Date.now() - 60_000);
    for (const file of ['package.json', 'src/cli.ts', 'src']) utimesSync(join(directory, file), past, past);
    writeFileSync(join(directory, 'dist', '.built'), 'now\n');
    expect((await taxkit()).stdout).toBe('built\n');
    // A source saved after that build: the sources again, never a stale dist/.
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(directory, 'src', 'cli.ts'), future, future);
    expect((await taxkit()).stdout).toBe('sources\n');
  }, 60_000);

  it('runs dist/ in an installed package, which has no src/', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'taxkit-bin-'));
    directories.push(directory);
    mkdirSync(join(directory, 'bin'));
    mkdirSync(join(directory, 'dist', 'src'), { recursive: true });
    copyFileSync(join(ROOT, 'bin', 'taxkit.js'), join(directory, 'bin', 'taxkit.js'));
    chmodSync(join(directory, 'bin', 'taxkit.js'), 0o755);
    writeFileSync(join(directory, 'package.json'), '{"type":"module"}');
    writeFileSync(join(directory, 'dist', 'src', 'cli.js'), 'process.stdout.write("compiled cli\\n");\n');
    const { stdout } = await run(process.execPath, [join(directory, 'bin', 'taxkit.js')], { encoding: 'utf8' });
    expect(stdout).toBe('compiled cli\n');
  });
});
