import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../../adapters/postgres/index.ts';
import type { CliIo } from '../../../src/cli/cli-io.ts';
import { main } from '../../../src/cli/main.ts';
import { generateAvalaraFixture } from '../../helpers/avalara-fixture.ts';
import { INSTANCE_KEYS } from './start-instance.ts';
import { createTestDatabase } from './test-database.ts';

const directories: string[] = [];
let url: string;
beforeAll(async () => {
  url = await createTestDatabase();
});
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

/** An in-process CLI environment: captured output, a shutdown the test triggers. */
function fakeIo(env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const controller = new AbortController();
  let listened: (url: string) => void = () => undefined;
  const listening = new Promise<string>((resolve) => (listened = resolve));
  const cwd = mkdtempSync(join(tmpdir(), 'taxkit-pg-cli-'));
  directories.push(cwd);
  const io: CliIo = {
    stdin: (async function* () {})(),
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
    env,
    cwd,
    shutdownSignal: () => controller.signal,
    onListening: (at) => listened(at),
  };
  return { io, out: () => out, err: () => err, stop: () => controller.abort(), listening };
}

describe('taxkit serve and migrate with --postgres (in-process)', () => {
  it('refuses mixed or malformed PostgreSQL options with exit status 2', async () => {
    for (const argv of [
      ['serve', '--postgres', 'postgres://x@h/db', '--db', 'x.db'],
      ['serve', '--postgres', 'postgres://x@h/db', '--memory'],
      ['serve', '--memory', '--pool-size', '4'],
      ['serve', '--postgres', 'mysql://x@h/db'],
      ['serve', '--postgres', 'postgres://x@h/db', '--pool-size', '0'],
      ['serve', '--postgres', 'postgres://x@h/db', '--pool-size', 'ten'],
      ['migrate', '--postgres', 'postgres://x@h/db', '--db', 'x.db'],
    ]) {
      const { io, err } = fakeIo();
      expect(await main(argv, io), argv.join(' ')).toBe(2);
      expect(err()).not.toBe('');
    }
  });

  it('migrate --postgres applies the migrations and never prints the password', async () => {
    const { io, out } = fakeIo();
    expect(await main(['migrate', '--postgres', url], io)).toBe(0);
    const password = new URL(url).password;
    expect(out()).toContain('Migrated PostgreSQL postgres://postgres:***@');
    expect(out()).not.toContain(password);
  });

  it('migrate reports a database it cannot reach with exit status 1', async () => {
    const { io, err } = fakeIo();
    const unreachable = new URL(url);
    unreachable.password = 'wrong';
    expect(await main(['migrate', '--postgres', unreachable.toString()], io)).toBe(1);
    expect(err()).toContain('taxkit migrate:');
    expect(err()).not.toContain('wrong@');
  });

  it('serve takes TAXKIT_POSTGRES_URL and TAXKIT_POSTGRES_POOL_SIZE and keeps records in the database', async () => {
    const { io, out, stop, listening } = fakeIo({
      ...INSTANCE_KEYS,
      TAXKIT_POSTGRES_URL: url,
      TAXKIT_POSTGRES_POOL_SIZE: '3',
    });
    const running = main(['serve', '--port', '0'], io);
    const base = await listening;
    expect(out()).toContain('Records: PostgreSQL postgres://postgres:***@');
    expect(out()).toContain('(pool of 3)');
    expect(out()).not.toContain(new URL(url).password);
    const created = await fetch(`${base}/tax/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${INSTANCE_KEYS.TAXKIT_SECRET_KEY_TEST}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        reference_product_id: 'sku-cli',
        reference_product_name: 'Mug',
        product_category: 'GENERAL_MERCHANDISE',
      }),
    });
    expect(created.status).toBe(200);
    stop();
    expect(await running).toBe(0);
    const store = await createPostgresStore({ connectionString: url, poolSize: 1 });
    try {
      expect((await store.getProduct({ accountId: 'default', mode: 'test' }, 'sku-cli'))?.referenceProductId).toBe(
        'sku-cli',
      );
    } finally {
      await store.close();
    }
  });

  it('rates import --postgres stores the tables in the database, and rates list reads them back', async () => {
    const schemaUrl = new URL(url);
    const { io, out, err } = fakeIo();
    mkdirSync(join(io.cwd, '202603'));
    for (const file of generateAvalaraFixture({ states: ['NV'], zipsPerState: 5, vintages: ['202603'] })) {
      writeFileSync(join(io.cwd, '202603', file.fileName), file.text);
    }
    expect(await main(['rates', 'import', '202603', '--postgres', schemaUrl.toString()], io), err()).toBe(0);
    expect(out()).toMatch(/into PostgreSQL postgres:\/\/postgres:\*\*\*@[^ ]+ in [\d.]+ s: 1 new\. Rate revision 1,/);
    const list = fakeIo({ ...INSTANCE_KEYS, TAXKIT_POSTGRES_URL: url });
    expect(await main(['rates', 'list'], list.io)).toBe(0);
    expect(list.out()).toMatch(/avalara-zip5-NV-2026-03 +from 2026-03-01 +avalara-zip5, 5 rows/);
    expect(list.out()).not.toContain(new URL(url).password);
  });
});
