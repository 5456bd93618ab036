import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TaxError } from '../../src/core/errors.ts';
import { createFetchHandler } from '../../src/http/create-fetch-handler.ts';
import { createNodeListener } from '../../src/http/create-node-listener.ts';
import type { HttpEngine } from '../../src/http/operate-engine.ts';
import { ACCOUNTS, KEY, calculationBody, createTestApi } from '../helpers/http-fixtures.ts';

/** A TaxError whose status was overwritten from JavaScript (what a bad type used to produce). */
function tamperedError(status: unknown): TaxError {
  const error = new TaxError('INVALID_VALUE', 'tampered');
  Object.defineProperty(error, 'status', { value: status });
  return error;
}

function engineThrowing(thrown: unknown): HttpEngine {
  return {
    calculations: {
      create: async () => {
        throw thrown;
      },
    },
  };
}

describe('TaxError checks its type at run time', () => {
  it('refuses a type that is not a TaxError type, so no error exists without a status', () => {
    expect(() => new TaxError('INVALID_VALUEE' as never, 'typo')).toThrow(TypeError);
    expect(() => new TaxError('toString' as never, 'inherited name')).toThrow(TypeError);
    expect(() => new TaxError(undefined as never, 'none')).toThrow(TypeError);
    expect(new TaxError('INVALID_VALUE', 'fine').status).toBe(400);
  });
});

describe('the fetch handler never answers a failure with a success', () => {
  it('a TaxError without a valid status is a 500 INTERNAL_ERROR, reported to onError', async () => {
    for (const status of [undefined, 200, 302, 'x', 99.5]) {
      const thrown = tamperedError(status);
      const { call, errors } = createTestApi(engineThrowing(thrown));
      const { status: answered, json } = await call('POST', '/tax/calculations', {
        body: calculationBody(),
        version: '2026-01-01',
      });
      expect(answered).toBe(500);
      expect(json.type).toBe('INTERNAL_ERROR');
      expect(errors).toEqual([thrown]);
    }
  });

  it('an onError that throws still gets the caller a 500', async () => {
    const handler = createFetchHandler(engineThrowing(new Error('bug')), {
      accounts: ACCOUNTS,
      onError: () => {
        throw new Error('logger down');
      },
    });
    const response = await handler(
      new Request('http://taxkit.test/tax/calculations', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'x-api-version': '2026-01-01' },
        body: JSON.stringify(calculationBody()),
      }),
    );
    expect(response.status).toBe(500);
    expect(((await response.json()) as { type: string }).type).toBe('INTERNAL_ERROR');
  });
});

describe('the node:http listener never crashes on a bad error', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  async function listen(engine: HttpEngine, onError: (error: unknown) => void): Promise<string> {
    server = createServer(createNodeListener(engine, { accounts: ACCOUNTS, onError }));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('answers 500 for a TaxError without a status, and keeps serving', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const errors: unknown[] = [];
      const thrown = tamperedError(undefined);
      const url = await listen(engineThrowing(thrown), (error) => errors.push(error));
      const post = () =>
        fetch(`${url}/tax/calculations`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${KEY}`,
            'content-type': 'application/json',
            'x-api-version': '2026-01-01',
          },
          body: JSON.stringify(calculationBody()),
          // Before the fix the listener never answered (its write threw inside a then callback).
          signal: AbortSignal.timeout(5000),
        });
      for (let round = 0; round < 2; round++) {
        const response = await post();
        expect(response.status).toBe(500);
        expect(((await response.json()) as { type: string }).type).toBe('INTERNAL_ERROR');
      }
      expect(errors).toEqual([thrown, thrown]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
