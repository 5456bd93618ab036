/**
 * POST /tax/calculations through the HTTP layer in-process: the router alone (plain objects),
 * the fetch handler (web Request/Response), and the engine call they wrap, so the cost of each
 * layer shows. The socket path is measured by bench/http-load.mjs.
 */
import { benchCart } from './cart.mjs';
import { bench, describe } from 'vitest';
import { createMemoryStore } from '../adapters/memory/index.ts';
import { createTaxEngine } from '../src/engine.ts';
import { createFetchHandler } from '../src/http/create-fetch-handler.ts';
import { createHttpApp } from '../src/http/create-http-app.ts';
import { generateAccountKeys } from '../src/http/generate-account-keys.ts';
import { handleRequest } from '../src/http/handle-request.ts';

const engine = createTaxEngine({ store: createMemoryStore() });
const keys = generateAccountKeys();
const options = { accounts: [{ id: 'bench', keys }] };
const app = createHttpApp(engine, options);
const handler = createFetchHandler(engine, options);

const body = benchCart(3);
const text = JSON.stringify(body);
const headers = {
  authorization: `Bearer ${keys.secretTest}`,
  'content-type': 'application/json',
  'x-api-version': '2026-03-01',
};

describe('POST /tax/calculations, 3-line cart, in-process', () => {
  bench('engine.calculations.create (no HTTP)', async () => {
    await engine.calculations.create(JSON.parse(text), { version: '2026-03-01' });
  });
  bench('handleRequest (router over plain objects)', async () => {
    const response = await handleRequest(app, {
      method: 'POST',
      path: '/tax/calculations',
      query: {},
      headers,
      body: text,
      clientIp: '127.0.0.1',
    });
    if (response.status !== 200) throw new Error(response.body);
  });
  bench('createFetchHandler (web Request → Response)', async () => {
    const response = await handler(
      new Request('http://taxkit.local/tax/calculations', { method: 'POST', headers, body: text }),
    );
    if (response.status !== 200) throw new Error(await response.text());
    await response.text();
  });
});

describe('GET /tax/ping, in-process', () => {
  const pingHeaders = { authorization: `Bearer ${keys.secretTest}` };
  bench('handleRequest', async () => {
    // A fresh client address each time keeps the rate limit out of the measurement.
    await handleRequest(app, {
      method: 'GET',
      path: '/tax/ping',
      query: {},
      headers: pingHeaders,
      body: undefined,
      clientIp: String(Math.random()),
    });
  });
});
