import { describe, expect, it } from 'vitest';
import { calculationBody, createTestApi } from '../helpers/http-fixtures.ts';

const VERSION = '2026-03-01';

/** `body` as JSON with `"__proto__": proto` as the first key of its metadata. */
function withProtoKey(body: Record<string, unknown>, proto: string): string {
  return JSON.stringify({ ...body, metadata: { kept: true } }).replace(
    '"metadata":{',
    `"metadata":{"__proto__":${proto},`,
  );
}

describe('a "__proto__" metadata key is kept, never dropped', () => {
  it('on calculations, transactions and merchants, as an own key, in JSON and on a later read', async () => {
    const { call } = createTestApi();
    const calculation = await call('POST', '/tax/calculations', {
      version: VERSION,
      rawBody: withProtoKey(calculationBody(), '"x"'),
    });
    expect(calculation.status).toBe(200);
    expect(calculation.text).toContain('"metadata":{"__proto__":"x","kept":true}');
    const transaction = await call('POST', '/tax/transactions', {
      version: VERSION,
      rawBody: withProtoKey({ calculation_id: calculation.json.id, reference_order_id: 'o-1' }, '{"__proto__":[1]}'),
    });
    expect(transaction.status).toBe(200);
    expect(transaction.text).toContain('"metadata":{"__proto__":{"__proto__":[1]},"kept":true}');
    const read = await call('GET', `/tax/transactions/${transaction.json.id}`, { version: VERSION });
    expect(read.text).toContain('"metadata":{"__proto__":{"__proto__":[1]},"kept":true}');
    const merchant = await call('POST', '/tax/merchants', {
      version: VERSION,
      rawBody: withProtoKey({ reference_merchant_id: 'm-1', name: 'M', email: 'm@example.com' }, '2'),
    });
    expect(merchant.status).toBe(200);
    expect(merchant.text).toContain('"__proto__":2');
    // Nothing leaked into prototypes on the way.
    expect(({} as Record<string, unknown>).kept).toBeUndefined();
  });

  it('metadata that is not JSON data is INCORRECT_TYPE, and long values are still METADATA_TOO_LONG', async () => {
    const { engine } = createTestApi();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const metadata of [cyclic, new Date(0), [1], { when: new Date(0) }, { n: Number.NaN }]) {
      await expect(engine.calculations.create({ ...calculationBody(), metadata })).rejects.toMatchObject({
        type: 'INCORRECT_TYPE',
      });
    }
    await expect(
      engine.calculations.create({ ...calculationBody(), metadata: { __proto__: null, long: 'x'.repeat(300) } }),
    ).rejects.toMatchObject({ type: 'METADATA_TOO_LONG' });
  });
});
