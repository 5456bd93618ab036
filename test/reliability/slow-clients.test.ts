import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer, type StartServerOptions } from '../../src/http/start-server.ts';
import { ACCOUNTS, KEY, calculationBody, createTestEngine } from '../helpers/http-fixtures.ts';

const running: RunningServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of running.splice(0)) await server.close();
});

async function serve(options: Partial<StartServerOptions> = {}): Promise<RunningServer> {
  const server = await startServer({ engine: createTestEngine(), accounts: ACCOUNTS, port: 0, ...options });
  running.push(server);
  return server;
}

/** Opens a connection, writes `bytes`, and resolves with what the server sent once it closes. */
function open(server: RunningServer, bytes: string): { socket: Socket; answer: Promise<string> } {
  const socket = connect(server.port, '127.0.0.1');
  sockets.push(socket);
  let text = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
  });
  socket.write(bytes);
  return { socket, answer };
}

/** The first answer on a connection, as soon as it is whole. */
function firstAnswer(socket: Socket): Promise<{ status: number; headers: Record<string, string>; body: any }> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return;
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const body = text.slice(split + 4);
      if (Buffer.byteLength(body) < Number(headers['content-length'])) return;
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
    });
  });
}

const head = (key: string, length: number) =>
  `POST /tax/calculations HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow and keyless clients', () => {
  it('a body sent with a wrong key is refused from the headers, before a byte of it arrives', async () => {
    const server = await serve();
    const started = Date.now();
    const { socket } = open(server, head('sk_test_wrong_key_00000000000000', 1_000_000));
    const answer = await firstAnswer(socket);
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthorized');
    expect(answer.headers['x-request-id']).toMatch(/^req_/);
    expect(answer.headers.connection).toBe('close');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('the same body with a good key is read and answered as before', async () => {
    const server = await serve();
    const body = JSON.stringify(calculationBody());
    const { socket } = open(server, head(KEY, Buffer.byteLength(body)) + body);
    const answer = await firstAnswer(socket);
    expect(answer.status).toBe(200);
    expect(answer.body.object).toBe('tax.calculation');
  });

  it('a body that trickles past the request timeout gets 408 REQUEST_TIMEOUT and the connection closes', async () => {
    const server = await serve({ requestTimeoutMs: 1_500, headersTimeoutMs: 1_000 });
    const started = Date.now();
    const { socket, answer } = open(server, `${head(KEY, 1_000)}{"customer":`);
    const timer = setInterval(() => socket.writable && socket.write(' '), 200);
    const text = await answer;
    clearInterval(timer);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toMatch(/X-Request-ID: req_/i);
    expect(text).toMatch(/"type":"REQUEST_TIMEOUT"/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a connection that sends no headers is closed after the headers timeout', async () => {
    const server = await serve({ requestTimeoutMs: 1_500, headersTimeoutMs: 1_000 });
    const started = Date.now();
    const { answer } = open(server, 'POST /tax/calculations HTTP/1.1\r\nHost: x\r\n');
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('bodies in flight past the bound are refused with 429 and Retry-After, and released when done', async () => {
    const server = await serve({ maxInFlightBodyBytes: 64 * 1024 });
    const holders = [0, 1].map(() => open(server, `${head(KEY, 200_000)}${' '.repeat(40_000)}`));
    const refused = await Promise.race(holders.map(({ socket }) => firstAnswer(socket)));
    expect(refused.status).toBe(429);
    expect(refused.body.type).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('1');
    for (const { socket } of holders) socket.destroy();
    // The bytes of the connections that went away are no longer counted.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const body = JSON.stringify(calculationBody());
    const { socket } = open(server, head(KEY, Buffer.byteLength(body)) + body);
    expect((await firstAnswer(socket)).status).toBe(200);
  });

  it('CONNECT gets 405 with a typed body, and an unknown Expect is routed as usual, not a bare 417', async () => {
    const server = await serve();
    const proxy = await open(server, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n').answer;
    expect(proxy).toMatch(/^HTTP\/1\.1 405 /);
    expect(proxy).toMatch(/X-Request-ID: req_/i);
    expect(proxy).toMatch(/"type":"METHOD_NOT_ALLOWED"/);
    const expecting = await open(
      server,
      `GET /tax/ping HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nExpect: something\r\nConnection: close\r\n\r\n`,
    ).answer;
    expect(expecting).toMatch(/^HTTP\/1\.1 200 /);
    expect(expecting).toMatch(/X-Request-ID: req_/i);
  });

  it('HTTP/1.1 without Host: 400 MALFORMED_REQUEST with a typed body and X-Request-ID', async () => {
    const server = await serve();
    const { answer } = open(server, 'GET /tax/ping HTTP/1.1\r\n\r\n');
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toMatch(/X-Request-ID: req_/i);
    expect(text).toMatch(/"type":"MALFORMED_REQUEST"/);
    expect(text).toMatch(/Host header/);
  });
});
