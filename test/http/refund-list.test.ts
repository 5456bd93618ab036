/* eslint-disable no-await-in-loop -- refunds are recorded one after another on purpose */
import { describe, expect, it } from 'vitest';
import { calculationBody, createTestApi } from '../helpers/http-fixtures.ts';

const VERSION = '2026-03-01';

/** A transaction of two lines (tax 14 and 70) with `count` partial refunds of 1 unit of tax. */
async function refundedTransaction(count: number) {
  const api = createTestApi();
  const calculation = await api.call('POST', '/tax/calculations', { version: VERSION, body: calculationBody() });
  const transaction = await api.call('POST', '/tax/transactions', {
    version: VERSION,
    body: { calculation_id: calculation.json.id, reference_order_id: 'order-refunds' },
  });
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const refund = await api.call('POST', '/tax/refunds', {
      version: VERSION,
      body: {
        transaction_id: transaction.json.id,
        type: 'partial',
        line_items: [
          { reference_line_item_id: 'line-2', sales_amount_refunded: -10, tax_amount_refunded: -1, quantity: 0 },
        ],
      },
    });
    expect(refund.status).toBe(200);
    ids.push(refund.json.id);
  }
  return { ...api, transactionId: transaction.json.id as string, ids };
}

describe('GET /tax/transactions/{id}/refunds: complete without a cursor, paged with one', () => {
  it('without cursor and limit every refund, oldest first (a client with no cursor misses none)', async () => {
    const { call, transactionId, ids } = await refundedTransaction(25);
    const path = `/tax/transactions/${transactionId}/refunds`;
    for (const version of ['2024-09-01', VERSION]) {
      const all = await call('GET', path, { version });
      expect(all.status).toBe(200);
      expect(all.json.refunds.map((refund: { id: string }) => refund.id)).toEqual(ids);
      expect(all.json).toMatchObject({ has_more: false, last_refund_id: ids[24] });
      expect(Object.keys(all.json)).toEqual(['refunds', 'has_more', 'last_refund_id']);
    }
    const empty = await call('GET', `${path}?cursor=`, { version: VERSION });
    expect(empty.json.refunds).toHaveLength(25);
    const missing = await call('GET', '/tax/transactions/tr_nope/refunds', { version: VERSION });
    expect(missing.status).toBe(404);
  });

  it('with a limit, pages of that size, oldest first, with has_more and last_refund_id as the next cursor', async () => {
    const { call, transactionId, ids } = await refundedTransaction(12);
    const path = `/tax/transactions/${transactionId}/refunds`;
    const first = await call('GET', `${path}?limit=10`, { version: VERSION });
    expect(first.status).toBe(200);
    expect(first.json.refunds.map((refund: { id: string }) => refund.id)).toEqual(ids.slice(0, 10));
    expect(first.json).toMatchObject({ has_more: true, last_refund_id: ids[9] });
    const second = await call('GET', `${path}?cursor=${first.json.last_refund_id}`, { version: VERSION });
    expect(second.json.refunds.map((refund: { id: string }) => refund.id)).toEqual(ids.slice(10));
    expect(second.json).toMatchObject({ has_more: false, last_refund_id: ids[11] });
    const small = await call('GET', `${path}?limit=5&cursor=${ids[4]}`, { version: VERSION });
    expect(small.json.refunds.map((refund: { id: string }) => refund.id)).toEqual(ids.slice(5, 10));
    expect(small.json.has_more).toBe(true);
  });

  it('a limit outside 1..100 is a 400, and the running balance still refuses the 85th unit of tax', async () => {
    const { call, transactionId } = await refundedTransaction(70);
    const refused = await call('GET', `/tax/transactions/${transactionId}/refunds?limit=101`, { version: VERSION });
    expect(refused.status).toBe(400);
    expect(refused.json.type).toBe('INVALID_VALUE');
    const tooMuch = await call('POST', '/tax/refunds', {
      version: VERSION,
      body: {
        transaction_id: transactionId,
        type: 'partial',
        line_items: [
          { reference_line_item_id: 'line-2', sales_amount_refunded: 0, tax_amount_refunded: -1, quantity: 0 },
        ],
      },
    });
    // line-2 had 70 of tax: 70 refunds of 1 took it all.
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.type).toBe('REFUND_EXCEEDS_REMAINING');
    const full = await call('POST', '/tax/refunds', {
      version: VERSION,
      body: { transaction_id: transactionId, type: 'full' },
    });
    expect(full.status).toBe(200);
    const taxes = (full.json.line_items as { tax_amount_refunded?: number; tax_amount?: number }[]).map(
      (line) => line.tax_amount_refunded ?? line.tax_amount,
    );
    expect(taxes).toEqual([-14, 0]);
  });
});

describe('the complete refund list over a real server', () => {
  it('streams every refund through node:http, parseable as one JSON body', async () => {
    const { startServer } = await import('../../src/http/start-server.ts');
    const { ACCOUNTS, KEY, createTestEngine } = await import('../helpers/http-fixtures.ts');
    const engine = createTestEngine();
    const server = await startServer({ engine, accounts: ACCOUNTS, port: 0 });
    try {
      const headers = { Authorization: `Bearer ${KEY}`, 'X-API-Version': VERSION, 'Content-Type': 'application/json' };
      const post = async (path: string, body: unknown) =>
        (
          await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
        ).json() as Promise<{ id: string }>;
      const calculation = await post('/tax/calculations', calculationBody());
      const transaction = await post('/tax/transactions', {
        calculation_id: calculation.id,
        reference_order_id: 'o-1',
      });
      const ids: string[] = [];
      for (let index = 0; index < 25; index += 1) {
        const refund = await post('/tax/refunds', {
          transaction_id: transaction.id,
          type: 'partial',
          line_items: [
            { reference_line_item_id: 'line-2', sales_amount_refunded: -1, tax_amount_refunded: -1, quantity: 0 },
          ],
        });
        ids.push(refund.id);
      }
      const response = await fetch(`${server.url}/tax/transactions/${transaction.id}/refunds`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-length')).toBeNull();
      const listed = (await response.json()) as { refunds: { id: string }[] };
      expect(listed.refunds.map((refund: { id: string }) => refund.id)).toEqual(ids);
      expect(listed).toMatchObject({ has_more: false, last_refund_id: ids[24] });
      // The engine method answers the same list whole, and a page when asked for one.
      const context = {
        tenant: { accountId: ACCOUNTS[0]?.id as string, mode: 'test' as const },
        version: VERSION,
      } as const;
      expect(await engine.transactions.listRefunds(transaction.id, {}, context)).toEqual(listed);
      const page = await engine.transactions.listRefunds(transaction.id, { limit: 10 }, context);
      expect(page.refunds).toHaveLength(10);
      expect(page.has_more).toBe(true);
    } finally {
      await server.close();
    }
  });
});
