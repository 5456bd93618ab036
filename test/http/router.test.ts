import { describe, expect, it } from 'vitest';
import { TaxError } from '../../src/core/errors.ts';
import type { HttpEngine } from '../../src/http/operate-engine.ts';
import { API_VERSIONS, type ApiVersion } from '../../src/wire/api-version.ts';
import {
  ACCOUNT_A,
  INDIANA,
  KEY,
  calculationBody,
  createTestApi,
  createTestEngine,
  errorTypeOf,
  type Call,
} from '../helpers/http-fixtures.ts';

const OLD_VERSIONS = ['2024-09-01', '2025-05-12'] as const;
const NEW_VERSIONS = ['2026-01-01', '2026-03-01'] as const;

/** Creates a calculation and a transaction from it; returns both responses' bodies. */
async function sale(call: Call, version: ApiVersion, order = 'order-1') {
  const calculation = await call('POST', '/tax/calculations', { body: calculationBody(), version });
  expect(calculation.status).toBe(200);
  const transaction = await call('POST', '/tax/transactions', {
    body: { calculation_id: calculation.json.id, reference_order_id: order },
    version,
  });
  expect(transaction.status).toBe(200);
  return { calculation: calculation.json, transaction: transaction.json };
}

describe.each(API_VERSIONS)('every route answers 200 with the shape of %s', (version) => {
  const is2025 = version >= '2025-05-12';
  const is2026 = version >= '2026-01-01';

  it('POST /tax/calculations', async () => {
    const { call } = createTestApi();
    const { status, json, headers } = await call('POST', '/tax/calculations', { body: calculationBody(), version });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json).toMatchObject({
      object: 'tax.calculation',
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      total_tax_amount: 84,
      total_amount_excluding_tax: 1200,
      total_amount_including_tax: 1284,
      testmode: true,
    });
    expect(json.id).toMatch(/^calc_/);
    expect(json.expires_at).toBeTypeOf('number');
    expect(json.line_items).toHaveLength(2);
    expect(json.line_items[0]).toMatchObject({
      quantity: 2,
      tax_amount: 14,
      amount_excluding_tax: 200,
      amount_including_tax: 214,
    });
    const jurisdiction = json.line_items[0].tax_jurisdictions[0];
    expect(jurisdiction).toMatchObject({ tax_rate: 0.07, jurisdiction_name: 'Indiana', fee_amount: 0 });
    // Fields by version (docs/interface.md §2.3, §2.5, §9).
    expect('customer' in json).toBe(is2025);
    expect('automatic_tax' in json).toBe(is2025);
    expect('tax_authority_name' in jurisdiction).toBe(is2026);
    expect('location_source' in json).toBe(version >= '2026-03-01');
    expect('resolution_precision' in json).toBe(version >= '2026-03-01');
  });

  it('transactions: create, get, list refunds, delete', async () => {
    const { call } = createTestApi();
    const { calculation, transaction } = await sale(call, version);
    expect(transaction).toMatchObject({
      object: 'tax.transaction',
      calculation_id: calculation.id,
      reference_order_id: 'order-1',
      customer_currency_code: 'USD',
      testmode: true,
    });
    expect(transaction.id).toMatch(/^tr_/);
    const got = await call('GET', `/tax/transactions/${transaction.id}`, { version });
    expect(got.status).toBe(200);
    expect(got.json).toEqual(transaction);
    const refunds = await call('GET', `/tax/transactions/${transaction.id}/refunds`, { version });
    expect(refunds.status).toBe(200);
    expect(refunds.json).toEqual({ refunds: [], has_more: false, last_refund_id: null });
    const deleted = await call('DELETE', `/tax/transactions/${transaction.id}`, { version });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toMatchObject({ object: 'tax.transaction' });
    const gone = await call('GET', `/tax/transactions/${transaction.id}`, { version });
    expect(gone.status).toBe(404);
    expect(errorTypeOf(gone.json, version)).toBe('TRANSACTION_NOT_FOUND');
  });

  it('refunds and refund reversals', async () => {
    const { call } = createTestApi();
    const { transaction } = await sale(call, version);
    const refund = await call('POST', '/tax/refunds', {
      body: { transaction_id: transaction.id, type: 'full' },
      version,
    });
    expect(refund.status).toBe(200);
    expect(refund.json).toMatchObject({ object: 'tax.refund', refund_type: 'full', testmode: true });
    expect(refund.json.line_items.map((line: any) => line.tax_amount)).toEqual([-14, -70]);
    const reversal = await call('POST', '/tax/refund_reversals', { body: { refund_id: refund.json.id }, version });
    expect(reversal.status).toBe(200);
    expect(reversal.json).toMatchObject({ object: 'tax.refund', id: refund.json.id });
  });

  it('products: create, get, list, delete', async () => {
    const { call } = createTestApi();
    const product = {
      reference_product_id: 'sku-1',
      reference_product_name: 'Mug',
      product_category: 'GENERAL_MERCHANDISE',
    };
    const created = await call('POST', '/tax/products', { body: product, version });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ object: 'tax.product', ...product, testmode: true });
    expect((await call('GET', '/tax/products/sku-1', { version })).json).toEqual(created.json);
    const list = await call('GET', '/tax/products', { version });
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ products: [created.json], has_more: false, last_product_id: 'sku-1' });
    const deleted = await call('DELETE', '/tax/products/sku-1', { version });
    expect(deleted.status).toBe(200);
    const gone = await call('GET', '/tax/products/sku-1', { version });
    expect(gone.status).toBe(404);
    expect(errorTypeOf(gone.json, version)).toBe('PRODUCT_NOT_FOUND');
  });

  it('customers: create, get, list, delete', async () => {
    const { call } = createTestApi();
    const created = await call('POST', '/tax/customers', {
      body: { email: 'ada@example.com', name: 'Ada', reference_customer_id: 'c-1', is_tax_exempt: true },
      version,
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ object: 'tax.customer', email: 'ada@example.com', is_tax_exempt: true });
    for (const id of [created.json.id, 'c-1']) {
      const got = await call('GET', `/tax/customers/${id}`, { version });
      expect(got.status).toBe(200);
      expect(got.json).toEqual(created.json);
    }
    const list = await call('GET', '/tax/customers', { version });
    expect(list.json).toMatchObject({ customers: [created.json], has_more: false });
    expect((await call('DELETE', `/tax/customers/${created.json.id}`, { version })).status).toBe(200);
    const gone = await call('GET', '/tax/customers/c-1', { version });
    expect(gone.status).toBe(404);
    expect(errorTypeOf(gone.json, version)).toBe('CUSTOMER_NOT_FOUND');
  });

  it('ping echoes the version and carries Cache-Control', async () => {
    const { call } = createTestApi();
    const { status, json, headers } = await call('GET', '/tax/ping', { version });
    expect(status).toBe(200);
    expect(json).toEqual({ status: 'ok', env: 'test', timestamp: expect.any(String), api_version: version });
    expect(new Date(json.timestamp).toISOString()).toBe(json.timestamp);
    expect(headers.get('cache-control')).toBe('no-cache, no-store');
  });
});

describe('versions', () => {
  it('defaults to 2024-09-01 when X-API-Version is absent', async () => {
    const { call } = createTestApi();
    expect((await call('GET', '/tax/ping')).json.api_version).toBe('2024-09-01');
    const calculation = await call('POST', '/tax/calculations', { body: calculationBody() });
    expect('customer' in calculation.json).toBe(false);
  });

  it.each(['2023-01-01', 'latest', '2026-3-1', '2026-03-01x'])(
    'rejects %j with 400 INVALID_API_VERSION in the flat format',
    async (bad) => {
      const { call } = createTestApi();
      for (const [method, path] of [
        ['GET', '/tax/ping'],
        ['POST', '/tax/calculations'],
        ['GET', '/tax/products'],
      ] as const) {
        const { status, json } = await call(method, path, {
          version: bad,
          body: method === 'POST' ? calculationBody() : undefined,
        });
        expect(status).toBe(400);
        expect(json).toEqual({ code: 400, type: 'INVALID_API_VERSION', message: expect.stringContaining(bad) });
      }
    },
  );

  it.each(OLD_VERSIONS)(
    'merchant and platform routes need 2026-01-01 (400 UNSUPPORTED_API_VERSION in %s)',
    async (version) => {
      const { call } = createTestApi();
      const requests = [
        ['POST', '/tax/merchants', {}],
        ['GET', '/tax/merchants', undefined],
        ['GET', '/tax/merchants/merch_1', undefined],
        ['POST', '/tax/merchants/merch_1', {}],
        ['DELETE', '/tax/merchants/merch_1', undefined],
        ['POST', '/tax/platform/calculations', {}],
        ['POST', '/tax/platform/transactions', {}],
      ] as const;
      for (const [method, path, body] of requests) {
        const { status, json } = await call(method, path, { version, body });
        expect(status, `${method} ${path}`).toBe(400);
        expect(json.error).toMatchObject({ code: 'unsupported_api_version', error_code: 'unsupported_api_version' });
      }
    },
  );

  it.each(NEW_VERSIONS)('merchants: create, list, get, update, delete in %s', async (version) => {
    const { call } = createTestApi();
    const created = await call('POST', '/tax/merchants', {
      version,
      body: {
        reference_merchant_id: 'seller-1',
        name: 'Seller',
        default_address: { ...INDIANA, address_type: undefined },
      },
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ object: 'tax.merchant', reference_merchant_id: 'seller-1', name: 'Seller' });
    const list = await call('GET', '/tax/merchants?limit=5', { version });
    expect(list.status).toBe(200);
    expect(list.json.merchants).toHaveLength(1);
    expect((await call('GET', '/tax/merchants/seller-1', { version })).json.id).toBe(created.json.id);
    const updated = await call('POST', `/tax/merchants/${created.json.id}`, { version, body: { name: 'Seller Two' } });
    expect(updated.status).toBe(200);
    expect(updated.json.name).toBe('Seller Two');
    expect((await call('DELETE', '/tax/merchants/seller-1', { version })).status).toBe(200);
    const gone = await call('GET', '/tax/merchants/seller-1', { version });
    expect(gone.status).toBe(404);
    expect(gone.json.type).toBe('MERCHANT_NOT_FOUND');
    const badLimit = await call('GET', '/tax/merchants?limit=1000', { version });
    expect(badLimit.status).toBe(400);
  });

  it.each(NEW_VERSIONS)('POST /tax/platform/calculations in %s', async (version) => {
    const { call } = createTestApi();
    const merchant = await call('POST', '/tax/merchants', {
      version,
      body: {
        reference_merchant_id: 'seller-1',
        name: 'Seller',
        default_address: { ...INDIANA, address_type: undefined },
      },
    });
    const { status, json } = await call('POST', '/tax/platform/calculations', {
      version,
      body: {
        customer: { address: INDIANA },
        merchant: { merchant_id: merchant.json.id },
        roles: ['marketplace_provider'],
        order_details: {
          customer_currency_code: 'USD',
          tax_included_in_amount: false,
          line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 2500, quantity: 3 }],
        },
      },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ object: 'tax.calculation', testmode: true, totals: { order: { tax_amount: 525 } } });
    // amount is per unit on platform calculations: 2500 × 3 at 7 %.
    expect(json.line_items[0]).toMatchObject({ quantity: 3, tax_amount: 525, amount_excluding_tax: 7500 });

    // A payment processor records two transactions: the order and the platform fee (docs/interface.md §4.15).
    const processor = await call('POST', '/tax/platform/calculations', {
      version,
      body: {
        customer: { address: INDIANA },
        merchant: { merchant_id: 'seller-1' },
        roles: ['payment_processor'],
        order_details: {
          customer_currency_code: 'USD',
          tax_included_in_amount: false,
          line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1000, quantity: 1 }],
        },
        fee_details: { line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 100, quantity: 1 }] },
      },
    });
    expect(processor.status).toBe(200);
    const recorded = await call('POST', '/tax/platform/transactions', {
      version,
      body: {
        platform_calculation_id: processor.json.id,
        reference_order_id: 'order-9',
        reference_payment_id: 'pay-9',
      },
    });
    expect(recorded.status).toBe(200);
    expect(recorded.json.object).toBe('list');
    expect(recorded.json.transactions.map((transaction: any) => [transaction.object, transaction.type])).toEqual([
      ['tax.transaction', 'order'],
      ['tax.transaction', 'fee'],
    ]);
  });
});

describe('error formats (docs/interface.md §7)', () => {
  it.each(OLD_VERSIONS)('%s: nested, with both the interface and the hosted API field names', async (version) => {
    const { call } = createTestApi();
    const body = calculationBody();
    (body.order_details as any).line_items[0].amount = 'ten';
    const { status, json } = await call('POST', '/tax/calculations', { body, version });
    expect(status).toBe(400);
    expect(json).toEqual({
      error: {
        code: 'incorrect_type',
        message: expect.any(String),
        error_code: 'incorrect_type',
        error_message: expect.any(String),
        error_meta: { field: 'order_details.line_items[0].amount' },
      },
    });
    expect(json.error.message).toBe(json.error.error_message);
  });

  it.each(NEW_VERSIONS)('%s: flat { code, type, message } with the status as code', async (version) => {
    const { call } = createTestApi();
    const missing = await call('GET', '/tax/transactions/tr_missing', { version });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({
      code: 404,
      type: 'TRANSACTION_NOT_FOUND',
      message: expect.any(String),
      param: 'transaction_id',
    });
    const duplicate = {
      reference_product_id: 'p',
      reference_product_name: 'P',
      product_category: 'GENERAL_MERCHANDISE',
    };
    await call('POST', '/tax/products', { body: duplicate, version });
    const conflict = await call('POST', '/tax/products', { body: duplicate, version });
    expect(conflict.status).toBe(409);
    expect(conflict.json).toMatchObject({ code: 409, type: 'DUPLICATE_PRODUCT', message: expect.any(String) });
    // The field the error is about, as data (a taxkit extension), where the error has one.
    const invalid = await call('POST', '/tax/calculations', {
      version,
      body: { ...calculationBody(), customer: { address: { ...INDIANA, address_postal_code: '1' } } },
    });
    expect(invalid.json).toEqual({
      code: 400,
      type: 'MALFORMED_ADDRESS',
      message: expect.stringContaining('customer.address.address_postal_code'),
      param: 'customer.address.address_postal_code',
    });
  });

  it('a GET of an unknown product reports the wire type PRODUCT_NOT_FOUND with 404', async () => {
    const { call } = createTestApi();
    const { status, json } = await call('GET', '/tax/products/nope', { version: '2026-01-01' });
    expect(status).toBe(404);
    expect(json.type).toBe('PRODUCT_NOT_FOUND');
  });
});

describe('HTTP plumbing errors', () => {
  it('404 ROUTE_NOT_FOUND for an unknown path, in the version format', async () => {
    const { call } = createTestApi();
    for (const path of ['/', '/tax', '/tax/unknown', '/tax/transactions/a/b/c', '/tax/products//', '/TAX/PING']) {
      const { status, json } = await call('GET', path, { version: '2026-01-01' });
      expect(status, path).toBe(404);
      expect(json.type).toBe('ROUTE_NOT_FOUND');
    }
    const old = await call('GET', '/nope');
    expect(old.json.error.code).toBe('route_not_found');
  });

  it('405 METHOD_NOT_ALLOWED with an Allow header', async () => {
    const { call } = createTestApi();
    const cases = [
      ['GET', '/tax/calculations', 'POST'],
      ['PUT', '/tax/products/sku', 'GET, DELETE'],
      ['PATCH', '/tax/merchants/m', 'GET, POST, DELETE'],
      ['POST', '/tax/ping', 'GET'],
      ['DELETE', '/tax/refunds', 'POST, GET'], // GET lists refunds by period (docs/reports.md)
      ['POST', '/openapi.json', 'GET'],
    ] as const;
    for (const [method, path, allow] of cases) {
      const { status, json, headers } = await call(method, path, { version: '2026-01-01' });
      expect(status, `${method} ${path}`).toBe(405);
      expect(json.type).toBe('METHOD_NOT_ALLOWED');
      expect(headers.get('allow')).toBe(allow);
    }
  });

  it('413 PAYLOAD_TOO_LARGE over 1 MiB, whatever the body', async () => {
    const { call } = createTestApi();
    const padding = 'x'.repeat(1024 * 1024);
    const { status, json } = await call('POST', '/tax/calculations', {
      rawBody: `{"metadata":{"a":"${padding}"}}`,
      version: '2026-01-01',
    });
    expect(status).toBe(413);
    expect(json.type).toBe('PAYLOAD_TOO_LARGE');
    // Multi-byte characters count as bytes: 400 000 × 3 bytes is over 1 MiB in under 1 Mi characters.
    const wide = await call('POST', '/tax/calculations', {
      rawBody: `"${'€'.repeat(400_000)}"`,
      version: '2026-01-01',
    });
    expect(wide.status).toBe(413);
    // Just under the limit is read (and then refused for what it is).
    const under = await call('POST', '/tax/calculations', {
      rawBody: `${' '.repeat(1024 * 1024 - 2)}[]`,
      version: '2026-01-01',
    });
    expect(under.status).toBe(400);
    expect(under.json.type).toBe('INCORRECT_TYPE');
  });

  it('413 also for a streamed body without Content-Length, and maxBodyBytes is configurable', async () => {
    const { handler } = createTestApi(undefined, { maxBodyBytes: 100 });
    const stream = new ReadableStream({
      start(controller) {
        for (let index = 0; index < 10; index++) controller.enqueue(new TextEncoder().encode('{"a":"0123456789"}'));
        controller.close();
      },
    });
    const response = await handler(
      new Request('http://taxkit.test/tax/calculations', {
        method: 'POST',
        body: stream,
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
  });

  it('415 UNSUPPORTED_MEDIA_TYPE for a POST that is not application/json', async () => {
    const { call } = createTestApi();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      'application/jsonp',
      'multipart/form-data',
    ]) {
      const { status, json } = await call('POST', '/tax/calculations', {
        body: calculationBody(),
        version: '2026-01-01',
        headers: { 'content-type': type },
      });
      expect(status, type).toBe(415);
      expect(json.type).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"']) {
      const { status } = await call('POST', '/tax/calculations', {
        body: calculationBody(),
        headers: { 'content-type': type },
      });
      expect(status, type).toBe(200);
    }
  });

  it('400 INVALID_JSON for a body that is not JSON, empty, or nested too deep', async () => {
    const { call } = createTestApi();
    for (const rawBody of [
      '{',
      '{"a":}',
      "{'a':1}",
      'undefined',
      '',
      '   ',
      '{"a":1}x',
      '['.repeat(65) + ']'.repeat(65),
    ]) {
      const { status, json } = await call('POST', '/tax/calculations', {
        rawBody,
        version: '2026-01-01',
        headers: { 'content-type': 'application/json' },
      });
      expect(status, rawBody.slice(0, 20)).toBe(400);
      expect(json.type).toBe('INVALID_JSON');
    }
  });

  it('400 INCORRECT_TYPE for JSON that is not an object', async () => {
    const { call } = createTestApi();
    for (const rawBody of ['[]', 'null', '1', '"text"', 'true', '[{"customer":{}}]']) {
      const { status, json } = await call('POST', '/tax/transactions', { rawBody, version: '2026-01-01' });
      expect(status, rawBody).toBe(400);
      expect(json.type).toBe('INCORRECT_TYPE');
    }
  });

  it('401 UNAUTHORIZED for a missing, malformed or unknown key', async () => {
    const { call } = createTestApi();
    const headers = [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      `Basic ${KEY}`,
      `Bearer ${KEY} extra`,
      `Bearer ${KEY}x`,
      `Bearer ${KEY.slice(0, -1)}`,
      'Bearer sk_test_unknown_key_000000000000',
      `Bearer ${'k'.repeat(10_000)}`,
      KEY,
    ];
    for (const authorization of headers) {
      for (const [method, path] of [
        ['GET', '/tax/ping'],
        ['POST', '/tax/calculations'],
        ['GET', '/tax/products'],
        ['DELETE', '/tax/customers/c'],
      ] as const) {
        const { status, json, text } = await call(method, path, {
          key: null,
          version: '2026-01-01',
          body: method === 'POST' ? calculationBody() : undefined,
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(status, `${authorization?.slice(0, 30)} ${path}`).toBe(401);
        expect(json.type).toBe('UNAUTHORIZED');
        // The presented key is never echoed.
        if (authorization !== undefined && authorization.length > 10)
          expect(text).not.toContain(authorization.slice(7));
      }
    }
  });

  it('accepts the scheme in any case and extra spaces', async () => {
    const { call } = createTestApi();
    for (const authorization of [`bearer ${KEY}`, `BEARER  ${KEY}`, `Bearer ${KEY} `]) {
      expect((await call('GET', '/tax/ping', { key: null, headers: { authorization } })).status).toBe(200);
    }
  });

  it('ignores a single trailing slash', async () => {
    const { call } = createTestApi();
    expect((await call('GET', '/tax/ping/')).status).toBe(200);
  });
});

describe('public keys', () => {
  it('create calculations, in their mode', async () => {
    const { call } = createTestApi();
    const test = await call('POST', '/tax/calculations', { key: ACCOUNT_A.keys.publicTest, body: calculationBody() });
    expect(test.status).toBe(200);
    expect(test.json.testmode).toBe(true);
    const live = await call('POST', '/tax/calculations', { key: ACCOUNT_A.keys.publicLive, body: calculationBody() });
    expect(live.status).toBe(200);
    expect(live.json.testmode).toBe(false);
    // The secret key of the same account and mode turns the browser's estimate into a sale.
    const transaction = await call('POST', '/tax/transactions', {
      body: { calculation_id: test.json.id, reference_order_id: 'o-1' },
    });
    expect(transaction.status).toBe(200);
  });

  it('get 401 everywhere else, the health check included (docs/interface.md §5.3)', async () => {
    const { call } = createTestApi();
    const requests = [
      ['GET', '/tax/ping', undefined],
      ['POST', '/tax/transactions', { calculation_id: 'calc_1', reference_order_id: 'o' }],
      ['GET', '/tax/transactions/tr_1', undefined],
      ['POST', '/tax/refunds', { transaction_id: 'tr_1', type: 'full' }],
      [
        'POST',
        '/tax/products',
        { reference_product_id: 'p', reference_product_name: 'P', product_category: 'GENERAL_MERCHANDISE' },
      ],
      ['GET', '/tax/products', undefined],
      ['GET', '/tax/customers', undefined],
      ['DELETE', '/tax/customers/c', undefined],
      ['GET', '/tax/merchants', undefined],
      ['POST', '/tax/platform/calculations', {}],
    ] as const;
    for (const key of [ACCOUNT_A.keys.publicTest, ACCOUNT_A.keys.publicLive]) {
      for (const [method, path, body] of requests) {
        const { status, json } = await call(method, path, { key, body, version: '2026-01-01' });
        expect(status, `${method} ${path}`).toBe(401);
        expect(json.type).toBe('UNAUTHORIZED');
      }
    }
  });
});

describe('ping', () => {
  it('env is prod for a live key', async () => {
    const { call } = createTestApi();
    expect((await call('GET', '/tax/ping', { key: ACCOUNT_A.keys.secretLive })).json.env).toBe('prod');
  });

  it('is rate limited per key and client IP: 429 RATE_LIMITED with Retry-After', async () => {
    let now = 1_000_000;
    let ip = '10.0.0.1';
    const { call } = createTestApi(undefined, {
      pingRateLimit: { perSecond: 0.5, burst: 2 },
      now: () => now,
      clientIp: () => ip,
    });
    expect((await call('GET', '/tax/ping')).status).toBe(200);
    expect((await call('GET', '/tax/ping')).status).toBe(200);
    const limited = await call('GET', '/tax/ping', { version: '2025-05-12' });
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.headers.get('x-request-id')).toMatch(/^req_/);
    // Another key, or the same key from another address, has its own bucket.
    expect((await call('GET', '/tax/ping', { key: ACCOUNT_A.keys.secretLive })).status).toBe(200);
    ip = '10.0.0.2';
    expect((await call('GET', '/tax/ping')).status).toBe(200);
    // Only ping is limited.
    ip = '10.0.0.1';
    expect((await call('GET', '/tax/products')).status).toBe(200);
    // Tokens come back with time: one every 2 s.
    now += 2000;
    expect((await call('GET', '/tax/ping')).status).toBe(200);
    expect((await call('GET', '/tax/ping')).status).toBe(429);
  });

  it('the default limit allows a burst of 20', async () => {
    const { call } = createTestApi(undefined, { now: () => 5_000 });
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++) statuses.push((await call('GET', '/tax/ping')).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('can be switched off', async () => {
    const { call } = createTestApi(undefined, { pingRateLimit: false, now: () => 5_000 });
    for (let index = 0; index < 30; index++) expect((await call('GET', '/tax/ping')).status).toBe(200);
  });
});

describe('every response', () => {
  it('carries a unique X-Request-ID and is JSON', async () => {
    const { call } = createTestApi();
    const results = await Promise.all([
      call('GET', '/tax/ping'),
      call('GET', '/nope'),
      call('PUT', '/tax/ping'),
      call('GET', '/tax/ping', { key: null }),
      call('GET', '/tax/ping', { version: 'x' }),
      call('POST', '/tax/calculations', { rawBody: '{' }),
      call('POST', '/tax/calculations', { body: calculationBody() }),
      call('GET', '/openapi.json', { key: null }),
    ]);
    const ids = results.map((result) => result.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const result of results) expect(result.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

/** An engine whose calculations throw `error`; nothing else exists. */
function brokenEngine(error: unknown): HttpEngine {
  return {
    calculations: {
      create: async () => {
        throw error;
      },
    },
  };
}

describe("failures that are not the caller's", () => {
  it('a bug becomes 500 INTERNAL_ERROR with no stack or internal message; onError gets the error', async () => {
    const bug = new Error('secret internals at /srv/app.js');
    for (const thrown of [bug, 'a string', undefined, { weird: true }]) {
      const { call, errors } = createTestApi(brokenEngine(thrown));
      for (const version of API_VERSIONS) {
        const { status, text, json, headers } = await call('POST', '/tax/calculations', {
          body: calculationBody(),
          version,
        });
        expect(status).toBe(500);
        expect(errorTypeOf(json, version)).toBe('INTERNAL_ERROR');
        expect(text).not.toContain('secret internals');
        expect(text).not.toMatch(/\bat .+:\d+/);
        expect(text).toContain(headers.get('x-request-id'));
      }
      expect(errors).toEqual(API_VERSIONS.map(() => thrown));
    }
  });

  it('a store outage keeps its type and status, not its message', async () => {
    const { call, errors } = createTestApi(
      brokenEngine(new TaxError('STORAGE_UNAVAILABLE', 'cannot open /var/lib/secret.db')),
    );
    const { status, json, text } = await call('POST', '/tax/calculations', {
      body: calculationBody(),
      version: '2026-01-01',
    });
    expect(status).toBe(503);
    expect(json.type).toBe('STORAGE_UNAVAILABLE');
    expect(text).not.toContain('secret.db');
    expect(errors).toHaveLength(1);
  });

  it('a resource the engine lacks answers 404 ROUTE_NOT_FOUND', async () => {
    const { call, errors } = createTestApi(brokenEngine(new Error('unused')));
    for (const [method, path] of [
      ['GET', '/tax/transactions/tr_1'],
      ['GET', '/tax/products'],
      ['DELETE', '/tax/customers/c'],
    ] as const) {
      const { status, json } = await call(method, path, { version: '2026-01-01' });
      expect(status).toBe(404);
      expect(json).toEqual({ code: 404, type: 'ROUTE_NOT_FOUND', message: expect.stringContaining('not available') });
    }
    expect(errors).toEqual([]);
  });

  it('a response that cannot be serialised is a 500, not a crash', async () => {
    const { call } = createTestApi({ calculations: { create: async () => ({ total: 10n }) } });
    const { status, json } = await call('POST', '/tax/calculations', {
      body: calculationBody(),
      version: '2026-01-01',
    });
    expect(status).toBe(500);
    expect(json.type).toBe('INTERNAL_ERROR');
  });
});

describe('options', () => {
  it('basePath mounts the API under a prefix', async () => {
    const { call } = createTestApi(undefined, { basePath: '/taxkit/' });
    expect((await call('GET', '/taxkit/tax/ping')).status).toBe(200);
    expect((await call('GET', '/tax/ping')).status).toBe(404);
    expect((await call('GET', '/taxkitx/tax/ping')).status).toBe(404);
  });

  it('passes tenant and version to the engine', async () => {
    const seen: unknown[] = [];
    const engine: HttpEngine = {
      calculations: {
        create: async (body, context) => {
          seen.push({ body, context });
          return { ok: true };
        },
      },
    };
    const { call } = createTestApi(engine);
    await call('POST', '/tax/calculations', { key: ACCOUNT_A.keys.secretLive, version: '2025-05-12', body: { a: 1 } });
    expect(seen).toEqual([
      { body: { a: 1 }, context: { tenant: { accountId: 'acct_a', mode: 'live' }, version: '2025-05-12' } },
    ]);
  });

  it('rejects a configuration with a key used twice', () => {
    const keys = ACCOUNT_A.keys;
    expect(() =>
      createTestApi(createTestEngine(), {
        accounts: [ACCOUNT_A, { id: 'acct_c', keys: { ...keys, secretTest: 'sk_test_cccccccccccc' } }],
      }),
    ).toThrow(/already in use/);
    expect(() =>
      createTestApi(createTestEngine(), {
        accounts: [{ id: 'x', keys: { secretTest: 'short', secretLive: 'sk_live_xxxxxxxx' } }],
      }),
    ).toThrow(/8 to 256/);
  });
});
