/**
 * The dashboard in a real browser: Debian's Chromium (`/usr/bin/chromium`; .ci/run installs it)
 * driven by playwright-core, against `startServer` with a seeded ledger in test and live mode.
 * It logs in from the keyboard, checks every figure shown against the API's own answer,
 * downloads the liability CSV and compares it byte for byte with the API's, and writes
 * screenshots at a laptop and a phone width under test-output/dashboard/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine, type TaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import { startServer, type RunningServer } from '../../src/http/start-server.ts';
import { ACCOUNT_A } from '../helpers/http-fixtures.ts';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUTPUT = join(ROOT, 'test-output', 'dashboard');
const MONTH = '2026-10';
const KEYS = ACCOUNT_A.keys;
// (Page scripts below are strings: the test project's types have no DOM.)

type Json = any;

const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  console.warn(
    `Skipping the dashboard's browser test: ${CHROMIUM} is missing (apt-get install chromium; .ci/run does it).`,
  );
}

/** The dashboard's own rule, written again: minor units as a decimal of the currency's 2 digits. */
function money(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${digits.slice(-2)}`;
}

describe.skipIf(!haveChromium)('the dashboard in Chromium', () => {
  let engine: TaxEngine;
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  const problems: string[] = [];
  let now = Date.parse('2026-10-03T10:00:00Z');

  const api = async (key: string, method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const json = async (key: string, method: string, path: string, body?: unknown): Promise<Json> => {
    const response = await api(key, method, path, body);
    expect(response.status, `${method} ${path}`).toBe(200);
    return response.json();
  };

  const sell = async (
    key: string,
    iso: string,
    order: string,
    address: Json,
    amounts: number[],
    { currency = 'USD', categories = [] as string[] } = {},
  ) => {
    now = Date.parse(iso);
    const calculation = await json(key, 'POST', '/tax/calculations', {
      customer: { address },
      order_details: {
        customer_currency_code: currency,
        tax_included_in_amount: false,
        line_items: amounts.map((amount, index) => ({
          reference_line_item_id: `line-${index + 1}`,
          product_category: categories[index] ?? 'GENERAL_MERCHANDISE',
          amount,
          quantity: 1,
        })),
      },
    });
    return json(key, 'POST', '/tax/transactions', { calculation_id: calculation.id, reference_order_id: order });
  };

  const INDIANA = { address_country: 'US', address_province: 'IN', address_postal_code: '46204' };
  const CALIFORNIA = { address_country: 'US', address_province: 'CA', address_postal_code: '94103' };
  const WASHINGTON = { address_country: 'US', address_province: 'WA', address_postal_code: '98101' };
  const GERMANY = { address_country: 'DE', address_province: '', address_postal_code: '10115' };

  beforeAll(async () => {
    const build = mkdtempSync(join(tmpdir(), 'taxkit-dashboard-'));
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-dashboard.mjs'), build]);
    engine = createTaxEngine({ store: createMemoryStore(), clock: { now: () => now }, ids: createCountingIds() });
    server = await startServer({ engine, accounts: [ACCOUNT_A], port: 0, dashboard: build });

    // Test mode: three sales, a partial refund, a full refund reversed, a registration.
    const secret = KEYS.secretTest;
    await json(secret, 'POST', '/tax/registrations', { country: 'US', province: 'IN', active_from: 1_767_225_600 });
    await sell(secret, '2026-10-02T09:00:00Z', 'order-1', INDIANA, [12_000, 3_000]);
    const second = await sell(secret, '2026-10-05T16:30:00Z', 'order-2', CALIFORNIA, [25_000]);
    const third = await sell(secret, '2026-10-12T11:15:00Z', 'order-3', INDIANA, [4_000]);
    // Groceries, exempt in Indiana: a second Indiana row at rate 0, netting to zero (the chart
    // draws neither a zero bar nor Indiana twice); and a sale in euros (a chart of its own).
    await sell(secret, '2026-10-14T08:00:00Z', 'order-4', INDIANA, [2_500], { categories: ['FOOD_GENERAL'] });
    await sell(secret, '2026-10-15T08:00:00Z', 'order-5', GERMANY, [10_000], { currency: 'EUR' });
    now = Date.parse('2026-10-21T10:00:00Z');
    await json(secret, 'POST', '/tax/refunds', {
      transaction_id: second.id,
      type: 'partial',
      line_items: [
        { reference_line_item_id: 'line-1', sales_amount_refunded: -5_000, tax_amount_refunded: -363, quantity: 1 },
      ],
    });
    now = Date.parse('2026-10-24T10:00:00Z');
    const refund = await json(secret, 'POST', '/tax/refunds', { transaction_id: third.id, type: 'full' });
    now = Date.parse('2026-10-25T10:00:00Z');
    await json(secret, 'POST', '/tax/refund_reversals', { refund_id: refund.id });
    // Live mode: one sale past Washington's USD 100,000 threshold.
    await sell(KEYS.secretLive, '2026-10-08T12:00:00Z', 'live-1', WASHINGTON, [12_000_000]);
    now = Date.parse('2026-10-30T12:00:00Z');

    mkdirSync(OUTPUT, { recursive: true });
    profile = mkdtempSync(join(tmpdir(), 'taxkit-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      acceptDownloads: true,
      viewport: { width: 1280, height: 900 },
      // No sandbox (root in CI), and none of Chromium's own connections: the machine may have no network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    rmSync(build, { recursive: true, force: true });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    if (profile !== undefined) rmSync(profile, { recursive: true, force: true });
    await server?.close();
    await engine?.close();
  });

  const section = (mode: 'test' | 'live') => page.locator(`section.mode[data-mode="${mode}"]`);
  const loaded = async (mode: 'test' | 'live') =>
    page.waitForSelector(`section.mode[data-mode="${mode}"][aria-busy="false"]`);

  it('is served with a policy that allows only its own origin, and no key', async () => {
    const response = await page.goto(`${server.url}/dashboard`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${server.url}/dashboard/`);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toBe('no-cache');
    const script = await api('', 'GET', '/dashboard/app.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await fetch(`${server.url}/dashboard/app.js`, {
      headers: { 'If-None-Match': script.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect((await fetch(`${server.url}/dashboard/nothing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/dashboard/`, { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('refuses a wrong key and a public key, and shows nothing', async () => {
    // Keyboard only: Tab reaches the key field, Enter submits.
    let focused = '';
    for (let presses = 0; presses < 5 && focused !== 'key'; presses += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate<string>("document.activeElement?.id ?? ''");
    }
    expect(focused).toBe('key');
    await page.keyboard.type('sk_test_wrongwrongwrongwrongwrongwrong');
    await page.keyboard.press('Enter');
    const error = page.locator('#login-error');
    await error.waitFor({ state: 'visible' });
    expect(await error.textContent()).toContain('401 UNAUTHORIZED');
    expect(await page.locator('#app-view').isHidden()).toBe(true);

    await page.fill('#key', KEYS.publicTest as string);
    await page.keyboard.press('Enter');
    // A locator wait, not a string predicate: Playwright polls a string with eval, which the page's
    // CSP (no 'unsafe-eval') refuses whenever the error is not there at the first look.
    await page.locator('#login-error', { hasText: 'pk_test_' }).waitFor();
    expect(await error.textContent()).toContain('needs a secret key');
    expect(await page.locator('#app-view').isHidden()).toBe(true);
    expect(await page.locator('section.mode').count()).toBe(0);
    expect(await page.evaluate<number>('sessionStorage.length')).toBe(0);
  });

  it('logs in with the test and live keys and shows the month’s transactions as the API lists them', async () => {
    await page.fill('#key', KEYS.secretTest);
    await page.fill('#key2', KEYS.secretLive);
    await page.keyboard.press('Enter');
    await page.locator('#app-view').waitFor({ state: 'visible' });
    expect(await section('test').locator('.mode-label').textContent()).toBe('Test mode');
    expect(await section('live').locator('.mode-label').textContent()).toBe('Live mode');
    await page.fill('#month', MONTH);
    await page.click('#filters button[type="submit"]');
    await loaded('test');
    await loaded('live');
    for (const [mode, key] of [
      ['test', KEYS.secretTest],
      ['live', KEYS.secretLive],
    ] as const) {
      const listed = await json(key, 'GET', '/tax/transactions?processed_from=1790812800&processed_to=1793491199');
      const rows = section(mode).locator('table').first().locator('tbody tr');
      expect(await rows.count()).toBe(listed.transactions.length);
      for (const [index, transaction] of listed.transactions.entries()) {
        const row = rows.nth(index);
        const sales = transaction.line_items.reduce((sum: number, line: Json) => sum + line.amount_excluding_tax, 0);
        const tax = transaction.line_items.reduce((sum: number, line: Json) => sum + line.tax_amount, 0);
        // The id is shown short, the whole one kept for the asking.
        const id = row.locator('.id');
        expect(await id.getAttribute('data-id')).toBe(transaction.id);
        expect((await id.textContent())?.length).toBeLessThan(transaction.id.length);
        expect(await row.locator('[data-amount="sales"]').textContent()).toBe(money(sales));
        expect(await row.locator('[data-amount="tax"]').textContent()).toBe(money(tax));
      }
    }
    const refunds = await json(
      KEYS.secretTest,
      'GET',
      '/tax/refunds?processed_from=1790812800&processed_to=1793491199',
    );
    expect(await section('test').locator(`[data-id="${refunds.refunds[0].id}"]`).count()).toBeGreaterThan(0);
    const reversals = await json(KEYS.secretTest, 'GET', '/tax/refund_reversals');
    expect(reversals.refunds).toHaveLength(1);
    const reversed = section('test').locator('table', { hasText: 'Refunds reversed' });
    expect(await reversed.locator(`[data-id="${reversals.refunds[0].id}"]`).count()).toBe(1);
    // In the two-column view an id takes one line (it wrapped over five), and a press shows it whole.
    const first = section('test').locator('table').first().locator('tbody tr').first().locator('button.id');
    const box = await first.boundingBox();
    expect(box?.height).toBeLessThan(30);
    await first.click();
    expect(await first.textContent()).toBe(await first.getAttribute('data-id'));
    await first.click();
    expect((await first.textContent())?.includes('…')).toBe(true);
  });

  it('on a 390 px phone, shows every transaction’s amounts on screen, first, with nothing behind a sideways scroll', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const rows = section('test').locator('table').first().locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    for (let index = 0; index < (await rows.count()); index += 1) {
      const row = rows.nth(index);
      const rowBox = await row.boundingBox();
      for (const kind of ['sales', 'tax']) {
        const box = await row.locator(`[data-amount="${kind}"]`).boundingBox();
        expect(box, kind).not.toBeNull();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390, `${kind} on screen`).toBe(true);
        // Amounts first: on the card's first line, above the order, date and id.
        expect((box?.y ?? 0) - (rowBox?.y ?? 0)).toBeLessThan(45);
      }
      const id = await row.locator('.id').boundingBox();
      expect(id?.height).toBeLessThan(30);
    }
    await page.screenshot({ path: join(OUTPUT, 'transactions-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('finds an order by its id and opens its lines, jurisdictions and refunds', async () => {
    await page.fill('#order', 'order-2');
    await page.keyboard.press('Enter');
    await loaded('test');
    const rows = section('test').locator('table').first().locator('tbody > tr');
    expect(await rows.count()).toBe(1);
    const list = section('test').locator('table').first();
    const widthBefore = (await list.boundingBox())?.width;
    const lines = rows.first().getByRole('button', { name: /^Lines/ });
    await lines.click();
    // The lines open in a panel of their own, not inside the table, which keeps its width.
    const details = page.locator('#panel');
    await details.locator('table', { hasText: 'Refunds of' }).waitFor();
    expect(await details.isVisible()).toBe(true);
    expect(await page.locator('table #panel').count()).toBe(0);
    expect(await lines.getAttribute('aria-expanded')).toBe('true');
    expect((await list.boundingBox())?.width).toBe(widthBefore);
    expect(await details.locator('#panel-title').textContent()).toBe('Order order-2');
    expect(await details.textContent()).toContain('California 7.25 %');
    await page.screenshot({ path: join(OUTPUT, 'panel-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(OUTPUT, 'panel-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    const refunds = await json(
      KEYS.secretTest,
      'GET',
      '/tax/refunds?processed_from=1790812800&processed_to=1793491199',
    );
    const partial = refunds.refunds.find((refund: Json) => refund.refund_type === 'partial');
    const refundRow = details.locator('tbody tr', { has: page.locator(`[data-id="${partial.id}"]`) });
    expect(await refundRow.locator('td').allTextContents()).toEqual([
      '-50.00',
      '-3.63',
      '2026-10-21 10:00 UTC',
      expect.stringContaining('…'),
      'no',
    ]);
    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    expect(await details.isHidden()).toBe(true);
    expect(await lines.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate<string>("document.activeElement?.textContent ?? ''")).toBe('Lines');
    expect(await section('live').textContent()).toContain('No transactions recorded in 2026-10 for order order-2');
    await page.fill('#order', '');
    await page.click('#filters button[type="submit"]');
    await loaded('test');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(OUTPUT, 'transactions-1280.png'), fullPage: true });
  });

  it('shows what is owed per jurisdiction as the API reports it, and downloads the API’s CSV byte for byte', async () => {
    await page.click('nav.pages a[href="#liability"]');
    await loaded('test');
    await loaded('live');
    const query = '/tax/reports/liability?from=2026-10-01&to=2026-10-31';
    for (const [mode, key] of [
      ['test', KEYS.secretTest],
      ['live', KEYS.secretLive],
    ] as const) {
      const report = await json(key, 'GET', query);
      expect(report.rows.length).toBeGreaterThan(0);
      const shown = await section(mode).locator('[data-testid="net-tax"]').allTextContents();
      expect(shown).toEqual(report.rows.map((row: Json) => money(row.net_tax)));
      const totals = section(mode).locator('table', { hasText: 'Totals by currency' });
      for (const total of report.totals) expect(await totals.textContent()).toContain(money(total.net_tax));
      // One chart per currency, a bar per jurisdiction that owes something, each label once.
      const expected = new Map<string, Map<string, number>>();
      for (const row of report.rows) {
        const bars = expected.get(row.currency) ?? new Map<string, number>();
        bars.set(row.jurisdiction_id, (bars.get(row.jurisdiction_id) ?? 0) + row.net_tax);
        expected.set(row.currency, bars);
      }
      const charts = section(mode).locator('figure.chart');
      const drawn = [...expected].filter(([, bars]) => [...bars.values()].some((net) => net !== 0));
      expect(await charts.count()).toBe(drawn.length);
      for (const [currency, bars] of drawn) {
        const chart = section(mode).locator(`figure.chart[data-currency="${currency}"]`);
        const nonZero = [...bars].filter(([, net]) => net !== 0);
        expect(await chart.locator('li').count()).toBe(nonZero.length);
        const labels = await chart.locator('.bar-label').allTextContents();
        expect(new Set(labels).size).toBe(labels.length);
        for (const [id, net] of nonZero) {
          expect(await chart.locator(`li[data-jurisdiction="${id}"] .bar-value`).textContent()).toBe(money(net));
        }
      }
    }
    // The seeded ledger has what the chart must not repeat: euros beside dollars, and Indiana
    // twice (groceries at rate 0), once netting to zero.
    const testReport = await json(KEYS.secretTest, 'GET', query);
    expect(new Set(testReport.rows.map((row: Json) => row.currency))).toEqual(new Set(['USD', 'EUR']));
    const indiana = testReport.rows.filter((row: Json) => row.jurisdiction_id === 'US-IN');
    expect(indiana.length).toBeGreaterThan(1);
    expect(indiana.some((row: Json) => row.net_tax === 0)).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section('test').locator('[data-testid="csv-download"]').click(),
    ]);
    expect(download.suggestedFilename()).toBe('liability-test-2026-10-01-2026-10-31.csv');
    const downloaded = readFileSync(await download.path());
    const fromApi = Buffer.from(await (await api(KEYS.secretTest, 'GET', `${query}&format=csv`)).arrayBuffer());
    expect(downloaded.length).toBeGreaterThan(100);
    expect(downloaded.equals(fromApi)).toBe(true);
    await page.screenshot({ path: join(OUTPUT, 'liability-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(OUTPUT, 'liability-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows nexus as the API gives it: progress, thresholds, the crossing and the registrations', async () => {
    await page.click('nav.pages a[href="#nexus"]');
    await loaded('test');
    await loaded('live');
    const live = await json(KEYS.secretLive, 'GET', '/tax/nexus');
    const washington = live.jurisdictions.find((entry: Json) => entry.jurisdiction === 'US-WA');
    expect(washington.status).toBe('exceeded');
    const item = section('live').locator('li[data-jurisdiction="US-WA"]');
    expect(await item.locator('progress').getAttribute('value')).toBe('1');
    expect(await item.textContent()).toContain(
      `sales ${money(washington.sales_amount)} of ${money(washington.threshold_amount)} USD`,
    );
    expect(await item.locator('.nexus-crossed').textContent()).toMatch(/^Crossed on 2026-10-08 by tr_.*…/);
    expect(await item.locator('.nexus-crossed .id').getAttribute('data-id')).toBe(washington.crossed_by_transaction_id);
    // Crossed first: the live list starts with it.
    expect(await section('live').locator('ol.nexus > li').first().getAttribute('data-jurisdiction')).toBe('US-WA');
    const test = await json(KEYS.secretTest, 'GET', '/tax/nexus');
    const indiana = test.jurisdictions.find((entry: Json) => entry.jurisdiction === 'US-IN');
    expect(indiana.status).toBe('registered');
    const indianaItem = section('test').locator('li[data-jurisdiction="US-IN"]');
    expect(Number(await indianaItem.locator('progress').getAttribute('value'))).toBe(indiana.progress);
    expect(await indianaItem.textContent()).toContain('Registered');
    expect(await section('test').locator('table', { hasText: 'Registrations' }).textContent()).toContain('US-IN');
    await page.screenshot({ path: join(OUTPUT, 'nexus-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(OUTPUT, 'nexus-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows the rate snapshot in use and its tables', async () => {
    await page.click('nav.pages a[href="#rates"]');
    await loaded('test');
    const rates = await json(KEYS.secretTest, 'GET', '/tax/rates');
    expect(await section('test').locator('[data-testid="snapshot"]').textContent()).toBe(rates.snapshot);
    const rows = section('test').locator('tbody tr');
    expect(await rows.count()).toBe(rates.tables.length);
    expect(await rows.first().textContent()).toContain(rates.tables[0].name);
  });

  it('logs out, forgetting the keys, and broke no rule of its policy on the way', async () => {
    await page.click('#logout');
    await page.locator('#login-view').waitFor({ state: 'visible' });
    expect(await page.evaluate<number>('sessionStorage.length')).toBe(0);
    await page.reload();
    expect(await page.locator('#app-view').isHidden()).toBe(true);
    // The wrong and public keys' 401s are the only errors the console may show.
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  });
});
