import { describe, expect, it } from 'vitest';
import { ACCOUNT_A, createTestApi } from '../helpers/http-fixtures.ts';

const body = (overrides: Record<string, unknown> = {}) => ({
  order_id: 'shop-1001',
  address_postal_code: '46122',
  address_province: 'IN',
  address_country: 'US',
  transaction_date_time: '2026-11-10T14:03:00Z',
  currency_code: 'USD',
  line_items: [
    { line_item_id: 'li-1', sales: 10_000, total_taxes: 700, product_category: 'GENERAL_MERCHANDISE' },
    { line_item_id: 'li-2', sales: 2_000, total_taxes: 0, product_category: 'NON_TAXABLE' },
  ],
  ...overrides,
});

describe('POST /tax/manual_line_items', () => {
  it('records a sale made elsewhere, which the ledger lists and the report counts with its reported tax', async () => {
    const { call } = createTestApi();
    const recorded = await call('POST', '/tax/manual_line_items', { body: body(), version: '2026-03-01' });
    expect(recorded.status, recorded.text).toBe(200);
    expect(recorded.json).toMatchObject({
      object: 'tax.manual_line_items',
      line_item_id: 'li-1',
      order_id: 'shop-1001',
      transaction_processed_at: 1_794_319_380,
      currency_code: 'USD',
      testmode: true,
      line_items: [
        { line_item_id: 'li-1', sales: 10_000, total_taxes: 700, product_category: 'GENERAL_MERCHANDISE' },
        { line_item_id: 'li-2', sales: 2_000, total_taxes: 0, product_category: 'NON_TAXABLE' },
      ],
    });
    const listed = await call('GET', '/tax/transactions');
    expect(listed.json.transactions.map((t: { id: string }) => t.id)).toEqual([recorded.json.transaction_id]);
    const report = await call('GET', '/tax/reports/liability?from=2026-11-01&to=2026-11-30');
    expect(report.json.totals).toEqual([
      { currency: 'USD', gross_sales: 12_000, tax_collected: 700, tax_refunded: 0, net_tax: 700, transaction_count: 1 },
    ]);
    expect(
      report.json.rows.map((row: { jurisdiction_id: string; tax_collected: number }) => row.jurisdiction_id),
    ).toEqual(['US-IN', 'US-IN']);
  });

  it('takes Unix seconds for the date, and refuses the same order twice (409), writing nothing', async () => {
    const { call } = createTestApi();
    expect(
      (await call('POST', '/tax/manual_line_items', { body: body({ transaction_date_time: 1_794_319_380 }) })).status,
    ).toBe(200);
    const again = await call('POST', '/tax/manual_line_items', { body: body(), version: '2026-01-01' });
    expect(again.status).toBe(409);
    expect(again.json.type).toBe('DUPLICATE_REFERENCE_ORDER_ID');
    expect((await call('GET', '/tax/transactions')).json.transactions).toHaveLength(1);
  });

  it('refuses bad input with a typed 400 naming the field, and writes nothing', async () => {
    const { call } = createTestApi();
    const line = { line_item_id: 'li', sales: 100, total_taxes: 7, product_category: 'GENERAL_MERCHANDISE' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ order_id: undefined }, 'MISSING_FIELD', 'order_id'],
      [{ line_items: [] }, 'INVALID_VALUE', 'line_items'],
      [{ line_items: [{ ...line, sales: -5 }] }, 'INVALID_VALUE', 'line_items[0].sales'],
      [{ line_items: [{ ...line, total_taxes: 1.5 }] }, 'INVALID_VALUE', 'line_items[0].total_taxes'],
      [
        { line_items: [{ ...line, product_category: 'GROCERIES' }] },
        'INVALID_PRODUCT_CATEGORY',
        'line_items[0].product_category',
      ],
      [{ transaction_date_time: 'last tuesday' }, 'INVALID_VALUE', 'transaction_date_time'],
      [{ currency_code: 'XYZ' }, 'INVALID_CURRENCY', 'currency_code'],
      [{ address_province: 'ZZ' }, 'MALFORMED_ADDRESS', 'address_province "ZZ"'],
      [{ extra: 1 }, 'UNRECOGNIZED_FIELD', 'extra'],
    ];
    for (const [overrides, type, field] of cases) {
      const { status, json } = await call('POST', '/tax/manual_line_items', {
        body: body(overrides),
        version: '2026-01-01',
      });
      expect(status, JSON.stringify(overrides)).toBe(400);
      expect(json.type, JSON.stringify(overrides)).toBe(type);
      expect(json.message, JSON.stringify(overrides)).toContain(field);
      // Fields are named as this body names them, never as a calculation's.
      expect(json.message).not.toMatch(/customer\.|order_details/);
    }
    expect((await call('GET', '/tax/transactions')).json.transactions).toEqual([]);
    const pub = await call('POST', '/tax/manual_line_items', { body: body(), key: ACCOUNT_A.keys.publicTest });
    expect(pub.status).toBe(401);
  });
});
