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

const KEY = 'sk_test_fxcli_00000000000000000000';
const ENV = {
  TAXKIT_SECRET_KEY_TEST: KEY,
  TAXKIT_SECRET_KEY_LIVE: 'sk_live_fxcli_00000000000000000000',
  TAXKIT_PUBLIC_KEY_TEST: 'pk_test_fxcli_00000000000000000000',
  TAXKIT_PUBLIC_KEY_LIVE: 'pk_live_fxcli_00000000000000000000',
};

function fakeIo() {
  let out = '';
  let err = '';
  const controller = new AbortController();
  let listening: (url: string) => void = () => undefined;
  const listened = new Promise<string>((resolve) => (listening = resolve));
  const io: CliIo = {
    stdin: (async function* () {})(),
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
    env: ENV,
    cwd: directory,
    shutdownSignal: () => controller.signal,
    onListening: (url) => listening(url),
  };
  return { io, out: () => out, err: () => err, stop: () => controller.abort(), listening: listened };
}

async function run(...argv: string[]) {
  const { io, out, err } = fakeIo();
  const status = await main(argv, io);
  return { status, out: out(), err: err() };
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

  it('serve --filing files a Berlin sale in USD in EUR through HTTP, and the report says so in JSON and CSV', async () => {
    // A synthetic rate for today (the server runs on the real clock).
    const today = new Date().toISOString().slice(0, 10);
    writeFileSync(join(directory, 'today.csv'), `Date,USD,\n${today},1.2500,\n`);
    expect((await run('fx', 'import', 'today.csv', '--db', 'serve.db')).status).toBe(0);
    writeFileSync(
      join(directory, 'filing.json'),
      JSON.stringify({ rules: [{ countries: 'EU', currency: 'EUR', source: 'ECB' }] }),
    );
    const server = fakeIo();
    const running = main(['serve', '--db', 'serve.db', '--port', '0', '--filing', 'filing.json'], server.io);
    const url = await server.listening;
    try {
      const call = async (method: string, path: string, body?: unknown, accept = 'application/json') => {
        const response = await fetch(`${url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${KEY}`,
            'content-type': 'application/json',
            'x-api-version': '2026-03-01',
            accept,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        expect(response.status, await response.clone().text()).toBe(200);
        return response;
      };
      const calculation = (await (
        await call('POST', '/tax/calculations', {
          customer: {
            address: { address_city: 'Berlin', address_postal_code: '10117', address_country: 'DE' },
          },
          order_details: {
            customer_currency_code: 'USD',
            tax_included_in_amount: false,
            line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
          },
        })
      ).json()) as { id: string; total_tax_amount: number };
      expect(calculation.total_tax_amount).toBe(1900);
      const sale = (await (
        await call('POST', '/tax/transactions', { calculation_id: calculation.id, reference_order_id: 'fx-cli-1' })
      ).json()) as { filing_currency_code: string };
      expect(sale.filing_currency_code).toBe('EUR');
      const query = `/tax/reports/liability?from=${today}&to=${today}`;
      const report = (await (await call('GET', query)).json()) as {
        totals: { currency: string; tax_collected: number }[];
      };
      // 1900 US cents at 1 / 1.25 = 0.8.
      expect(report.totals).toMatchObject([{ currency: 'EUR', tax_collected: 1520 }]);
      const csv = await (await call('GET', `${query}&format=csv`, undefined, 'text/csv')).text();
      expect(csv).toContain('EUR');
      expect(csv).toContain('1520');
    } finally {
      server.stop();
      expect(await running).toBe(0);
    }
  });

  it('serve refuses a malformed --filing file', async () => {
    writeFileSync(
      join(directory, 'bad-filing.json'),
      JSON.stringify({ rules: [{ countries: 'EU', currency: 'euro', source: 'ECB' }] }),
    );
    const result = await run('serve', '--memory', '--port', '0', '--filing', 'bad-filing.json');
    expect(result.status).toBe(1);
    expect(result.err).toContain('--filing bad-filing.json: rules[0].currency must be a three-letter currency code.');
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
