import { describe, expect, it } from 'vitest';
import { createHttpApp } from '../../src/http/create-http-app.ts';
import { handleRequest, routeRequest } from '../../src/http/handle-request.ts';
import type { HttpEngine } from '../../src/http/operate-engine.ts';
import type { HttpRequest } from '../../src/http/http-message.ts';
import { ACCOUNT_A, KEY, calculationBody, createTestEngine } from '../helpers/http-fixtures.ts';

function post(path: string, body: unknown, headers: Record<string, string> = {}): HttpRequest {
  return {
    method: 'POST',
    path,
    query: {},
    headers: { authorization: `Bearer ${KEY}`, 'x-api-version': '2026-03-01', ...headers },
    body: JSON.stringify(body),
    clientIp: '127.0.0.1',
  };
}

describe('routeRequest', () => {
  const app = createHttpApp(createTestEngine(), { accounts: [ACCOUNT_A] });

  it('answers refusals in the same turn, without a promise', () => {
    const missing = routeRequest(app, post('/tax/nowhere', {}));
    expect(missing).not.toBeInstanceOf(Promise);
    expect((missing as { status: number }).status).toBe(404);
    const badJson = routeRequest(app, { ...post('/tax/calculations', {}), body: '{' });
    expect(badJson).not.toBeInstanceOf(Promise);
    expect((badJson as { status: number }).status).toBe(400);
  });

  it('answers a synchronous engine call in the same turn, and an asynchronous one once it settles', async () => {
    const engine = createTestEngine();
    const created = await engine.calculations.create(calculationBody(), {
      tenant: { accountId: ACCOUNT_A.id, mode: 'test' },
      version: '2026-03-01',
    });
    const synchronous: HttpEngine = {
      ...engine,
      calculations: {
        ...engine.calculations,
        create: (() => created) as unknown as HttpEngine['calculations']['create'],
      },
    };
    const syncApp = createHttpApp(synchronous, { accounts: [ACCOUNT_A] });
    const direct = routeRequest(syncApp, post('/tax/calculations', calculationBody()));
    expect(direct).not.toBeInstanceOf(Promise);
    expect(JSON.parse((direct as { body: string }).body)).toEqual(created);

    const later = routeRequest(app, post('/tax/calculations', calculationBody()));
    expect(later).toBeInstanceOf(Promise);
    const settled = await later;
    expect(settled.status).toBe(200);
    expect(settled.headers['X-Request-ID']).toMatch(/^req_/);
  });

  it('turns a rejected or unserialisable result into the error response, never a rejection', async () => {
    const failing: HttpEngine = {
      ...createTestEngine(),
    };
    const rejecting = createHttpApp(
      {
        ...failing,
        calculations: {
          ...failing.calculations,
          create: () => Promise.reject(new Error('boom')),
        },
      } as HttpEngine,
      { accounts: [ACCOUNT_A], onError: () => {} },
    );
    expect((await handleRequest(rejecting, post('/tax/calculations', calculationBody()))).status).toBe(500);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const unserialisable = createHttpApp(
      {
        ...failing,
        calculations: { ...failing.calculations, create: () => Promise.resolve(cyclic) },
      } as HttpEngine,
      { accounts: [ACCOUNT_A], onError: () => {} },
    );
    expect((await handleRequest(unserialisable, post('/tax/calculations', calculationBody()))).status).toBe(500);
  });
});
