/* eslint-disable no-await-in-loop -- sales are recorded, and pages read, in order on purpose */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_A, ACCOUNT_B, calculationBody, createTestApi, type Call } from '../helpers/http-fixtures.ts';

/** Records a sale processed at `processedAt` (Unix seconds) and returns its id. */
async function recordSale(call: Call, order: string, processedAt: number, key?: string): Promise<string> {
  const calculation = await call('POST', '/tax/calculations', { body: calculationBody(), key });
  expect(calculation.status).toBe(200);
  const transaction = await call('POST', '/tax/transactions', {
    key,
    body: { calculation_id: calculation.json.id, reference_order_id: order, transaction_processed_at: processedAt },
  });
  expect(transaction.status, transaction.text).toBe(200);
  return transaction.json.id as string;
}

describe('GET /tax/transactions, /tax/refunds and /tax/refund_reversals', () => {
  it('lists sales in a period, oldest first, a page at a time, in the version’s shape', async () => {
    const { call } = createTestApi();
    const ids: string[] = [];
    for (const [index, at] of [300, 100, 200, 400].entries()) ids[index] = await recordSale(call, `o-${at}`, at);
    const [at300, at100, at200] = ids;
    const first = await call('GET', '/tax/transactions?processed_from=100&processed_to=300&limit=2');
    expect(first.status).toBe(200);
    expect(first.json.transactions.map((t: { id: string }) => t.id)).toEqual([at100, at200]);
    expect(first.json).toMatchObject({ has_more: true, last_transaction_id: at200 });
    const next = await call('GET', `/tax/transactions?processed_from=100&processed_to=300&limit=2&cursor=${at200}`);
    expect(next.json).toEqual({
      transactions: [expect.objectContaining({ id: at300, reference_order_id: 'o-300' })],
      has_more: false,
      last_transaction_id: at300,
    });
    // Each entry is the transaction as GET /tax/transactions/{id} answers it, in the same version.
    const one = await call('GET', `/tax/transactions/${at300}`, { version: '2026-01-01' });
    const listed = await call('GET', '/tax/transactions?processed_from=300&processed_to=300', {
      version: '2026-01-01',
    });
    expect(listed.json.transactions).toEqual([one.json]);
  });

  it('filters by reference order id and kind, and leaves deleted sales out', async () => {
    const { call } = createTestApi();
    const kept = await recordSale(call, 'order-a', 10);
    const gone = await recordSale(call, 'order-b', 20);
    await call('DELETE', `/tax/transactions/${gone}`);
    expect((await call('GET', '/tax/transactions')).json.transactions.map((t: { id: string }) => t.id)).toEqual([kept]);
    expect((await call('GET', '/tax/transactions?reference_order_id=order-a')).json.transactions).toHaveLength(1);
    expect((await call('GET', '/tax/transactions?type=fee')).json).toEqual({
      transactions: [],
      has_more: false,
      last_transaction_id: null,
    });
  });

  it('lists refunds by when they were made and when they were reversed', async () => {
    const { call } = createTestApi();
    const sale = await recordSale(call, 'order-r', 10);
    const refund = await call('POST', '/tax/refunds', { body: { transaction_id: sale, type: 'full' } });
    expect(refund.status).toBe(200);
    const made = await call('GET', '/tax/refunds');
    expect(made.json.refunds).toEqual([{ ...refund.json, transaction_id: sale }]);
    expect((await call('GET', '/tax/refund_reversals')).json.refunds).toEqual([]);
    const reversed = await call('POST', '/tax/refund_reversals', { body: { refund_id: refund.json.id } });
    const listed = await call('GET', `/tax/refund_reversals?reversed_from=${reversed.json.reversed_at}`);
    expect(listed.json.refunds).toEqual([{ ...reversed.json, transaction_id: sale }]);
  });

  it('answers bad queries with a typed 400 naming the parameter', async () => {
    const { call } = createTestApi();
    const cases: [string, string, string][] = [
      ['/tax/transactions?processed_from=200&processed_to=100', 'INVALID_VALUE', 'processed_to'],
      ['/tax/transactions?processed_from=yesterday', 'INVALID_VALUE', 'processed_from'],
      ['/tax/transactions?cursor=not-a-cursor', 'INVALID_VALUE', 'cursor'],
      ['/tax/transactions?type=refund', 'INVALID_VALUE', 'type'],
      ['/tax/transactions?limit=0', 'INVALID_VALUE', 'limit'],
      ['/tax/refunds?processed_to=-1', 'INVALID_VALUE', 'processed_to'],
      ['/tax/refund_reversals?reversed_from=5&reversed_to=4', 'INVALID_VALUE', 'reversed_to'],
    ];
    for (const [path, type, field] of cases) {
      const { status, json } = await call('GET', path, { version: '2026-01-01' });
      expect(status, path).toBe(400);
      expect(json.type, path).toBe(type);
      expect(json.message, path).toContain(field);
    }
  });

  it('shows each account and mode only its own ledger; public keys read nothing', async () => {
    const { call } = createTestApi();
    await recordSale(call, 'mine', 10);
    await recordSale(call, 'theirs', 10, ACCOUNT_B.keys.secretTest);
    const mine = await call('GET', '/tax/transactions');
    expect(mine.json.transactions.map((t: { reference_order_id: string }) => t.reference_order_id)).toEqual(['mine']);
    expect((await call('GET', '/tax/transactions', { key: ACCOUNT_A.keys.secretLive })).json.transactions).toEqual([]);
    expect((await call('GET', '/tax/transactions', { key: ACCOUNT_A.keys.publicTest })).status).toBe(401);
  });
});
