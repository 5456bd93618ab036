import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../adapters/sqlite/index.ts';
import { makeCalculation, TENANT } from '../helpers/records.ts';
import { SERVE_KEYS, startServe, type ServeProcess } from './serve-process.ts';

/**
 * Two `taxkit serve --db` processes on one SQLite file: a calculation one of them answered 200
 * must be found by the other at once, also while the first is busy with other traffic (then
 * answers queue up in a turn, and the calculation used to be written after its answer left).
 */
const TRIES = 1_500;
const WORKERS = 12;

const CALCULATION = JSON.stringify({
  customer: { address: { address_country: 'US', address_province: 'WA', address_postal_code: '98101' } },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1_000, quantity: 1 }],
  },
});
const HEADERS = {
  authorization: `Bearer ${SERVE_KEYS.TAXKIT_SECRET_KEY_TEST}`,
  'content-type': 'application/json',
};

let directory = '';
let first: ServeProcess;
let second: ServeProcess;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'taxkit-two-'));
  const db = join(directory, 'shared.db');
  first = await startServe(directory, ['--db', db]);
  second = await startServe(directory, ['--db', db]);
}, 60_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  rmSync(directory, { recursive: true, force: true });
});

async function calculate(url: string): Promise<string> {
  const response = await fetch(`${url}/tax/calculations`, { method: 'POST', headers: HEADERS, body: CALCULATION });
  const body = (await response.json()) as { id: string };
  if (response.status !== 200) throw new Error(`calculation answered ${response.status}: ${JSON.stringify(body)}`);
  return body.id;
}

async function refused(url: string): Promise<void> {
  const response = await fetch(`${url}/tax/calculations`, { method: 'POST', headers: HEADERS, body: '{}' });
  await response.arrayBuffer();
  if (response.status !== 400) throw new Error(`an empty calculation answered ${response.status}`);
}

describe('two taxkit serve processes on one SQLite file', () => {
  it(`the other process finds every calculation answered 200 (${TRIES} tries, other traffic meanwhile)`, async () => {
    let next = 0;
    let misses = 0;
    const statuses = new Map<number, number>();
    const deadline = Date.now() + 100_000;
    async function worker(index: number): Promise<void> {
      while (next < TRIES && Date.now() < deadline) {
        const attempt = next++;
        // Other requests on the first process in the same moment, so that answers are already
        // waiting in the turn in which the calculation is made: refused ones, answered at once.
        const [id] = await Promise.all([refused(first.url), calculate(first.url), refused(first.url)]).then(
          ([, made]) => [made],
        );
        const sale = await fetch(`${second.url}/tax/transactions`, {
          method: 'POST',
          headers: HEADERS,
          body: JSON.stringify({ calculation_id: id, reference_order_id: `order-${index}-${attempt}` }),
        });
        await sale.arrayBuffer();
        statuses.set(sale.status, (statuses.get(sale.status) ?? 0) + 1);
        if (sale.status === 404) misses += 1;
      }
    }
    await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
    expect(next).toBeGreaterThanOrEqual(TRIES);
    expect(misses).toBe(0);
    expect([...statuses.keys()]).toEqual([200]);
  }, 120_000);
});

describe('the SQLite store flush', () => {
  it('writes the queued calculations, so another connection to the file finds them', async () => {
    const path = join(directory, 'flush.db');
    const store = createSqliteStore({ path });
    const other = new Database(path, { readonly: true });
    try {
      const calculation = makeCalculation();
      await store.insertCalculation(TENANT, calculation);
      const count = other.prepare('SELECT count(*) FROM calculations WHERE id = ?').pluck();
      // Queued for the end of the turn: this process answers for it, the file does not have it yet.
      expect(count.get(calculation.id)).toBe(0);
      store.flush?.();
      expect(count.get(calculation.id)).toBe(1);
    } finally {
      other.close();
      await store.close();
    }
  });
});
