/**
 * The "done when" of nexus monitoring: a seller records a year of sales through the API,
 * asks `taxkit nexus`, and sees which states it crossed (with the date and the sale), which it
 * is approaching and where it is registered, each with the rule's source; registering in one
 * makes live calculations there collect from the registration's start date.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../adapters/sqlite/index.ts';
import type { CliIo } from '../../src/cli/cli-io.ts';
import { main } from '../../src/cli/main.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { createFetchHandler } from '../../src/http/create-fetch-handler.ts';
import { callerOf } from '../helpers/http-fixtures.ts';

const directory = mkdtempSync(join(tmpdir(), 'taxkit-nexus-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const KEYS = {
  secretTest: 'sk_test_nexus_00000000000000000000',
  secretLive: 'sk_live_nexus_00000000000000000000',
  publicTest: 'pk_test_nexus_00000000000000000000',
  publicLive: 'pk_live_nexus_00000000000000000000',
};

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

const PLACES = {
  IN: { address_country: 'US', address_province: 'IN', address_postal_code: '46122' },
  WA: { address_country: 'US', address_province: 'WA', address_postal_code: '98101' },
  CA: { address_country: 'US', address_province: 'CA', address_postal_code: '90002' },
} as const;

const unix = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 1000;

describe('taxkit nexus over a year of sales recorded through the API', () => {
  it('shows the crossed, approaching and registered states with dates, sales and sources', async () => {
    const path = join(directory, 'year.db');
    const engine = createTaxEngine({
      store: createSqliteStore({ path }),
      clock: { now: () => unix('2025-12-31') * 1000 },
    });
    const call = callerOf(createFetchHandler(engine, { accounts: [{ id: 'default', keys: KEYS }] }));
    const sell = async (place: keyof typeof PLACES, iso: string, amount: number, order: string) => {
      const calculation = await call('POST', '/tax/calculations', {
        key: KEYS.secretLive,
        version: '2026-03-01',
        body: {
          customer: { address: PLACES[place] },
          order_details: {
            customer_currency_code: 'USD',
            tax_included_in_amount: false,
            line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount, quantity: 1 }],
          },
          tax_date: unix(iso),
        },
      });
      expect(calculation.status).toBe(200);
      const transaction = await call('POST', '/tax/transactions', {
        key: KEYS.secretLive,
        version: '2026-03-01',
        body: { calculation_id: calculation.json.id, reference_order_id: order, transaction_processed_at: unix(iso) },
      });
      expect(transaction.status).toBe(200);
      return transaction.json.id as string;
    };
    const indiana: string[] = [];
    for (let month = 1; month <= 12; month += 1) {
      const iso = `2025-${String(month).padStart(2, '0')}-15`;
      indiana.push(await sell('IN', iso, 1_000_000, `in-${month}`));
      await sell('WA', iso, 700_000, `wa-${month}`);
      await sell('CA', iso, 500_000, `ca-${month}`);
    }
    const registered = await call('POST', '/tax/registrations', {
      key: KEYS.secretLive,
      version: '2026-03-01',
      body: { country: 'US', province: 'CA', active_from: unix('2025-01-01') },
    });
    expect(registered.status).toBe(200);
    await engine.close();

    const { io, out, err } = fakeIo();
    expect(await main(['nexus', '--db', path, '--at', '2025-12-31'], io)).toBe(0);
    expect(err()).toBe('');
    const text = out();
    // $10,000 a month in Indiana reaches $100,000 with October's sale.
    expect(text).toMatch(/US-IN\s+EXCEEDED\s+USD 120,000\.00 of USD 100,000\.00 \(120 %\)/);
    expect(text).toContain(`crossed on 2025-10-15 by ${indiana[9]}`);
    expect(text).toContain('source: https://in.gov/dor/business-tax/remote-seller-information');
    // $7,000 a month in Washington: $84,000 of $100,000.
    expect(text).toMatch(/US-WA\s+APPROACHING\s+USD 84,000\.00 of USD 100,000\.00 \(84 %\)/);
    expect(text).toMatch(/US-CA\s+REGISTERED/);
    expect(text.indexOf('US-IN')).toBeLessThan(text.indexOf('US-WA'));

    // The same as of mid-year: nothing crossed yet in Indiana.
    const midYear = fakeIo();
    expect(await main(['nexus', '--db', path, '--at', '2025-06-30', '--json'], midYear.io)).toBe(0);
    const report = JSON.parse(midYear.out());
    const row = (jurisdiction: string) =>
      report.jurisdictions.find((j: { jurisdiction: string }) => j.jurisdiction === jurisdiction);
    expect(row('US-IN')).toMatchObject({
      status: 'below',
      sales_amount: 6_000_000,
      transaction_count: 6,
      crossed_at: null,
    });
    expect(row('US-DE')).toMatchObject({ status: 'no_sales_tax' });
    // Test mode has no sales.
    const testMode = fakeIo();
    expect(await main(['nexus', '--db', path, '--mode', 'test', '--json'], testMode.io)).toBe(0);
    expect(
      JSON.parse(testMode.out()).jurisdictions.every((j: { transaction_count: number }) => j.transaction_count === 0),
    ).toBe(true);

    // Registering in Indiana from November: live calculations there collect from that date on.
    const add = fakeIo();
    expect(
      await main(
        ['registrations', 'add', '--db', path, '--country', 'US', '--province', 'IN', '--from', '2025-11-01'],
        add.io,
      ),
    ).toBe(0);
    // Text, as `taxkit nexus` prints it; --json prints the API's answer.
    expect(add.out()).toMatch(/^Added:\nUS-IN +\S+ +from 2025-11-01 open-ended, no number +taxreg_/);
    const listed = fakeIo();
    expect(await main(['registrations', 'list', '--db', path, '--json'], listed.io)).toBe(0);
    expect(JSON.parse(listed.out()).registrations).toContainEqual(
      expect.objectContaining({ object: 'tax.registration', province: 'IN', active_from: unix('2025-11-01') }),
    );
    const bad = fakeIo();
    expect(
      await main(
        ['registrations', 'add', '--db', path, '--country', 'US', '--province', 'IN', '--from', '2025-12-01'],
        bad.io,
      ),
    ).toBe(1);
    expect(bad.err()).toMatch(/active_from/);
    const after = createTaxEngine({ store: createSqliteStore({ path }) });
    const live = { tenant: { accountId: 'default', mode: 'live' as const } };
    const taxOn = async (iso: string) =>
      (
        await after.calculations.create(
          {
            customer: { address: PLACES.IN },
            order_details: {
              customer_currency_code: 'USD',
              tax_included_in_amount: false,
              line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
            },
            tax_date: unix(iso),
          },
          live,
        )
      ).total_tax_amount;
    expect(await taxOn('2025-10-31')).toBe(0);
    expect(await taxOn('2025-11-01')).toBe(700);
    const report2 = await after.nexus.status({ at: unix('2025-12-31') }, live);
    expect(report2.jurisdictions.find((j) => j.jurisdiction === 'US-IN')?.status).toBe('registered');
    await after.close();
  });

  it('refuses a bad --at and a bad --mode as usage errors', async () => {
    const path = join(directory, 'usage.db');
    expect(await main(['nexus', '--db', path, '--at', '2025-13-01'], fakeIo().io)).toBe(2);
    expect(await main(['nexus', '--db', path, '--mode', 'prod'], fakeIo().io)).toBe(2);
  });
});
