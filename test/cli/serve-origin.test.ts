import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.ts';
import { main } from '../../src/cli/main.ts';

const KEYS = {
  TAXKIT_SECRET_KEY_TEST: 'sk_test_origin_origin_origin_origin_0001',
  TAXKIT_SECRET_KEY_LIVE: 'sk_live_origin_origin_origin_origin_0001',
  TAXKIT_PUBLIC_KEY_TEST: 'pk_test_origin_origin_origin_origin_0001',
  TAXKIT_PUBLIC_KEY_LIVE: 'pk_live_origin_origin_origin_origin_0001',
};

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function io(env: Record<string, string>) {
  let out = '';
  let err = '';
  const controller = new AbortController();
  let listening: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => (listening = resolve));
  const cwd = mkdtempSync(join(tmpdir(), 'taxkit-origin-'));
  directories.push(cwd);
  const cli: CliIo = {
    stdin: (async function* () {})(),
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
    env,
    cwd,
    shutdownSignal: () => controller.signal,
    onListening: listening,
  };
  return { cli, url, stop: () => controller.abort(), out: () => out, err: () => err };
}

/** A business customer in France with a plausible French VAT number, no origin_address. */
const B2B_FRANCE = {
  customer: {
    address: { address_country: 'FR', address_province: '', address_postal_code: '75001' },
    type: 'BUSINESS',
    tax_ids: [{ type: 'VAT', value: 'FR40303265045' }],
  },
  order_details: {
    customer_currency_code: 'EUR',
    tax_included_in_amount: false,
    line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
  },
};

async function calculate(url: string) {
  const response = await fetch(`${url}/tax/calculations`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${KEYS.TAXKIT_SECRET_KEY_TEST}`,
      'Content-Type': 'application/json',
      'X-API-Version': '2025-05-12',
    },
    body: JSON.stringify(B2B_FRANCE),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    total_tax_amount: number;
    line_items: { tax_jurisdictions: { note: string }[] }[];
  };
}

describe('taxkit serve: the account default origin', () => {
  it('--origin-country DE: an EU business sale without origin_address is reverse-charged', async () => {
    const run = io(KEYS);
    const running = main(['serve', '--memory', '--port', '0', '--origin-country', 'DE'], run.cli);
    const url = await run.url;
    try {
      const calculation = await calculate(url);
      expect(calculation.total_tax_amount).toBe(0);
      expect(calculation.line_items[0]?.tax_jurisdictions[0]?.note).toMatch(/reverse charge/i);
      expect(run.out()).toContain('Origin: DE (the default for calculations without origin_address)');
    } finally {
      run.stop();
    }
    expect(await running).toBe(0);
  });

  it('TAXKIT_ORIGIN_COUNTRY does the same; without an origin the sale pays French VAT', async () => {
    const withOrigin = io({ ...KEYS, TAXKIT_ORIGIN_COUNTRY: 'de' });
    const running = main(['serve', '--memory', '--port', '0'], withOrigin.cli);
    expect((await calculate(await withOrigin.url)).total_tax_amount).toBe(0);
    withOrigin.stop();
    expect(await running).toBe(0);

    const without = io(KEYS);
    const plain = main(['serve', '--memory', '--port', '0'], without.cli);
    expect((await calculate(await without.url)).total_tax_amount).toBe(2_000);
    without.stop();
    expect(await plain).toBe(0);
  });

  it('without an origin the banner says none is set and what that means; US rates are state level only, and a US answer says so at its top level', async () => {
    const run = io(KEYS);
    const running = main(['serve', '--memory', '--port', '0'], run.cli);
    const url = await run.url;
    try {
      expect(run.out()).toMatch(/^Origin: none set\. .*cannot be reverse-charged/m);
      expect(run.out()).toMatch(/^US rates: state level only \(the embedded table\)/m);
      expect(run.out()).not.toContain('Default origin');
      const chicago = await fetch(`${url}/tax/calculations`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEYS.TAXKIT_SECRET_KEY_TEST}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          customer: { address: { address_country: 'US', address_province: 'IL', address_postal_code: '60601' } },
          order_details: {
            customer_currency_code: 'USD',
            tax_included_in_amount: false,
            line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
          },
        }),
      });
      const body = (await chicago.json()) as { note?: string; total_tax_amount: number };
      expect(body.note).toMatch(
        /^US rate at state level only: .*county, city and district taxes, where the place levies any, are not included/,
      );
      // The French sale has nothing to add at the top level.
      expect((await calculate(url)) as { note?: string }).not.toHaveProperty('note');
    } finally {
      run.stop();
    }
    expect(await running).toBe(0);
  });

  it('a US origin needs its state and ZIP; a bad origin is a usage error (exit 2)', async () => {
    for (const args of [
      ['--origin-country', 'US'],
      ['--origin-country', 'ZZ'],
      ['--origin-province', 'CA'],
      ['--origin-country', 'US', '--origin-province', 'TN', '--origin-postal-code', '92037'],
    ]) {
      const run = io(KEYS);
      expect(await main(['serve', '--memory', '--port', '0', ...args], run.cli), args.join(' ')).toBe(2);
      expect(run.err()).toMatch(/origin/);
    }
    const run = io(KEYS);
    const running = main(
      [
        'serve',
        '--memory',
        '--port',
        '0',
        '--origin-country',
        'US',
        '--origin-province',
        'CA',
        '--origin-postal-code',
        '94103',
      ],
      run.cli,
    );
    await run.url;
    expect(run.out()).toContain('Origin: US CA 94103');
    run.stop();
    expect(await running).toBe(0);
  });
});
