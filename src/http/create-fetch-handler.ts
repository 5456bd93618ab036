import type { HttpEngine } from './operate-engine.ts';
import type { HttpOptions } from './http-options.ts';
import { createHttpApp, type HttpApp } from './create-http-app.ts';
import { handleRequest } from './handle-request.ts';
import { internalErrorResponse } from './internal-error-response.ts';
import { randomUuid } from '../random-uuid.ts';

export interface FetchHandlerOptions extends HttpOptions {
  /**
   * The caller's IP address, for the per (key, IP) rate limit of GET /tax/ping. A `Request` does
   * not carry it; pass your platform's connection info (or a trusted forwarding header).
   * Default: none, so each key has one ping bucket for every caller.
   */
  readonly clientIp?: (request: Request) => string | undefined;
}

const TOO_LARGE = Symbol('too large');

/**
 * The service interface as a web-standard fetch handler: `(Request) => Promise<Response>`.
 * Mount it in any framework that speaks `Request`/`Response` (Hono, Next.js route handlers,
 * Deno, Bun, Express through an adapter), or call it directly in tests without a socket.
 *
 * @example
 * import { createTaxEngine } from 'taxkit';
 * import { createFetchHandler, generateAccountKeys } from 'taxkit/http';
 *
 * const keys = generateAccountKeys();
 * const handler = createFetchHandler(createTaxEngine(), { accounts: [{ id: 'acct_1', keys }] });
 * const response = await handler(
 *   new Request('http://taxkit.test/tax/ping', { headers: { Authorization: `Bearer ${keys.secretTest}` } }),
 * );
 * // Hono: app.all('/tax/*', (c) => handler(c.req.raw));
 */
export function createFetchHandler(
  engine: HttpEngine,
  options: FetchHandlerOptions,
): (request: Request) => Promise<Response> {
  const app = createHttpApp(engine, options);
  const flushed = createTurnFlush(app);
  return async (request) => {
    try {
      return await answer(app, options, request, flushed);
    } catch (error) {
      // The router answers every failure itself; this guards the translation around it, so a
      // bug there is a 500 and never a rejected promise or a success.
      const fallback = internalErrorResponse(`req_${randomUuid()}`);
      try {
        app.onError(error, { requestId: fallback.headers['X-Request-ID'] as string, method: request.method, path: '' });
      } catch {
        // Nothing left to report to.
      }
      return new Response(fallback.body, { status: fallback.status, headers: fallback.headers });
    }
  };
}

/**
 * A promise that settles at the end of the current event-loop turn, after the engine's `flush`:
 * every answer of a turn waits for it, so the calculations they announce are visible to another
 * process sharing the store, while the store still writes them in one batch per turn.
 */
function createTurnFlush(app: HttpApp): () => Promise<void> {
  let pending: Promise<void> | undefined;
  return () => {
    pending ??= new Promise<void>((resolve) => {
      setImmediate(() => {
        pending = undefined;
        app.flush();
        resolve();
      });
    });
    return pending;
  };
}

async function answer(
  app: HttpApp,
  options: FetchHandlerOptions,
  request: Request,
  flushed: () => Promise<void>,
): Promise<Response> {
  const url = new URL(request.url);
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!(name in query)) query[name] = value;
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) headers[name] = value;
  // A body that cannot be read (the client went away) is treated as absent.
  const body = await readBody(request, app.maxBodyBytes).catch(() => undefined);
  const response = await handleRequest(app, {
    method: request.method,
    path: url.pathname,
    query,
    headers,
    body: body === TOO_LARGE ? undefined : body,
    ...(body === TOO_LARGE ? { bodyTooLarge: true } : {}),
    clientIp: options.clientIp?.(request),
  });
  // `new Response` takes any status from 200 to 599; only a failure status may carry an error.
  if (!Number.isInteger(response.status) || response.status < 200 || response.status > 599) {
    throw new TypeError(`taxkit: the router answered with status ${String(response.status)}.`);
  }
  await flushed();
  const answerBody = response.chunks === undefined ? response.body : toStream(response.chunks);
  return new Response(answerBody, { status: response.status, headers: response.headers });
}

/** A streamed answer as a web stream, read piece by piece as the client pulls it. */
function toStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done === true) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** Reads at most `maxBytes` of the body, so an endless upload cannot fill the memory. */
async function readBody(request: Request, maxBytes: number): Promise<string | undefined | typeof TOO_LARGE> {
  if (request.body === null) return undefined;
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared)) {
    if (Number(declared) > maxBytes) {
      await request.body.cancel().catch(() => {});
      return TOO_LARGE;
    }
    return request.text();
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
