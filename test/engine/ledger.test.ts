import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createSqliteStore } from '../../adapters/sqlite/index.ts';
import type { TaxErrorType } from '../../src/core/errors.ts';
import type { Tenant } from '../../src/core/types.ts';
import type { TaxEngine } from '../../src/engine.ts';
import type { TaxStore } from '../../src/ports/store.ts';
import {
  calculationBody,
  createTestEngine,
  TEST_ADDRESSES,
  TEST_NOW_MS,
  TEST_TENANT,
  type TestClock,
} from '../helpers/engine-fixtures.ts';

type Wire = Record<string, any>;
/** The engine with its JSON answers typed loosely, so tests can walk into them. */
type Loose<T> = T extends (...args: infer A) => Promise<infer R>
  ? R extends Record<string, unknown>
    ? (...args: A) => Promise<Wire>
    : T
  : T extends object
    ? { [K in keyof T]: Loose<T[K]> }
    : T;

const NOW = Math.floor(TEST_NOW_MS / 1000);
const OTHER_ACCOUNT: Tenant = { accountId: 'acct_other', mode: 'test' };
const LIVE: Tenant = { accountId: TEST_TENANT.accountId, mode: 'live' };

const directory = mkdtempSync(join(tmpdir(), 'taxkit-ledger-'));
let files = 0;
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Counts the store's writes that went through, so a failed call can be shown to write nothing. */
function countingStore(store: TaxStore): { store: TaxStore; writes: () => number } {
  let writes = 0;
  const wrapped = new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !/^(insert|delete|reverse|update)/.test(String(property))) return value;
      return async (...args: unknown[]) => {
        const result = await value.apply(target, args);
        if (!String(property).startsWith('delete') || result !== undefined) writes += 1;
        return result;
      };
    },
  });
  return { store: wrapped, writes: () => writes };
}

const stores: [string, () => TaxStore][] = [
  ['memory', () => createMemoryStore()],
  ['sqlite', () => createSqliteStore({ path: join(directory, `ledger-${(files += 1)}.db`) })],
];

describe.each(stores)('ledger through the engine (%s store)', (_name, makeStore) => {
  let engine: Loose<TaxEngine>;
  let clock: TestClock;
  let writes: () => number;

  function setup(): void {
    const counted = countingStore(makeStore());
    writes = counted.writes;
    const created = createTestEngine({ store: counted.store });
    engine = created.engine as Loose<TaxEngine>;
    clock = created.clock;
  }

  afterEach(async () => {
    await engine.close();
  });

  /** Products sku-1 and sku-2, and a San Francisco calculation of 2 × sku-1 (2000) and 1 × sku-2 (500). */
  async function calculate(context?: { tenant?: Tenant }, overrides: Record<string, unknown> = {}): Promise<Wire> {
    for (const [id, name] of [
      ['sku-1', 'Shirt'],
      ['sku-2', 'Mug'],
    ] as const) {
      await engine.products
        .create(
          { reference_product_id: id, reference_product_name: name, product_category: 'GENERAL_MERCHANDISE' as const },
          context,
        )
        .catch((error) => {
          if (error.type !== 'DUPLICATE_PRODUCT') throw error;
        });
    }
    const body = calculationBody({
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: false,
        line_items: [
          { reference_line_item_id: 'line-1', reference_product_id: 'sku-1', amount: 2000, quantity: 2 },
          { reference_line_item_id: 'line-2', reference_product_id: 'sku-2', amount: 500, quantity: 1 },
        ],
      },
      ...overrides,
    });
    return engine.calculations.create(body, context);
  }

  async function record(context?: { tenant?: Tenant }, order = 'order-1'): Promise<Wire> {
    const calculation = await calculate(context);
    return engine.transactions.create({ calculation_id: calculation.id, reference_order_id: order }, context);
  }

  /** What a caller can see of the account; equal before and after a failed call. */
  async function observe(transactionIds: readonly string[] = []): Promise<unknown> {
    const seen: Record<string, unknown> = {
      products: await engine.products.list({ limit: 100 }),
      customers: await engine.customers.list({ limit: 100 }),
    };
    for (const id of transactionIds) {
      seen[id] = await engine.transactions.get(id).catch((error) => error.type);
      seen[`${id}/refunds`] = await engine.transactions.listRefunds(id).catch((error) => error.type);
    }
    return seen;
  }

  /** Runs `call`, expects it to fail with `type`, and checks that nothing was written. */
  async function expectRefused(
    type: TaxErrorType,
    call: () => Promise<unknown>,
    transactionIds: readonly string[] = [],
  ): Promise<void> {
    // Background housekeeping (the sweep of expired calculations) is not the call's write.
    await engine.whenIdle();
    const before = await observe(transactionIds);
    const written = writes();
    await expect(call()).rejects.toMatchObject({ name: 'TaxError', type });
    expect(writes()).toBe(written);
    expect(await observe(transactionIds)).toEqual(before);
  }

  describe('the chain calculation → transaction → refunds → reversal', () => {
    it('records, refunds, lists, reverses and refunds in full', async () => {
      setup();
      const calculation = await calculate();
      const transaction = await engine.transactions.create({
        calculation_id: calculation.id,
        reference_order_id: 'order-1',
        metadata: { channel: 'web', basket: 3 },
      });
      expect(Object.keys(transaction)).toEqual([
        'id',
        'object',
        'calculation_id',
        'reference_order_id',
        'transaction_processed_at',
        'customer_currency_code',
        'filing_currency_code',
        'line_items',
        'testmode',
        'metadata',
      ]);
      expect(transaction).toMatchObject({
        object: 'tax.transaction',
        calculation_id: calculation.id,
        reference_order_id: 'order-1',
        transaction_processed_at: NOW,
        customer_currency_code: 'USD',
        filing_currency_code: 'USD',
        testmode: true,
        metadata: { channel: 'web', basket: 3 },
      });
      expect(transaction.id).toMatch(/^tr_/);
      // Lines are the calculation's, in the transaction's shape: no line_item_id, no tax_due_decimal.
      expect(transaction.line_items).toEqual(
        calculation.line_items.map((line: Wire) => {
          const { line_item_id: lineItemId, ...rest } = line;
          expect(lineItemId).toMatch(/^li_/);
          const entries = rest.tax_jurisdictions.map((entry: Wire) => {
            const { tax_due_decimal: taxDue, ...kept } = entry;
            expect(typeof taxDue).toBe('number');
            return kept;
          });
          return Object.assign(rest, { tax_jurisdictions: entries });
        }),
      );
      expect(transaction.line_items[0]).toMatchObject({
        quantity: 2,
        tax_amount: 180,
        amount_excluding_tax: 2000,
        amount_including_tax: 2180,
      });
      expect(await engine.transactions.get(transaction.id)).toEqual(transaction);

      clock.advance(60_000);
      const partial = await engine.refunds.create({
        transaction_id: transaction.id,
        type: 'partial',
        line_items: [
          { reference_product_id: 'sku-1', sales_amount_refunded: -1000, tax_amount_refunded: -90, quantity: 1 },
        ],
      });
      expect(partial).toMatchObject({
        object: 'tax.refund',
        refund_type: 'partial',
        testmode: true,
        refund_processed_at: NOW + 60,
      });
      expect(partial.id).toMatch(/^ref_/);
      expect(partial.reversed_at).toBeUndefined();
      expect(partial.line_items).toHaveLength(1);
      expect(partial.line_items[0]).toMatchObject({
        product: {
          reference_product_id: 'sku-1',
          reference_product_name: 'Shirt',
          reference_line_item_id: 'line-1',
          product_tax_code: 'GENERAL_MERCHANDISE',
        },
        quantity: 1,
        tax_amount: -90,
        amount_excluding_tax: -1000,
        amount_including_tax: -1090,
      });

      const listed = await engine.transactions.listRefunds(transaction.id);
      expect(listed.refunds).toHaveLength(1);
      const [entry] = listed.refunds;
      expect(entry).not.toHaveProperty('refund_type');
      expect(entry).toMatchObject({
        id: partial.id,
        object: 'tax.refund',
        testmode: true,
        refund_processed_at: NOW + 60,
      });
      // 90 over the original parts 145 / 25 / 10 by largest remainder: 72.5, 12.5, 5 → 73, 12, 5.
      expect(entry.line_items[0].tax_jurisdictions.map((part: Wire) => part.tax_due_decimal)).toEqual([-73, -12, -5]);

      clock.advance(60_000);
      const reversed = await engine.refundReversals.create({ refund_id: partial.id });
      expect(reversed).toEqual({ ...partial, reversed_at: NOW + 120 });
      expect((await engine.transactions.listRefunds(transaction.id)).refunds).toEqual([
        { ...entry, reversed_at: NOW + 120 },
      ]);

      // The reversal gave the balance back: a full refund takes everything.
      const full = await engine.refunds.create({
        transaction_id: transaction.id,
        type: 'full',
        refund_processed_at: 1_750_000_000,
      });
      expect(full).toMatchObject({ refund_type: 'full', refund_processed_at: 1_750_000_000 });
      expect(
        full.line_items.map((line: Wire) => [
          line.amount_excluding_tax,
          line.tax_amount,
          line.amount_including_tax,
          line.quantity,
        ]),
      ).toEqual([
        [-2000, -180, -2180, 2],
        [-500, -45, -545, 1],
      ]);
      expect((await engine.transactions.listRefunds(transaction.id)).refunds.map((refund: Wire) => refund.id)).toEqual([
        partial.id,
        full.id,
      ]);

      await expectRefused(
        'TRANSACTION_FULLY_REFUNDED',
        () => engine.refunds.create({ transaction_id: transaction.id, type: 'full' }),
        [transaction.id],
      );
      await expectRefused(
        'TRANSACTION_FULLY_REFUNDED',
        () =>
          engine.refunds.create({
            transaction_id: transaction.id,
            type: 'partial',
            line_items: [
              { reference_line_item_id: 'line-2', sales_amount_refunded: -1, tax_amount_refunded: 0, quantity: 0 },
            ],
          }),
        [transaction.id],
      );

      // Reversing the full refund makes the transaction refundable again.
      await engine.refundReversals.create({ refund_id: full.id });
      const again = await engine.refunds.create({
        transaction_id: transaction.id,
        type: 'partial',
        line_items: [
          { reference_line_item_id: 'line-2', sales_amount_refunded: -500, tax_amount_refunded: -45, quantity: 1 },
        ],
      });
      expect(again.line_items[0]).toMatchObject({ amount_excluding_tax: -500, tax_amount: -45 });
      const rest = await engine.refunds.create({ transaction_id: transaction.id, type: 'full' });
      expect(rest.line_items.map((line: Wire) => line.product.reference_product_id)).toEqual(['sku-1']);
    });

    it('refunds partial after partial up to exactly the remainder, per line', async () => {
      setup();
      const transaction = await record();
      const refundLine1 = (line: Record<string, unknown>) =>
        engine.refunds.create({
          transaction_id: transaction.id,
          type: 'partial',
          line_items: [{ reference_line_item_id: 'line-1', ...line } as never],
        });
      await refundLine1({ sales_amount_refunded: -700, tax_amount_refunded: -63, quantity: 1 });
      await expectRefused(
        'REFUND_EXCEEDS_REMAINING',
        () => refundLine1({ sales_amount_refunded: -1301, tax_amount_refunded: 0, quantity: 0 }),
        [transaction.id],
      );
      await expectRefused(
        'REFUND_EXCEEDS_REMAINING',
        () => refundLine1({ sales_amount_refunded: 0, tax_amount_refunded: -118, quantity: 0 }),
        [transaction.id],
      );
      await expectRefused(
        'REFUND_EXCEEDS_REMAINING',
        () => refundLine1({ sales_amount_refunded: 0, tax_amount_refunded: 0, quantity: 2 }),
        [transaction.id],
      );
      await refundLine1({ sales_amount_refunded: -1300, tax_amount_refunded: -117, quantity: 1 });
      const listed = (await engine.transactions.listRefunds(transaction.id)).refunds as Wire[];
      const parts = listed.map((entry) =>
        entry.line_items[0].tax_jurisdictions.map((part: Wire) => part.tax_due_decimal),
      );
      // Together the two refunds give back each jurisdiction's share of line-1 exactly.
      expect([0, 1, 2].map((at) => parts.reduce((sum, refund) => sum + refund[at], 0))).toEqual([-145, -25, -10]);
      const full = await engine.refunds.create({ transaction_id: transaction.id, type: 'full' });
      expect(full.line_items.map((line: Wire) => line.product.reference_line_item_id)).toEqual(['line-2']);
    });

    it('lets exactly one of two concurrent over-spending refunds through', async () => {
      setup();
      const transaction = await record();
      const body = {
        transaction_id: transaction.id,
        type: 'partial',
        line_items: [
          { reference_product_id: 'sku-1', sales_amount_refunded: -1200, tax_amount_refunded: -108, quantity: 1 },
        ],
      };
      const results = await Promise.allSettled([
        engine.refunds.create(body as never),
        engine.refunds.create(body as never),
      ]);
      expect(results.map((result) => result.status).toSorted()).toEqual(['fulfilled', 'rejected']);
      const failure = results.find((result) => result.status === 'rejected');
      expect(failure?.reason).toMatchObject({ type: 'REFUND_EXCEEDS_REMAINING' });
      expect((await engine.transactions.listRefunds(transaction.id)).refunds).toHaveLength(1);
    });

    it('answers in the shape of the requested API version', async () => {
      setup();
      const calculation = await calculate();
      const old = { version: '2024-09-01' } as const;
      const transaction = await engine.transactions.create(
        { calculation_id: calculation.id, reference_order_id: 'o' },
        old,
      );
      const jurisdiction = transaction.line_items[0].tax_jurisdictions[0];
      expect(Object.keys(jurisdiction)).toEqual(['tax_rate', 'rate_type', 'jurisdiction_name', 'fee_amount', 'note']);
      const refund = await engine.refunds.create({ transaction_id: transaction.id, type: 'full' }, old);
      // Refund reversals are documented in the base version too (docs/interface.md §4.6).
      const reversed = await engine.refundReversals.create({ refund_id: refund.id }, old);
      expect(reversed.reversed_at).toBe(NOW);
      const latest = await engine.transactions.get(transaction.id, { version: '2026-03-01' });
      expect(latest.line_items[0].tax_jurisdictions[0]).toMatchObject({
        tax_authority_type: 'STATE',
        tax_type: 'SALES',
      });
    });
  });

  describe('transactions', () => {
    it('defaults transaction_processed_at to now and keeps a given one', async () => {
      setup();
      const calculation = await calculate();
      const given = await engine.transactions.create({
        calculation_id: calculation.id,
        reference_order_id: 'a',
        transaction_processed_at: 1_700_000_000,
      });
      expect(given.transaction_processed_at).toBe(1_700_000_000);
      expect(given.metadata).toEqual({});
    });

    it('deletes softly: gone from get and refunds, reference order id free again', async () => {
      setup();
      const transaction = await record();
      const refund = await engine.refunds.create({ transaction_id: transaction.id, type: 'full' });
      clock.advance(5_000);
      expect(await engine.transactions.delete(transaction.id)).toEqual({
        id: transaction.id,
        object: 'tax.transaction',
        deleted: true,
        deleted_at: NOW + 5,
      });
      await expectRefused('TRANSACTION_NOT_FOUND', () => engine.transactions.get(transaction.id));
      await expectRefused('TRANSACTION_NOT_FOUND', () => engine.transactions.listRefunds(transaction.id));
      await expectRefused('TRANSACTION_NOT_FOUND', () => engine.transactions.delete(transaction.id));
      await expectRefused('TRANSACTION_NOT_FOUND', () =>
        engine.refunds.create({ transaction_id: transaction.id, type: 'full' }),
      );
      await expectRefused('REFUND_NOT_FOUND', () => engine.refundReversals.create({ refund_id: refund.id }));
      const again = await record(undefined, transaction.reference_order_id);
      expect(again.id).not.toBe(transaction.id);
    });

    it('refuses what the interface and the decisions refuse, writing nothing', async () => {
      setup();
      const calculation = await calculate();
      const body = { calculation_id: calculation.id, reference_order_id: 'order-1' };
      // `as never`: bodies the types refuse, as a JavaScript caller may send them.
      await expectRefused('MISSING_FIELD', () =>
        engine.transactions.create({ calculation_id: calculation.id } as never),
      );
      await expectRefused('MISSING_FIELD', () => engine.transactions.create({ ...body, reference_order_id: '' }));
      await expectRefused('INCORRECT_TYPE', () => engine.transactions.create({ ...body, calculation_id: 42 } as never));
      await expectRefused('INCORRECT_TYPE', () =>
        engine.transactions.create({ ...body, transaction_processed_at: 'yesterday' } as never),
      );
      await expectRefused('UNRECOGNIZED_FIELD', () =>
        engine.transactions.create({ ...body, customer_id: 'x' } as never),
      );
      await expectRefused('METADATA_TOO_LONG', () =>
        engine.transactions.create({ ...body, metadata: { note: 'x'.repeat(255) } }),
      );
      await expectRefused('CALCULATION_NOT_FOUND', () =>
        engine.transactions.create({ ...body, calculation_id: 'calc_nope' }),
      );
      await expectRefused('TRANSACTION_NOT_FOUND', () => engine.transactions.get('tr_nope'));
      await expectRefused('TRANSACTION_NOT_FOUND', () => engine.transactions.listRefunds('tr_nope'));
      await expectRefused('TRANSACTION_NOT_FOUND', () => engine.transactions.delete('tr_nope'));

      const transaction = await engine.transactions.create(body);
      await expectRefused(
        'CALCULATION_ALREADY_RECORDED',
        () => engine.transactions.create({ ...body, reference_order_id: 'order-2' }),
        [transaction.id],
      );
      const second = await calculate();
      await expectRefused(
        'DUPLICATE_REFERENCE_ORDER_ID',
        () => engine.transactions.create({ ...body, calculation_id: second.id }),
        [transaction.id],
      );

      clock.advance(86_400_000);
      const third = await calculate();
      clock.advance(86_400_000 + 1_000);
      await expectRefused(
        'CALCULATION_EXPIRED',
        () => engine.transactions.create({ calculation_id: third.id, reference_order_id: 'order-3' }),
        [transaction.id],
      );
    });

    it('accepts a calculation until its expiry second', async () => {
      setup();
      const calculation = await calculate();
      clock.set(calculation.expires_at * 1000 + 999);
      await expect(
        engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'late' }),
      ).resolves.toMatchObject({ object: 'tax.transaction' });
    });
  });

  describe('refunds and reversals', () => {
    it('refuses bad refund requests, writing nothing', async () => {
      setup();
      const transaction = await record();
      const ids = [transaction.id];
      const partial =
        (line: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
        () =>
          engine.refunds.create({
            transaction_id: transaction.id,
            type: 'partial',
            line_items: [
              {
                reference_product_id: 'sku-1',
                sales_amount_refunded: -1,
                tax_amount_refunded: 0,
                quantity: 0,
                ...line,
              },
            ],
            ...extra,
          });
      await expectRefused(
        'MISSING_FIELD',
        () => engine.refunds.create({ transaction_id: transaction.id, type: 'partial' }),
        ids,
      );
      await expectRefused(
        'MISSING_FIELD',
        () => engine.refunds.create({ transaction_id: transaction.id, type: 'partial', line_items: [] }),
        ids,
      );
      await expectRefused('MISSING_FIELD', () => engine.refunds.create({ type: 'full' } as never), ids);
      await expectRefused(
        'MISSING_FIELD',
        () => engine.refunds.create({ transaction_id: transaction.id } as never),
        ids,
      );
      await expectRefused(
        'INVALID_VALUE',
        () => engine.refunds.create({ transaction_id: transaction.id, type: 'half' } as never),
        ids,
      );
      await expectRefused('NEGATIVE_NUMBER_REQUIRED', partial({ sales_amount_refunded: 100 }), ids);
      await expectRefused('NEGATIVE_NUMBER_REQUIRED', partial({ tax_amount_refunded: 9 }), ids);
      await expectRefused('POSITIVE_NUMBER_REQUIRED', partial({ quantity: -1 }), ids);
      await expectRefused('MISSING_FIELD', partial({ quantity: undefined }), ids);
      await expectRefused('INCORRECT_TYPE', partial({ sales_amount_refunded: -1.5 }), ids);
      await expectRefused('UNRECOGNIZED_FIELD', partial({ amount: -1 }), ids);
      await expectRefused('UNRECOGNIZED_FIELD', partial({}, { reason: 'damaged' }), ids);
      await expectRefused('INVALID_VALUE', partial({ reference_product_id: 'sku-9' }), ids);
      await expectRefused(
        'INVALID_VALUE',
        partial({ reference_product_id: undefined, reference_line_item_id: 'line-9' }),
        ids,
      );
      await expectRefused('INVALID_VALUE', partial({ sales_amount_refunded: 0 }), ids);
      await expectRefused(
        'INVALID_VALUE',
        () =>
          engine.refunds.create({
            transaction_id: transaction.id,
            type: 'full',
            line_items: [
              { reference_product_id: 'sku-1', sales_amount_refunded: -1, tax_amount_refunded: 0, quantity: 0 },
            ],
          }),
        ids,
      );
      await expectRefused('REFUND_EXCEEDS_REMAINING', partial({ sales_amount_refunded: -2001 }), ids);
      await expectRefused(
        'TRANSACTION_NOT_FOUND',
        () => engine.refunds.create({ transaction_id: 'tr_nope', type: 'full' }),
        ids,
      );
      await expectRefused('REFUND_NOT_FOUND', () => engine.refundReversals.create({ refund_id: 'ref_nope' }), ids);
      await expectRefused('MISSING_FIELD', () => engine.refundReversals.create({} as never), ids);
      await expectRefused(
        'UNRECOGNIZED_FIELD',
        () => engine.refundReversals.create({ refund_id: 'ref_nope', why: 'x' } as never),
        ids,
      );

      const refund = await engine.refunds.create({ transaction_id: transaction.id, type: 'full' });
      await engine.refundReversals.create({ refund_id: refund.id });
      await expectRefused(
        'REFUND_ALREADY_REVERSED',
        () => engine.refundReversals.create({ refund_id: refund.id }),
        ids,
      );
    });
  });

  describe('products', () => {
    it('creates, gets, lists 50 a page, deletes and creates again', async () => {
      setup();
      const product = await engine.products.create({
        reference_product_id: 'sku-00',
        reference_product_name: 'Shirt',
        product_category: 'CLOTHING' as const,
      });
      expect(product).toEqual({
        object: 'tax.product',
        reference_product_id: 'sku-00',
        reference_product_name: 'Shirt',
        product_category: 'CLOTHING' as const,
        created_at: NOW,
        updated_at: NOW,
        testmode: true,
      });
      expect(await engine.products.get('sku-00')).toEqual(product);
      expect(await engine.products.list()).toEqual({ last_product_id: 'sku-00', products: [product], has_more: false });
      for (let index = 1; index <= 51; index += 1) {
        await engine.products.create({
          reference_product_id: `sku-${String(index).padStart(2, '0')}`,
          reference_product_name: `P${index}`,
          product_category: 'GENERAL_MERCHANDISE' as const,
        });
      }
      const first = await engine.products.list();
      expect(first.products).toHaveLength(50);
      expect(first).toMatchObject({ last_product_id: 'sku-49', has_more: true });
      const second = await engine.products.list({ cursor: first.last_product_id });
      expect(second).toMatchObject({ last_product_id: 'sku-51', has_more: false });
      expect(second.products.map((entry: Wire) => entry.reference_product_id)).toEqual(['sku-50', 'sku-51']);
      expect(await engine.products.list({ cursor: 'sku-51' })).toEqual({
        last_product_id: 'sku-51',
        products: [],
        has_more: false,
      });
      expect((await engine.products.list({ cursor: 'sku-10', limit: '3' })).products).toHaveLength(3);

      clock.advance(1_000);
      expect(await engine.products.delete('sku-00')).toEqual({
        reference_product_id: 'sku-00',
        object: 'tax.product',
        deleted: true,
        deleted_at: NOW + 1,
      });
      await expect(engine.products.get('sku-00')).rejects.toMatchObject({
        type: 'PRODUCT_NOT_FOUND_BY_ID',
        status: 404,
        wireType: 'PRODUCT_NOT_FOUND',
      });
      expect((await engine.products.list()).products[0].reference_product_id).toBe('sku-01');
      const recreated = await engine.products.create({
        reference_product_id: 'sku-00',
        reference_product_name: 'Shirt',
        product_category: 'CLOTHING_GENERAL' as const,
      });
      expect(recreated).toMatchObject({ product_category: 'CLOTHING_GENERAL' as const, created_at: NOW + 1 });
    });

    it('answers an empty list with null as last_product_id', async () => {
      setup();
      expect(await engine.products.list()).toEqual({ last_product_id: null, products: [], has_more: false });
    });

    it('refuses bad product requests, writing nothing', async () => {
      setup();
      const body = {
        reference_product_id: 'sku-1',
        reference_product_name: 'Shirt',
        product_category: 'CLOTHING' as const,
      };
      await expectRefused('MISSING_FIELD', () =>
        engine.products.create({ reference_product_id: 'sku-1', reference_product_name: 'Shirt' } as never),
      );
      await expectRefused('MISSING_FIELD', () => engine.products.create({ ...body, reference_product_name: '' }));
      await expectRefused('INCORRECT_TYPE', () =>
        engine.products.create({ ...body, reference_product_id: 7 } as never),
      );
      await expectRefused('INVALID_PRODUCT_CATEGORY', () =>
        engine.products.create({ ...body, product_category: 'SPACESHIPS' as never }),
      );
      await expectRefused('UNRECOGNIZED_FIELD', () => engine.products.create({ ...body, price: 10 } as never));
      await expectRefused('PRODUCT_NOT_FOUND_BY_ID', () => engine.products.get('sku-1'));
      await expectRefused('PRODUCT_NOT_FOUND_BY_ID', () => engine.products.delete('sku-1'));
      await expectRefused('INVALID_VALUE', () => engine.products.list({ limit: '0' }));
      await expectRefused('UNRECOGNIZED_FIELD', () => engine.products.list({ page: '2' } as never));
      await engine.products.create(body);
      await expectRefused('DUPLICATE_PRODUCT', () =>
        engine.products.create({ ...body, product_category: 'GENERAL_MERCHANDISE' as const }),
      );
    });
  });

  describe('customers', () => {
    it('creates, gets by either id, lists, deletes, and exempts calculations', async () => {
      setup();
      const customer = await engine.customers.create({
        email: 'ada@example.com',
        name: 'Ada',
        is_tax_exempt: true,
        reference_customer_id: 'c-1',
      });
      expect(customer).toEqual({
        id: customer.id,
        object: 'tax.customer',
        reference_customer_id: 'c-1',
        name: 'Ada',
        email: 'ada@example.com',
        is_tax_exempt: true,
      });
      expect(customer.id).toMatch(/^cust_/);
      expect(await engine.customers.get(customer.id)).toEqual(customer);
      expect(await engine.customers.get('c-1')).toEqual(customer);
      const plain = await engine.customers.create({ email: 'bob@example.org' });
      expect(plain).toMatchObject({ reference_customer_id: '', name: '', is_tax_exempt: false });
      expect(await engine.customers.list()).toEqual({
        customers: [customer, plain],
        has_more: false,
        last_customer_id: plain.id,
      });

      const exempt = await calculate(undefined, { customer: { id: 'c-1', address: TEST_ADDRESSES.sanFrancisco } });
      expect(exempt.total_tax_amount).toBe(0);

      clock.advance(2_000);
      expect(await engine.customers.delete('c-1')).toEqual({
        id: customer.id,
        object: 'tax.customer',
        deleted: true,
        deleted_at: NOW + 2,
      });
      await expectRefused('CUSTOMER_NOT_FOUND', () => engine.customers.get(customer.id));
      await expectRefused('CUSTOMER_NOT_FOUND', () => engine.customers.delete(customer.id));
      expect((await engine.customers.list()).customers).toEqual([plain]);
      await expect(
        engine.customers.create({ email: 'ada@example.com', reference_customer_id: 'c-1' }),
      ).resolves.toMatchObject({ reference_customer_id: 'c-1' });
    });

    it('pages customers 50 at a time', async () => {
      setup();
      for (let index = 0; index < 51; index += 1) await engine.customers.create({ email: `u${index}@example.com` });
      const first = await engine.customers.list();
      expect(first.customers).toHaveLength(50);
      expect(first.has_more).toBe(true);
      const second = await engine.customers.list({ cursor: first.last_customer_id });
      expect(second.customers).toHaveLength(1);
      expect(second).toMatchObject({ has_more: false, last_customer_id: second.customers[0].id });
    });

    it('refuses bad customer requests, writing nothing', async () => {
      setup();
      await expectRefused('MISSING_FIELD', () => engine.customers.create({ name: 'Ada' } as never));
      for (const email of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@@example.com']) {
        await expectRefused('INVALID_EMAIL', () => engine.customers.create({ email }));
      }
      await expectRefused('INCORRECT_TYPE', () =>
        engine.customers.create({ email: 'ada@example.com', is_tax_exempt: 'yes' } as never),
      );
      await expectRefused('UNRECOGNIZED_FIELD', () =>
        engine.customers.create({ email: 'ada@example.com', phone: '1' } as never),
      );
      await expectRefused('CUSTOMER_NOT_FOUND', () => engine.customers.get('cust_nope'));
      await engine.customers.create({ email: 'ada@example.com', reference_customer_id: 'c-1' });
      await expectRefused('DUPLICATE_CUSTOMER', () =>
        engine.customers.create({ email: 'other@example.com', reference_customer_id: 'c-1' }),
      );
      // Customers without a reference id never clash.
      await engine.customers.create({ email: 'x@example.com' });
      await engine.customers.create({ email: 'x@example.com', reference_customer_id: '' });
    });
  });

  describe('tenancy', () => {
    it('keeps every record invisible to other accounts and to the other mode', async () => {
      setup();
      const transaction = await record();
      const refund = await engine.refunds.create({
        transaction_id: transaction.id,
        type: 'partial',
        line_items: [
          { reference_product_id: 'sku-2', sales_amount_refunded: -100, tax_amount_refunded: -9, quantity: 0 },
        ],
      });
      const customer = await engine.customers.create({ email: 'ada@example.com', reference_customer_id: 'c-1' });
      const calculation = await calculate();
      for (const tenant of [OTHER_ACCOUNT, LIVE]) {
        const context = { tenant };
        await expectRefused('TRANSACTION_NOT_FOUND', () => engine.transactions.get(transaction.id, context));
        await expectRefused('TRANSACTION_NOT_FOUND', () =>
          engine.transactions.listRefunds(transaction.id, {}, context),
        );
        await expectRefused('TRANSACTION_NOT_FOUND', () => engine.transactions.delete(transaction.id, context));
        await expectRefused('TRANSACTION_NOT_FOUND', () =>
          engine.refunds.create({ transaction_id: transaction.id, type: 'full' }, context),
        );
        await expectRefused('REFUND_NOT_FOUND', () => engine.refundReversals.create({ refund_id: refund.id }, context));
        await expectRefused('CALCULATION_NOT_FOUND', () =>
          engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'x' }, context),
        );
        await expectRefused('PRODUCT_NOT_FOUND_BY_ID', () => engine.products.get('sku-1', context));
        await expectRefused('CUSTOMER_NOT_FOUND', () => engine.customers.get(customer.id, context));
        await expectRefused('CUSTOMER_NOT_FOUND', () => engine.customers.get('c-1', context));
        expect(await engine.products.list({}, context)).toEqual({
          last_product_id: null,
          products: [],
          has_more: false,
        });
        expect(await engine.customers.list({}, context)).toEqual({
          customers: [],
          has_more: false,
          last_customer_id: null,
        });
        // The same reference ids are free in another tenant.
        const theirs = await record(context, transaction.reference_order_id);
        expect(theirs.testmode).toBe(tenant.mode === 'test');
        await engine.customers.create({ email: 'ada@example.com', reference_customer_id: 'c-1' }, context);
      }
      // And the first tenant's records are as they were.
      expect(await engine.transactions.get(transaction.id)).toEqual(transaction);
      expect((await engine.transactions.listRefunds(transaction.id)).refunds).toHaveLength(1);
      expect((await engine.products.list()).products).toHaveLength(2);
      expect((await engine.customers.list()).customers).toEqual([customer]);
    });
  });
});
