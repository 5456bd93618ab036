import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import type { TaxEngine } from '../../src/engine.ts';
import { startServer, type RunningServer } from '../../src/http/start-server.ts';
import { ACCOUNTS, KEY, calculationBody, createTestApi, createTestEngine } from '../helpers/http-fixtures.ts';

const running: RunningServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

async function serve(engine: TaxEngine = createTestEngine()): Promise<RunningServer> {
  const server = await startServer({ engine, accounts: ACCOUNTS, port: 0 });
  running.push(server);
  return server;
}

/** Sends raw bytes and returns the whole raw answer (the server closes the connection). */
function raw(server: RunningServer, bytes: string): Promise<string> {
  const { port } = server;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe('malformed HTTP gets taxkit’s error body and an X-Request-ID', () => {
  it('oversized headers: 431 REQUEST_HEADERS_TOO_LARGE', async () => {
    const server = await serve();
    const answer = parseRaw(
      await raw(server, `GET /tax/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['x-request-id']).toMatch(/^req_/);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.headers['x-should-retry']).toBe('false');
    expect(answer.body).toEqual({ code: 431, type: 'REQUEST_HEADERS_TOO_LARGE', message: expect.any(String) });
  });

  it('broken framing: 400 MALFORMED_REQUEST', async () => {
    const server = await serve();
    for (const bytes of [
      'POST /tax/calculations HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'GET /tax/ping HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'NOT HTTP AT ALL\r\n\r\n',
    ]) {
      const answer = parseRaw(await raw(server, bytes));
      expect(answer.status, bytes).toBe(400);
      expect(answer.headers['x-request-id']).toMatch(/^req_/);
      expect(answer.body).toMatchObject({ code: 400, type: 'MALFORMED_REQUEST' });
    }
  });
});

describe('retry hints', () => {
  it('X-Should-Retry: false on every 4xx a retry cannot fix; Retry-After on 429 and 503', async () => {
    const { call } = createTestApi(createTestEngine(), { pingRateLimit: { perSecond: 1, burst: 1 } });
    const calculation = await call('POST', '/tax/calculations', { body: calculationBody() });
    expect(calculation.status).toBe(200);
    expect(calculation.headers.get('x-should-retry')).toBeNull();
    const order = { calculation_id: calculation.json.id, reference_order_id: 'o-1' };
    expect((await call('POST', '/tax/transactions', { body: order })).status).toBe(200);
    const duplicate = await call('POST', '/tax/transactions', { body: order });
    expect(duplicate.status).toBe(409);
    expect(duplicate.headers.get('x-should-retry')).toBe('false');
    for (const answer of [
      await call('GET', '/tax/nowhere'),
      await call('POST', '/tax/calculations', { body: {} }),
      await call('GET', '/tax/ping', { key: 'sk_test_unknown_000000000' }),
    ]) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.headers.get('x-should-retry')).toBe('false');
    }
    await call('GET', '/tax/ping');
    const limited = await call('GET', '/tax/ping');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('x-should-retry')).toBeNull();
  });

  it('503 STORAGE_UNAVAILABLE says when to retry', async () => {
    const store = createMemoryStore();
    const { call } = createTestApi(createTestEngine({ store }));
    await store.close();
    const answer = await call('POST', '/tax/calculations', { body: calculationBody() });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.headers.get('x-should-retry')).toBeNull();
  });
});

describe('graceful stop', () => {
  function post(
    server: RunningServer,
    agent: Agent,
  ): Promise<{ status?: number; connection?: string; error?: string }> {
    return new Promise((resolve) => {
      const url = new URL(server.url);
      const outgoing = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/tax/calculations',
          method: 'POST',
          agent,
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              ...(response.statusCode === undefined ? {} : { status: response.statusCode }),
              ...(response.headers.connection === undefined ? {} : { connection: response.headers.connection }),
            }),
          );
        },
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      outgoing.end(JSON.stringify(calculationBody()));
    });
  }

  it('answers the request in flight and the next one on a kept-alive connection, closing it after, never resetting it', async () => {
    const engine = createTestEngine();
    const slow: TaxEngine = {
      ...engine,
      calculations: {
        ...engine.calculations,
        create: async (body, context) => {
          await new Promise((resolve) => setTimeout(resolve, 200));
          return engine.calculations.create(body, context);
        },
      },
    };
    const server = await serve(slow);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const other = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await post(server, agent)).toEqual({ status: 200, connection: 'keep-alive' });
    const inFlight = post(server, other);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One kept-alive connection is idle, and its client sends the next request as the server
    // stops; the other has a request in flight.
    const started = Date.now();
    const closed = server.close();
    const next = post(server, agent);
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    expect(await next).toEqual({ status: 200, connection: 'close' });
    await closed;
    expect(Date.now() - started).toBeLessThan(2_000);
    agent.destroy();
    other.destroy();
  });
});

describe('answers ready in one turn are written together, each to its own request', () => {
  /** The bytes of one POST /tax/calculations request. */
  const post = (body: string, last: boolean) =>
    `POST /tax/calculations HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `${last ? 'Connection: close\r\n' : ''}\r\n${body}`;

  /** Splits the raw bytes of several answers on one connection (each has a Content-Length). */
  function splitAnswers(bytes: string): { status: number; body: any }[] {
    const answers: { status: number; body: any }[] = [];
    let rest = bytes;
    while (rest.length > 0) {
      const headEnd = rest.indexOf('\r\n\r\n');
      const head = rest.slice(0, headEnd);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
      const body = rest.slice(headEnd + 4, headEnd + 4 + length);
      answers.push({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
      rest = rest.slice(headEnd + 4 + length);
    }
    return answers;
  }

  it('pipelined requests are answered in order, though the malformed one was answered first', async () => {
    const server = await serve();
    const first = JSON.stringify({ ...calculationBody(1), metadata: { order: 'first' } });
    const third = JSON.stringify({ ...calculationBody(2), metadata: { order: 'third' } });
    const answers = splitAnswers(
      await raw(server, post(first, false) + post('{"customer":', false) + post(third, true)),
    );
    expect(answers.map(({ status }) => status)).toEqual([200, 400, 200]);
    expect(answers[0]?.body.metadata).toEqual({ order: 'first' });
    expect(answers[0]?.body.line_items).toHaveLength(1);
    expect(answers[1]?.body.error.code).toBe('invalid_json');
    expect(answers[2]?.body.metadata).toEqual({ order: 'third' });
    expect(answers[2]?.body.line_items).toHaveLength(2);
  });

  it('many connections at once each get their own answer', async () => {
    const server = await serve();
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    try {
      const sent = Array.from({ length: 64 }, (_, index) => index);
      const answers = await Promise.all(
        sent.map(
          (index) =>
            new Promise<any>((resolve, reject) => {
              const body = JSON.stringify({ ...calculationBody(1), metadata: { index: String(index) } });
              const call = request(
                `${server.url}/tax/calculations`,
                {
                  method: 'POST',
                  agent,
                  headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
                },
                (response) => {
                  let text = '';
                  response.on('data', (chunk) => (text += chunk));
                  response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(text) }));
                },
              );
              call.on('error', reject);
              call.end(body);
            }),
        ),
      );
      expect(answers.map(({ status }) => status)).toEqual(sent.map(() => 200));
      expect(answers.map(({ body }) => body.metadata.index)).toEqual(sent.map(String));
      expect(new Set(answers.map(({ body }) => body.id)).size).toBe(sent.length);
    } finally {
      agent.destroy();
    }
  });
});
