import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.ts';
import { main } from '../../src/cli/main.ts';
import { writeMmdb } from '../helpers/mmdb-writer.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEYS = {
  TAXKIT_SECRET_KEY_TEST: 'sk_test_cli_00000000000000000000',
  TAXKIT_SECRET_KEY_LIVE: 'sk_live_cli_00000000000000000000',
  TAXKIT_PUBLIC_KEY_TEST: 'pk_test_cli_00000000000000000000',
  TAXKIT_PUBLIC_KEY_LIVE: 'pk_live_cli_00000000000000000000',
};
const CALCULATION = JSON.stringify({
  customer: {
    address: { address_country: 'US', address_province: 'IN', address_postal_code: '46122', address_city: 'Danville' },
  },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 200, quantity: 2 }],
  },
});

const directories: string[] = [];
function tempDir(): string {
  const directory = mkdtempSync(join(tmpdir(), 'taxkit-cli-'));
  directories.push(directory);
  return directory;
}
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

interface FakeIo extends CliIo {
  readonly out: () => string;
  readonly err: () => string;
  readonly stop: () => void;
  readonly listening: Promise<string>;
}

function fakeIo(options: { stdin?: string; env?: Record<string, string>; cwd?: string } = {}): FakeIo {
  let out = '';
  let err = '';
  const controller = new AbortController();
  const listened = deferred<string>();
  return {
    stdin: (async function* () {
      if (options.stdin !== undefined) yield Buffer.from(options.stdin, 'utf8');
    })(),
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
    env: options.env ?? {},
    cwd: options.cwd ?? tempDir(),
    shutdownSignal: () => controller.signal,
    onListening: listened.resolve,
    out: () => out,
    err: () => err,
    stop: () => controller.abort(),
    listening: listened.promise,
  };
}

/** A promise and the function that resolves it (Promise.withResolvers is Node 22+). */
function deferred<T>() {
  let resolve: ((value: T) => void) | undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve: (value: T) => resolve?.(value) };
}

describe('taxkit calc (in-process)', () => {
  it('prints the calculation for a request on stdin', async () => {
    const io = fakeIo({ stdin: CALCULATION });
    expect(await main(['calc'], io)).toBe(0);
    const response = JSON.parse(io.out());
    expect(response).toMatchObject({ object: 'tax.calculation', total_tax_amount: 14, testmode: true });
    expect('customer' in response).toBe(false);
    expect(io.err()).toBe('');
  });

  it('answers in the shape of --version', async () => {
    const io = fakeIo({ stdin: CALCULATION });
    expect(await main(['calc', '--version', '2026-03-01'], io)).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ location_source: 'address', customer: { type: 'CONSUMER' } });
  });

  it('prints the error body of the version on stderr and exits 1', async () => {
    const nested = fakeIo({ stdin: '{"customer":' });
    expect(await main(['calc'], nested)).toBe(1);
    expect(nested.out()).toBe('');
    expect(JSON.parse(nested.err())).toMatchObject({ error: { code: 'invalid_json', error_code: 'invalid_json' } });

    const flat = fakeIo({ stdin: '{}' });
    expect(await main(['calc', '--version', '2026-01-01'], flat)).toBe(1);
    expect(JSON.parse(flat.err())).toEqual({
      code: 400,
      type: 'MISSING_FIELD',
      message: expect.any(String),
      param: expect.any(String),
    });

    const badVersion = fakeIo({ stdin: CALCULATION });
    expect(await main(['calc', '--version', 'tomorrow'], badVersion)).toBe(1);
    expect(JSON.parse(badVersion.err())).toMatchObject({ code: 400, type: 'INVALID_API_VERSION' });
  });
});

describe('usage', () => {
  it('--help and help print the usage', async () => {
    for (const argv of [['--help'], ['help'], ['-h'], ['calc', '--help'], ['serve', '--help']]) {
      const io = fakeIo();
      expect(await main(argv, io)).toBe(0);
      expect(io.out()).toContain('taxkit serve');
    }
  });

  it('a missing or unknown command or option exits 2', async () => {
    for (const argv of [
      [],
      ['frobnicate'],
      ['calc', '--bogus'],
      ['serve', '--memory', '--db', 'x.db'],
      ['serve', '--port', 'http'],
      ['serve', '--port', '70000'],
      ['migrate', 'extra'],
    ]) {
      const io = fakeIo();
      expect(await main(argv, io), argv.join(' ')).toBe(2);
      expect(io.err()).not.toBe('');
    }
  });
});

describe('taxkit serve (in-process)', () => {
  it('--memory --port 0: serves with the keys of the environment and stops gracefully', async () => {
    const cwd = tempDir();
    const io = fakeIo({ env: KEYS, cwd });
    const running = main(['serve', '--memory', '--port', '0'], io);
    const url = await io.listening;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const ping = await fetch(`${url}/tax/ping`, {
      headers: { authorization: `Bearer ${KEYS.TAXKIT_SECRET_KEY_LIVE}` },
    });
    expect(await ping.json()).toMatchObject({ status: 'ok', env: 'prod' });
    // Keys from the environment are never printed (docs/reliability.md "Secrets"): the hint names the variable.
    expect(io.out()).toContain(`curl -s ${url}/tax/ping -H "Authorization: Bearer $TAXKIT_SECRET_KEY_TEST"`);
    for (const key of Object.values(KEYS)) expect(io.out()).not.toContain(key);
    expect(io.out()).toContain('from TAXKIT_PUBLIC_KEY_LIVE');
    io.stop();
    expect(await running).toBe(0);
    expect(io.out()).toContain('Stopped.');
    // Memory mode writes nothing.
    expect(existsSync(join(cwd, '.taxkit'))).toBe(false);
    await expect(fetch(`${url}/tax/ping`)).rejects.toThrow();
  });

  it('--memory without key variables says its generated keys last this run only', async () => {
    const io = fakeIo();
    const running = main(['serve', '--memory', '--port', '0'], io);
    await io.listening;
    io.stop();
    expect(await running).toBe(0);
    expect(io.out()).toContain('generated for this run only: --memory keeps no keys file');
    expect(io.out()).toContain('TAXKIT_SECRET_KEY_TEST');
    expect(io.out()).not.toContain('shown this once');
  });

  it('SQLite: creates the account once, keeps its keys in keys.json (0600) and its records across restarts', async () => {
    const cwd = tempDir();
    const first = fakeIo({ cwd });
    const running = main(['serve', '--port', '0'], first);
    const url = await first.listening;
    const keysPath = join(cwd, '.taxkit', 'keys.json');
    expect(statSync(keysPath).mode & 0o777).toBe(0o600);
    expect(existsSync(join(cwd, '.taxkit', 'taxkit.db'))).toBe(true);
    const keys = JSON.parse(readFileSync(keysPath, 'utf8'));
    expect(keys).toMatchObject({
      accountId: 'default',
      secretTest: expect.stringMatching(/^sk_test_/),
      publicLive: expect.stringMatching(/^pk_live_/),
    });
    for (const key of [keys.secretTest, keys.secretLive, keys.publicTest, keys.publicLive])
      expect(first.out()).toContain(key);
    const created = await fetch(`${url}/tax/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.secretTest}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        reference_product_id: 'sku-1',
        reference_product_name: 'Mug',
        product_category: 'GENERAL_MERCHANDISE',
      }),
    });
    expect(created.status).toBe(200);
    first.stop();
    expect(await running).toBe(0);

    const second = fakeIo({ cwd, env: { TAXKIT_SECRET_KEY_LIVE: KEYS.TAXKIT_SECRET_KEY_LIVE } });
    const again = main(['serve', '--port', '0'], second);
    const url2 = await second.listening;
    expect(second.out()).not.toContain(keys.secretLive);
    expect(second.out()).toContain('from TAXKIT_SECRET_KEY_LIVE');
    const product = await fetch(`${url2}/tax/products/sku-1`, {
      headers: { authorization: `Bearer ${keys.secretTest}` },
    });
    expect(product.status).toBe(200);
    // The variable replaced the file's live key.
    const oldLive = await fetch(`${url2}/tax/ping`, { headers: { authorization: `Bearer ${keys.secretLive}` } });
    expect(oldLive.status).toBe(401);
    expect(JSON.parse(readFileSync(keysPath, 'utf8'))).toEqual(keys);
    second.stop();
    expect(await again).toBe(0);
  });

  it('--db PATH puts the database and keys.json where asked', async () => {
    const cwd = tempDir();
    const io = fakeIo({ cwd, env: KEYS });
    const running = main(['serve', '--db', 'data/store.db', '--port', '0'], io);
    await io.listening;
    io.stop();
    expect(await running).toBe(0);
    expect(existsSync(join(cwd, 'data', 'store.db'))).toBe(true);
    // Every key came from the environment: no keys file is needed.
    expect(existsSync(join(cwd, 'data', 'keys.json'))).toBe(false);
  });

  it('--geoip loads a MaxMind DB, so 2026-03-01 calculations can use customer.ip', async () => {
    const cwd = tempDir();
    const record = {
      country: { iso_code: 'US', names: { en: 'United States' } },
      subdivisions: [{ iso_code: 'IN', names: { en: 'Indiana' } }],
      city: { names: { en: 'Danville' } },
      postal: { code: '46122' },
    };
    writeFileSync(
      join(cwd, 'city.mmdb'),
      writeMmdb({ databaseType: 'GeoLite2-City', networks: [{ network: '203.0.113.0/24', record }] }),
    );
    const io = fakeIo({ cwd, env: KEYS });
    const running = main(['serve', '--memory', '--port', '0', '--geoip', 'city.mmdb'], io);
    const url = await io.listening;
    const response = await fetch(`${url}/tax/calculations`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEYS.TAXKIT_SECRET_KEY_TEST}`,
        'content-type': 'application/json',
        'x-api-version': '2026-03-01',
      },
      body: JSON.stringify({
        customer: { ip: { value: '203.0.113.9' } },
        order_details: {
          customer_currency_code: 'USD',
          tax_included_in_amount: false,
          line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1000, quantity: 1 }],
        },
      }),
    });
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ location_source: 'ip', address_used: { address_province: 'IN' } });
    io.stop();
    expect(await running).toBe(0);
  });

  it('--geoip with a missing file exits 1 naming it', async () => {
    const io = fakeIo({ env: KEYS });
    expect(await main(['serve', '--memory', '--port', '0', '--geoip', 'missing.mmdb'], io)).toBe(1);
    expect(io.err()).toContain('missing.mmdb');
  });

  it('a port in use exits 1 with the reason', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const io = fakeIo({ env: KEYS });
    expect(await main(['serve', '--memory', '--port', String(port)], io)).toBe(1);
    expect(io.err()).toContain('EADDRINUSE');
    await new Promise((resolve) => blocker.close(resolve));
  });
});

describe('taxkit migrate (in-process)', () => {
  it('creates the database', async () => {
    const cwd = tempDir();
    const io = fakeIo({ cwd });
    expect(await main(['migrate', '--db', 'nested/dir/tax.db'], io)).toBe(0);
    expect(existsSync(join(cwd, 'nested', 'dir', 'tax.db'))).toBe(true);
    expect(io.out()).toContain('nested/dir/tax.db');
    // Running it again is a no-op.
    expect(await main(['migrate', '--db', 'nested/dir/tax.db'], fakeIo({ cwd }))).toBe(0);
  });

  it('reports a path it cannot use', async () => {
    const cwd = tempDir();
    const io = fakeIo({ cwd });
    mkdirSync(join(cwd, 'taken.db'));
    expect(await main(['migrate', '--db', 'taken.db'], io)).toBe(1);
    expect(io.err()).toContain('taxkit migrate:');
  });
});

/**
 * The real executable, compiled. Built here into a private directory inside node_modules (so
 * packages resolve) with the steps of scripts/build.mjs, rather than reusing dist/, which may
 * be stale or rebuilt by someone else while the tests run.
 */
describe('the compiled bin', () => {
  let bin = '';
  beforeAll(() => {
    const cache = join(ROOT, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const out = mkdtempSync(join(cache, 'taxkit-cli-test-'));
    directories.push(out);
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.json'), '--outDir', out],
      { stdio: 'pipe' },
    );
    cpSync(join(ROOT, 'adapters/sqlite/migrations'), join(out, 'adapters/sqlite/migrations'), { recursive: true });
    cpSync(join(ROOT, 'data'), join(out, 'data'), { recursive: true });
    bin = join(out, 'src', 'cli.js');
  }, 120_000);

  it('starts with a shebang', () => {
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('calc reads stdin', () => {
    const output = execFileSync(process.execPath, [bin, 'calc', '--version', '2025-05-12'], {
      input: CALCULATION,
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toMatchObject({ total_tax_amount: 14, customer: { type: 'CONSUMER' } });
  });

  it('serve stops on SIGTERM after finishing, with exit status 0', async () => {
    const cwd = tempDir();
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
      cwd,
      env: { ...process.env, ...KEYS, PORT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (out += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: string) => {
        out += chunk;
        const found = /listening on (http:\/\/\S+)/.exec(out);
        if (found?.[1] !== undefined) resolve(found[1]);
      });
      child.on('exit', () => reject(new Error(`exited early:\n${out}`)));
    });
    const response = await fetch(`${url}/tax/ping`, {
      headers: { authorization: `Bearer ${KEYS.TAXKIT_SECRET_KEY_TEST}` },
    });
    expect(response.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('Stopped.');
    expect(existsSync(join(cwd, '.taxkit', 'taxkit.db'))).toBe(true);
  }, 30_000);
});

describe('taxkit serve keeps secrets', () => {
  const occurrences = (text: string, part: string) => text.split(part).length - 1;

  it('prints each new key once, and on later starts no key at all', async () => {
    const cwd = tempDir();
    const first = fakeIo({ cwd });
    const running = main(['serve', '--port', '0'], first);
    await first.listening;
    first.stop();
    expect(await running).toBe(0);
    const keys = JSON.parse(readFileSync(join(cwd, '.taxkit', 'keys.json'), 'utf8'));
    for (const slot of ['secretTest', 'secretLive', 'publicTest', 'publicLive']) {
      expect(occurrences(first.out(), keys[slot]), slot).toBe(1);
    }

    const second = fakeIo({ cwd });
    const again = main(['serve', '--port', '0'], second);
    const url = await second.listening;
    second.stop();
    expect(await again).toBe(0);
    for (const slot of ['secretTest', 'secretLive', 'publicTest', 'publicLive']) {
      expect(second.out(), slot).not.toContain(keys[slot]);
    }
    // The hint still works when pasted into a shell in the same directory.
    const hint = /Bearer (\$\(node -p "(.*)"\))/.exec(second.out());
    expect(hint).not.toBeNull();
    const key = execFileSync(process.execPath, ['-p', hint?.[2] as string], { cwd, encoding: 'utf8' }).trim();
    expect(key).toBe(keys.secretTest);
    expect(url).toMatch(/^http:/);
  });

  it('a key from a variable is shown only as its variable and last four characters', async () => {
    const cwd = tempDir();
    const io = fakeIo({ cwd, env: { TAXKIT_SECRET_KEY_TEST: 'sk_test_from_env_0000000000001234' } });
    const running = main(['serve', '--port', '0'], io);
    await io.listening;
    io.stop();
    expect(await running).toBe(0);
    expect(io.out()).not.toContain('sk_test_from_env_0000000000001234');
    expect(io.out()).toContain('sk_test_…1234 (from TAXKIT_SECRET_KEY_TEST)');
    expect(io.out()).toContain('Bearer $TAXKIT_SECRET_KEY_TEST');
  });

  it('creates .taxkit/ 0700 and the database 0600 (its WAL too) whatever the umask', async () => {
    const before = process.umask(0o000);
    try {
      const cwd = tempDir();
      const io = fakeIo({ cwd });
      const running = main(['serve', '--port', '0'], io);
      const url = await io.listening;
      // A write, so the WAL file exists.
      const keys = JSON.parse(readFileSync(join(cwd, '.taxkit', 'keys.json'), 'utf8'));
      await fetch(`${url}/tax/products`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.secretTest}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reference_product_id: 'p', reference_product_name: 'P', product_category: 'EXEMPT' }),
      });
      expect(statSync(join(cwd, '.taxkit')).mode & 0o777).toBe(0o700);
      expect(statSync(join(cwd, '.taxkit', 'taxkit.db')).mode & 0o777).toBe(0o600);
      expect(statSync(join(cwd, '.taxkit', 'taxkit.db-wal')).mode & 0o777).toBe(0o600);
      expect(statSync(join(cwd, '.taxkit', 'keys.json')).mode & 0o777).toBe(0o600);
      io.stop();
      expect(await running).toBe(0);
    } finally {
      process.umask(before);
    }
  });
});

describe('taxkit serve as a test stand-in', () => {
  it('--test-harness --seed: a clock route, reproducible ids, and DB-IP City Lite for customer.ip', async () => {
    const answers: string[] = [];
    for (const round of [1, 2]) {
      const io = fakeIo({ env: KEYS });
      const running = main(['serve', '--memory', '--port', '0', '--test-harness', '--seed', 'suite'], io);
      const url = await io.listening;
      expect(io.out()).toContain('GeoIP: IP Geolocation by DB-IP (https://db-ip.com), CC BY 4.0');
      expect(io.out()).toContain('Test harness: on');
      const headers = {
        authorization: `Bearer ${KEYS.TAXKIT_SECRET_KEY_TEST}`,
        'content-type': 'application/json',
        'x-api-version': '2026-03-01',
      };
      const clock = await fetch(`${url}/tax/test_helpers/clock`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ now: 1_750_000_000, frozen: true }),
      });
      expect(await clock.json()).toEqual({ object: 'test_clock', now: 1_750_000_000, frozen: true });
      const byIp = (resolution: string) =>
        fetch(`${url}/tax/calculations`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            customer: { ip: { value: '8.8.8.8', resolution } },
            order_details: {
              customer_currency_code: 'USD',
              tax_included_in_amount: false,
              line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
            },
          }),
        });
      // DB-IP Lite has no postal codes: strict cannot place a US customer in a ZIP…
      const strict = await byIp('strict');
      expect(strict.status).toBe(422);
      expect(await strict.json()).toMatchObject({ type: 'IP_RESOLUTION_INSUFFICIENT_US' });
      // …approximate takes the most populous ZIP of the city (Mountain View, California).
      const approximate = await byIp('approximate');
      expect(approximate.status).toBe(200);
      const text = await approximate.text();
      expect(JSON.parse(text)).toMatchObject({
        resolution_precision: 'APPROXIMATED',
        address_used: { address_province: 'CA', address_country: 'US' },
      });
      answers.push(text);
      if (round === 1) {
        const live = await fetch(`${url}/tax/test_helpers/clock`, {
          headers: { authorization: `Bearer ${KEYS.TAXKIT_SECRET_KEY_LIVE}` },
        });
        expect(live.status).toBe(404);
      }
      io.stop();
      expect(await running).toBe(0);
    }
    expect(answers[1]).toBe(answers[0]);
  });

  it('without --test-harness there is no clock route, and --geoip off serves without GeoIP', async () => {
    const io = fakeIo({ env: KEYS });
    const running = main(['serve', '--memory', '--port', '0', '--geoip', 'off'], io);
    const url = await io.listening;
    expect(io.out()).toContain('GeoIP: off');
    const clock = await fetch(`${url}/tax/test_helpers/clock`, {
      headers: { authorization: `Bearer ${KEYS.TAXKIT_SECRET_KEY_TEST}` },
    });
    expect(clock.status).toBe(404);
    io.stop();
    expect(await running).toBe(0);
  });
});
