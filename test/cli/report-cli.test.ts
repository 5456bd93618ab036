import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../adapters/sqlite/index.ts';
import type { CliIo } from '../../src/cli/cli-io.ts';
import { main } from '../../src/cli/main.ts';
import { createTaxEngine } from '../../src/index.ts';
import { buildOssQuarter, Q3_RATE } from '../helpers/oss-quarter.ts';

const directory = mkdtempSync(join(tmpdir(), 'taxkit-report-cli-'));
const db = join(directory, 'taxkit.db');
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function fakeIo() {
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
  return { io, out: () => out, err: () => err };
}

const NOV_10 = 1_794_268_800; // 2026-11-10T00:00:00Z

/** Two live sales of the account `taxkit serve` uses, in Indiana (7 %) and Ontario (HST 13 %), and one in test mode. */
beforeAll(async () => {
  const store = createSqliteStore({ path: db });
  const engine = createTaxEngine({ store });
  const place = [
    { address_country: 'US', address_province: 'IN', address_postal_code: '46122' },
    { address_country: 'CA', address_province: 'ON', address_postal_code: 'M5V 2T6' },
  ];
  for (const [index, mode] of (['live', 'live', 'test'] as const).entries()) {
    const tenant = { accountId: 'default', mode };
    const calculation = await engine.calculations.create(
      {
        customer: { address: place[index % 2] as (typeof place)[number] },
        order_details: {
          customer_currency_code: index % 2 === 0 ? 'USD' : 'CAD',
          tax_included_in_amount: false,
          line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
        },
      },
      { tenant },
    );
    await engine.transactions.create(
      { calculation_id: calculation.id, reference_order_id: `o-${index}`, transaction_processed_at: NOV_10 },
      { tenant },
    );
  }
  await engine.close();
});

describe('taxkit report liability', () => {
  it('prints the live-mode report of the database as JSON: one row per state or province', async () => {
    const { io, out, err } = fakeIo();
    const status = await main(['report', 'liability', '--from', '2026-11-01', '--to', '2026-11-30', '--db', db], io);
    expect(err()).toBe('');
    expect(status).toBe(0);
    const report = JSON.parse(out());
    expect(report.object).toBe('tax.liability_report');
    expect(report.testmode).toBe(false);
    expect(
      report.rows.map((row: { jurisdiction_id: string; tax_collected: number }) => [
        row.jurisdiction_id,
        row.tax_collected,
      ]),
    ).toEqual([
      ['CA-ON-HST', 1300],
      ['US-IN', 700],
    ]);
    expect(report.totals.map((total: { currency: string }) => total.currency)).toEqual(['CAD', 'USD']);
  });

  it('prints CSV, test mode and one currency when asked', async () => {
    const { io, out } = fakeIo();
    const args = ['report', 'liability', '--from', '2026-11-01', '--to', '2026-11-30', '--db', db];
    expect(await main([...args, '--format', 'csv', '--mode', 'test'], io)).toBe(0);
    const [header, ...lines] = out().trimEnd().split('\r\n');
    expect(header?.startsWith('period_start,period_end,jurisdiction_id,country,subdivision,level')).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('US-IN');
    const usd = fakeIo();
    expect(await main([...args, '--currency', 'usd'], usd.io)).toBe(0);
    expect(JSON.parse(usd.out()).rows.map((row: { currency: string }) => row.currency)).toEqual(['USD']);
  });

  it('refuses bad values with the API error body (exit 1) and bad options as usage (exit 2)', async () => {
    const inverted = fakeIo();
    expect(
      await main(['report', 'liability', '--from', '2026-12-01', '--to', '2026-11-01', '--db', db], inverted.io),
    ).toBe(1);
    expect(inverted.err()).toContain('to is before from');
    const missing = fakeIo();
    expect(await main(['report', 'liability', '--to', '2026-11-01', '--db', db], missing.io)).toBe(1);
    expect(missing.err()).toContain('from');
    for (const args of [
      ['report'],
      ['report', 'sales'],
      ['report', 'liability', '--mode', 'prod'],
      ['report', 'liability', '--memory'],
    ]) {
      const usage = fakeIo();
      expect(await main(args, usage.io), args.join(' ')).toBe(2);
    }
  });
});

describe('taxkit report oss', () => {
  it('prints the worked quarter’s return from the database, and its BZSt upload', async () => {
    const ossDb = join(directory, 'oss.db');
    const store = createSqliteStore({ path: ossDb });
    const { engine } = await buildOssQuarter({ accountId: 'default', mode: 'test' }, store);
    await store.importExchangeRates([Q3_RATE]);
    await engine.close();
    const printed = fakeIo();
    const args = ['report', 'oss', '--quarter', '2026-Q3', '--db', ossDb, '--mode', 'test'];
    expect(await main(args, printed.io), printed.err()).toBe(0);
    const filed = JSON.parse(printed.out());
    expect(filed).toMatchObject({ object: 'tax.oss_return', reference: 'DE/123456789/Q3.2026', total_vat: 5680 });
    const upload = fakeIo();
    expect(await main([...args, '--format', 'bzst'], upload.io), upload.err()).toBe(0);
    expect(upload.out().split('\r\n')[0]).toBe('#v2.0');
    expect(upload.err()).toContain('Draft');
    const written = fakeIo();
    expect(await main([...args, '--format', 'bzst', '--out', 'oss-q3'], written.io), written.err()).toBe(0);
    expect(readFileSync(join(directory, 'oss-q3-part1.csv'), 'utf8')).toBe(upload.out());
    // An earlier file is never overwritten.
    expect(await main([...args, '--format', 'bzst', '--out', 'oss-q3'], fakeIo().io)).toBe(2);
    const bad = fakeIo();
    expect(await main(['report', 'oss', '--quarter', '2026-Q9', '--db', ossDb, '--mode', 'test'], bad.io)).toBe(1);
    expect(bad.err()).toContain('quarter');
    expect(await main(['report', 'oss', '--quarter', '2026-Q3', '--format', 'xml', '--db', ossDb], fakeIo().io)).toBe(
      2,
    );
  });
});
