import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpEngine } from '../../src/http/operate-engine.ts';
import { startServer, type RunningServer, type StartServerOptions } from '../../src/http/start-server.ts';
import { API_VERSIONS, type ApiVersion } from '../../src/wire/api-version.ts';
import { ACCOUNTS, KEY, calculationBody, createTestEngine, errorTypeOf } from '../helpers/http-fixtures.ts';

const servers: RunningServer[] = [];

async function serve(options: Partial<StartServerOptions> = {}): Promise<RunningServer> {
  const server = await startServer({
    engine: createTestEngine(),
    accounts: ACCOUNTS,
    port: 0,
    onError: () => {},
    ...options,
  });
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function client(server: RunningServer, version: ApiVersion) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${KEY}`,
        'x-api-version': version,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    return { status: response.status, json: (await response.json()) as any };
  };
}

/** A tax line of a response (docs/interface.md §2.4, §2.5), with the fields its version has. */
function expectLine(line: any, version: ApiVersion, sign: 1 | -1) {
  expect(line.product).toEqual({
    reference_product_name: expect.any(String),
    reference_product_id: expect.any(String),
    product_tax_code: 'GENERAL_MERCHANDISE',
    reference_line_item_id: expect.any(String),
  });
  expect(line.quantity).toBeTypeOf('number');
  for (const field of ['tax_amount', 'amount_excluding_tax', 'amount_including_tax']) {
    expect(Number.isInteger(line[field]), field).toBe(true);
    expect(Math.sign(line[field]) * sign, field).toBeGreaterThanOrEqual(0);
  }
  expect(line.amount_including_tax).toBe(line.amount_excluding_tax + line.tax_amount);
  for (const jurisdiction of line.tax_jurisdictions) {
    expect(jurisdiction).toMatchObject({
      tax_rate: 0.07,
      rate_type: expect.any(String),
      jurisdiction_name: 'Indiana',
      fee_amount: 0,
    });
    expect('tax_type' in jurisdiction).toBe(version >= '2026-01-01');
  }
}

describe.each(API_VERSIONS)('a sale and its refunds over HTTP, %s', (version) => {
  it('calculation → transaction → partial refund → list → reversal → full refund', async () => {
    const server = await serve();
    const call = client(server, version);

    const calculation = await call('POST', '/tax/calculations', calculationBody());
    expect(calculation.status).toBe(200);
    expect(calculation.json).toMatchObject({ object: 'tax.calculation', total_tax_amount: 84, testmode: true });
    for (const line of calculation.json.line_items) expectLine(line, version, 1);

    const transaction = await call('POST', '/tax/transactions', {
      calculation_id: calculation.json.id,
      reference_order_id: 'order-1001',
      metadata: { cart: 'c-1' },
    });
    expect(transaction.status).toBe(200);
    expect(transaction.json).toMatchObject({
      object: 'tax.transaction',
      calculation_id: calculation.json.id,
      reference_order_id: 'order-1001',
      transaction_processed_at: expect.any(Number),
      customer_currency_code: 'USD',
      filing_currency_code: 'USD',
      testmode: true,
      metadata: { cart: 'c-1' },
    });
    for (const line of transaction.json.line_items) {
      expectLine(line, version, 1);
      for (const jurisdiction of line.tax_jurisdictions) expect(jurisdiction.note).toBeTypeOf('string');
    }
    const transactionId = transaction.json.id as string;

    const duplicate = await call('POST', '/tax/transactions', {
      calculation_id: calculation.json.id,
      reference_order_id: 'order-1001',
    });
    expect(duplicate.status).toBe(409);

    const partial = await call('POST', '/tax/refunds', {
      transaction_id: transactionId,
      type: 'partial',
      line_items: [
        { reference_line_item_id: 'line-1', quantity: 1, sales_amount_refunded: -100, tax_amount_refunded: -7 },
      ],
    });
    expect(partial.status).toBe(200);
    expect(partial.json).toMatchObject({
      object: 'tax.refund',
      refund_type: 'partial',
      testmode: true,
      refund_processed_at: expect.any(Number),
    });
    expect(partial.json.id).toMatch(/^ref_/);
    expect(partial.json.line_items).toHaveLength(1);
    expectLine(partial.json.line_items[0], version, -1);
    expect(partial.json.line_items[0]).toMatchObject({
      tax_amount: -7,
      amount_excluding_tax: -100,
      amount_including_tax: -107,
    });

    const list = await call('GET', `/tax/transactions/${transactionId}/refunds`);
    expect(list.status).toBe(200);
    expect(list.json.refunds).toHaveLength(1);
    const entry = list.json.refunds[0];
    expect(entry).toMatchObject({
      id: partial.json.id,
      object: 'tax.refund',
      testmode: true,
      refund_processed_at: expect.any(Number),
    });
    // List entries carry no refund_type (docs/interface.md §2.7), and tax_due_decimal per jurisdiction (§2.5).
    expect('refund_type' in entry).toBe(false);
    expect(entry.line_items[0].tax_jurisdictions[0].tax_due_decimal).toBe(-7);

    const tooMuch = await call('POST', '/tax/refunds', {
      transaction_id: transactionId,
      type: 'partial',
      line_items: [
        { reference_line_item_id: 'line-1', quantity: 1, sales_amount_refunded: -150, tax_amount_refunded: -11 },
      ],
    });
    expect(tooMuch.status).toBe(409);
    expect(errorTypeOf(tooMuch.json, version)).toBe('REFUND_EXCEEDS_REMAINING');

    const reversal = await call('POST', '/tax/refund_reversals', { refund_id: partial.json.id });
    expect(reversal.status).toBe(200);
    expect(reversal.json).toMatchObject({ id: partial.json.id, object: 'tax.refund', refund_type: 'partial' });
    const again = await call('POST', '/tax/refund_reversals', { refund_id: partial.json.id });
    expect(again.status).toBe(409);
    expect(errorTypeOf(again.json, version)).toBe('REFUND_ALREADY_REVERSED');

    // The reversal restored the balance, so a full refund takes the whole sale.
    const full = await call('POST', '/tax/refunds', { transaction_id: transactionId, type: 'full' });
    expect(full.status).toBe(200);
    expect(full.json.refund_type).toBe('full');
    expect(full.json.line_items.map((line: any) => [line.amount_excluding_tax, line.tax_amount])).toEqual([
      [-200, -14],
      [-1000, -70],
    ]);
    for (const line of full.json.line_items) expectLine(line, version, -1);

    const after = await call('GET', `/tax/transactions/${transactionId}/refunds`);
    expect(after.json.refunds.map((refund: any) => refund.id)).toEqual([partial.json.id, full.json.id]);
    const nothingLeft = await call('POST', '/tax/refunds', { transaction_id: transactionId, type: 'full' });
    expect(nothingLeft.status).toBe(409);
    expect(errorTypeOf(nothingLeft.json, version)).toBe('TRANSACTION_FULLY_REFUNDED');
  });
});

function ping(url: string, forwardedFor: string): Promise<number> {
  return fetch(`${url}/tax/ping`, {
    headers: { authorization: `Bearer ${KEY}`, 'x-forwarded-for': forwardedFor },
  }).then((response) => response.status);
}

/** A promise and the function that resolves it. */
function deferred<T = void>() {
  let resolve: ((value: T) => void) | undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve: (value: T) => resolve?.(value) };
}

/** Sends a raw request and resolves with the status and body, or the socket error. */
function rawRequest(
  url: string,
  options: { method: string; path: string; headers: Record<string, string>; chunks: Buffer[] },
) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> } | { error: string }>(
    (resolve) => {
      const request = httpRequest(
        `${url}${options.path}`,
        { method: options.method, headers: options.headers },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
        },
      );
      request.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
      for (const chunk of options.chunks) request.write(chunk);
      request.end();
    },
  );
}

describe('the node:http listener', () => {
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'x-api-version': '2026-01-01' };

  it('answers 413 to a declared oversize body without reading it', async () => {
    const server = await serve();
    const big = Buffer.alloc(2 * 1024 * 1024, 0x20);
    const result = await rawRequest(server.url, {
      method: 'POST',
      path: '/tax/calculations',
      headers: { ...headers, 'content-length': String(big.length) },
      chunks: [big],
    });
    expect(result).toMatchObject({ status: 413 });
    expect(JSON.parse((result as { body: string }).body)).toMatchObject({ code: 413, type: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 413 to a chunked body once it passes the limit', async () => {
    const server = await serve({ maxBodyBytes: 64 * 1024 });
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(8 * 1024, 0x20));
    const result = await rawRequest(server.url, { method: 'POST', path: '/tax/calculations', headers, chunks });
    expect(result).toMatchObject({ status: 413 });
    expect((result as { headers: Record<string, unknown> }).headers['x-request-id']).toMatch(/^req_/);
  });

  it('decodes a body split across chunks, multi-byte characters included', async () => {
    const server = await serve();
    const text = JSON.stringify({ ...calculationBody(), metadata: { note: 'Grüße €' } });
    const bytes = Buffer.from(text, 'utf8');
    const at = bytes.indexOf(Buffer.from('€')) + 1;
    const result = await rawRequest(server.url, {
      method: 'POST',
      path: '/tax/calculations',
      headers,
      chunks: [bytes.subarray(0, at), bytes.subarray(at)],
    });
    expect(result).toMatchObject({ status: 200 });
    expect(JSON.parse((result as { body: string }).body).metadata).toEqual({ note: 'Grüße €' });
  });

  it('parses the query string', async () => {
    const server = await serve();
    const call = client(server, '2026-01-01');
    for (const id of ['a', 'b', 'c']) {
      await call('POST', '/tax/products', {
        reference_product_id: id,
        reference_product_name: id,
        product_category: 'GENERAL_MERCHANDISE',
      });
    }
    const page = await call('GET', '/tax/products?cursor=a&cursor=z');
    expect(page.json.products.map((product: any) => product.reference_product_id)).toEqual(['b', 'c']);
  });

  it('rate limits ping by the socket address, or by X-Forwarded-For behind a trusted proxy', async () => {
    const limit = { perSecond: 0.001, burst: 1 };
    const direct = await serve({ pingRateLimit: limit });
    expect(await ping(direct.url, '1.1.1.1')).toBe(200);
    expect(await ping(direct.url, '2.2.2.2')).toBe(429);
    const proxied = await serve({ pingRateLimit: limit, trustProxy: true });
    expect(await ping(proxied.url, '1.1.1.1')).toBe(200);
    expect(await ping(proxied.url, '2.2.2.2, 10.0.0.1')).toBe(200);
    expect(await ping(proxied.url, '1.1.1.1')).toBe(429);
  });
});

describe('graceful close', () => {
  it('stops accepting, lets the request in flight finish, then resolves', async () => {
    const inEngine = deferred();
    const answer = deferred<unknown>();
    const engine: HttpEngine = {
      calculations: {
        create: () => {
          inEngine.resolve();
          return answer.promise;
        },
      },
    };
    const server = await serve({ engine });
    const inFlight = fetch(`${server.url}/tax/calculations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await inEngine.promise;
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    expect(server.close()).toBe(server.close());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    // No new connections while closing.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(server.port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    answer.resolve({ done: true });
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ done: true });
    await closing;
    expect(closed).toBe(true);
  });

  it('closes idle keep-alive connections at once', async () => {
    const server = await serve();
    const response = await fetch(`${server.url}/tax/ping`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(response.status).toBe(200);
    await response.text();
    const startedAt = Date.now();
    await server.close();
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });

  it('does not cut a kept-alive connection whose next request is partly sent when closing starts', async () => {
    const server = await serve();
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    const ended = new Promise<string>((resolve) => {
      socket.on('close', (hadError) => resolve(hadError ? 'reset' : 'closed'));
      socket.on('error', () => {});
    });
    await new Promise((resolve) => socket.on('connect', resolve));
    const ping = `GET /tax/ping HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n\r\n`;
    socket.write(ping);
    await vi.waitFor(() => expect(received).toContain('200 OK'));
    // Quiet for longer than the idle grace, then the start of the next request, then close().
    await new Promise((resolve) => setTimeout(resolve, 400));
    socket.write('GET /tax/ping HTTP/1.1\r\nHost: x\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = server.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write(`Authorization: Bearer ${KEY}\r\n\r\n`);
    await closing;
    expect(await ended).toBe('closed');
    expect(received.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(received.toLowerCase()).toContain('connection: close');
  });

  it('cuts off requests that outlive shutdownTimeoutMs', async () => {
    const engine: HttpEngine = { calculations: { create: () => new Promise(() => {}) } };
    const server = await serve({ engine, shutdownTimeoutMs: 100 });
    const inFlight = fetch(`${server.url}/tax/calculations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: '{}',
    }).then(
      (response) => response.status,
      () => 'cut off',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.close();
    expect(await inFlight).toBe('cut off');
  });
});
