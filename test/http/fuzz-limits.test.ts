import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createSqliteStore } from '../../adapters/sqlite/index.ts';
import { ACCOUNT_A, INDIANA, createTestApi, createTestEngine } from '../helpers/http-fixtures.ts';

/**
 * The probe's defects as fuzz: amounts up to and past 2^53 − 1 on many lines, and public keys
 * naming stored records. The same requests go to an engine on the memory store and one on
 * SQLite: both must give the same status and error type, never a 5xx, and a calculation that
 * succeeds must record as a sale on both.
 */

const MAX = Number.MAX_SAFE_INTEGER;
const directory = mkdtempSync(join(tmpdir(), 'taxkit-fuzz-limits-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const memory = createTestApi(createTestEngine({ store: createMemoryStore() }), { pingRateLimit: false });
const sqlite = createTestApi(createTestEngine({ store: createSqliteStore({ path: join(directory, 'fuzz.db') }) }), {
  pingRateLimit: false,
});

const amount = fc.oneof(
  fc.integer({ min: 0, max: MAX }),
  fc.constant(MAX),
  fc.integer({ min: 2 ** 52, max: MAX }),
  fc.integer({ min: 0, max: 10_000 }),
  // Past the bound, and not integers: the schema's 400s.
  fc.constant(MAX + 1),
  fc.constant(2 ** 63),
  fc.double({ min: 0, max: 1e20, noNaN: true }),
);

const request = fc.record({
  lines: fc.array(fc.record({ amount, quantity: fc.integer({ min: 1, max: 3 }), product: fc.boolean() }), {
    minLength: 1,
    maxLength: 40,
  }),
  included: fc.boolean(),
  customerId: fc.constantFrom(undefined, 'cust-known', 'cust-unknown'),
  publicKey: fc.boolean(),
});

type RequestInput = typeof request extends fc.Arbitrary<infer T> ? T : never;

function bodyOf(input: RequestInput) {
  return {
    customer: { address: INDIANA, ...(input.customerId === undefined ? {} : { id: input.customerId }) },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: input.included,
      line_items: input.lines.map((line, index) => ({
        reference_line_item_id: `l-${index}`,
        product_category: 'GENERAL_MERCHANDISE',
        ...(line.product ? { reference_product_id: 'sku-known' } : {}),
        amount: line.amount,
        quantity: line.quantity,
      })),
    },
  };
}

describe('limits fuzz: memory and SQLite answer alike, never with a 5xx', () => {
  it('calculations with huge amounts, many lines and public-key references', async () => {
    for (const api of [memory, sqlite]) {
      await api.call('POST', '/tax/customers', {
        body: { email: 'k@example.com', reference_customer_id: 'cust-known', is_tax_exempt: true },
      });
      await api.call('POST', '/tax/products', {
        body: { reference_product_id: 'sku-known', reference_product_name: 'Mug', product_category: 'EXEMPT' },
      });
    }
    let order = 0;
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const key = input.publicKey ? (ACCOUNT_A.keys.publicTest as string) : ACCOUNT_A.keys.secretTest;
        const body = bodyOf(input);
        const [onMemory, onSqlite] = await Promise.all(
          [memory, sqlite].map((api) => api.call('POST', '/tax/calculations', { key, version: '2026-03-01', body })),
        );
        expect(onMemory?.status).toBeLessThan(500);
        expect(onSqlite?.status).toBe(onMemory?.status);
        expect(onSqlite?.json.type).toBe(onMemory?.json.type);
        const references = input.customerId !== undefined || input.lines.some((line) => line.product);
        // A malformed body is refused first (400); a well-formed one naming stored records, 401.
        if (input.publicKey && references) expect([400, 401]).toContain(onMemory?.status);
        if (input.publicKey && references && input.lines.every((line) => Number.isSafeInteger(line.amount))) {
          expect(onMemory?.status).toBe(401);
        }
        if (onMemory?.status !== 200) return;
        expect(onSqlite?.json.total_tax_amount).toBe(onMemory.json.total_tax_amount);
        expect(Number.isSafeInteger(onMemory.json.total_amount_including_tax)).toBe(true);
        order += 1;
        for (const [api, answer] of [
          [memory, onMemory],
          [sqlite, onSqlite],
        ] as const) {
          const sale = await api.call('POST', '/tax/transactions', {
            version: '2026-03-01',
            body: { calculation_id: answer?.json.id, reference_order_id: `order-${order}` },
          });
          expect(sale.status).toBe(200);
        }
      }),
      { numRuns: 60 },
    );
  });
});
