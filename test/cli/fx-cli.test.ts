import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.ts';
import { main } from '../../src/cli/main.ts';

const directory = mkdtempSync(join(tmpdir(), 'taxkit-fx-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const FIXTURES = new URL('../fx-import/fixtures/', import.meta.url);
for (const name of ['synthetic-eurofxref-hist.csv', 'synthetic-hmrc-monthly.csv']) {
  copyFileSync(new URL(name, FIXTURES), join(directory, name));
}

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdin: (async function* () {})(),
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
    env: {},
    cwd: directory,
    shutdownSignal: () => new AbortController().signal,
    onListening: () => undefined,
  };
  const status = await main(argv, io);
  return { status, out, err };
}

describe('taxkit fx', () => {
  it('imports ECB and HMRC files, lists them, and re-importing changes nothing', async () => {
    const first = await run(
      'fx',
      'import',
      'synthetic-eurofxref-hist.csv',
      'synthetic-hmrc-monthly.csv',
      '--db',
      'a.db',
    );
    expect(first).toMatchObject({ status: 0, err: '' });
    expect(first.out).toContain('synthetic-eurofxref-hist.csv: ECB, 12 rates, 2026-01-08 to 2026-01-13');
    expect(first.out).toContain('synthetic-hmrc-monthly.csv: HMRC, 3 rates, 2026-01-01 to 2026-01-31');
    expect(first.out).toContain('Imported 2 file(s) into a.db: 15 new rates.');
    const again = await run('fx', 'import', 'synthetic-eurofxref-hist.csv', '--db', 'a.db');
    expect(again.out).toContain('0 new rates, 12 already held (unchanged)');
    const list = await run('fx', 'list', '--db', 'a.db');
    expect(list.status).toBe(0);
    expect(list.out).toContain('ECB   EUR/USD       4 rates  2026-01-08 to 2026-01-13');
    expect(list.out).toContain('HMRC  GBP/JPY       1 rates  2026-01-01 to 2026-01-31');
  });

  it('names the file and line of a bad line and imports nothing of any file', async () => {
    writeFileSync(join(directory, 'bad.csv'), 'Date,USD,\n2026-01-09,1.15,\n2026-01-08,1,15,\n');
    const result = await run('fx', 'import', 'synthetic-hmrc-monthly.csv', 'bad.csv', '--db', 'b.db');
    expect(result.status).toBe(1);
    expect(result.err).toMatch(/^taxkit fx import: bad\.csv, line 3: 4 columns where the header has 3/);
    expect((await run('fx', 'list', '--db', 'b.db')).out).toContain('(none imported yet');
  });

  it('refuses a rate that disagrees with one held, writing nothing', async () => {
    await run('fx', 'import', 'synthetic-eurofxref-hist.csv', '--db', 'c.db');
    writeFileSync(join(directory, 'changed.csv'), 'Date,USD,CHF\n2026-01-14,1.18,0.93\n2026-01-13,1.19,0.93\n');
    const result = await run('fx', 'import', 'changed.csv', '--db', 'c.db');
    expect(result.status).toBe(1);
    expect(result.err).toContain('is held as 1.1700');
    expect((await run('fx', 'list', '--db', 'c.db')).out).not.toContain('CHF');
  });

  it('answers wrong usage with status 2', async () => {
    expect((await run('fx')).status).toBe(2);
    expect((await run('fx', 'import', '--db', 'd.db')).status).toBe(2);
    expect((await run('fx', 'import', 'x.csv', '--source', 'fed')).status).toBe(2);
    expect((await run('fx', 'list', 'x.csv')).status).toBe(2);
    const wrongSource = await run('fx', 'import', 'synthetic-hmrc-monthly.csv', '--source', 'ecb', '--db', 'd.db');
    expect(wrongSource.status).toBe(1);
    expect(wrongSource.err).toContain('line 1: the first column must be "Date"');
  });
});
