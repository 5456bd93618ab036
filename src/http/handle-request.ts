import { TaxError } from '../core/errors.ts';
import type { CallContext } from '../api/call-context.ts';
import type { ArgName, OperationArgs } from '../api/operation.ts';
import { parseApiVersion, requireVersion, type ApiVersion } from '../wire/api-version.ts';
import type { Caller } from './create-key-ring.ts';
import type { HttpApp } from './create-http-app.ts';
import { errorResponse } from './error-response.ts';
import { internalErrorResponse } from './internal-error-response.ts';
import { headerValue, type HttpRequest, type HttpResponse } from './http-message.ts';
import { csvResponse, fileResponse, jsonResponse } from './json-response.ts';
import type { HttpOperation, Method } from './route.ts';
import { readJsonBody } from './read-json-body.ts';
import { streamCompleteList } from './stream-complete-list.ts';
import { randomUuid } from '../random-uuid.ts';

const NO_BODY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/**
 * The router: one plain request in, one plain response out, never a rejection. Every response
 * is JSON and carries a fresh `X-Request-ID`.
 *
 * Checks run in this order, so a caller always learns about the most basic problem first:
 * route (404 ROUTE_NOT_FOUND) → method (405 METHOD_NOT_ALLOWED, with `Allow`) → body size
 * (413 PAYLOAD_TOO_LARGE) → X-API-Version (400 INVALID_API_VERSION) → key (401 UNAUTHORIZED;
 * public keys only on POST /tax/calculations) → version of the operation (400
 * UNSUPPORTED_API_VERSION) → rate limit (429 RATE_LIMITED, with `Retry-After`) → media type
 * (415) → JSON (400 INVALID_JSON, INCORRECT_TYPE) → the engine. GET /openapi.json needs
 * neither key nor version.
 */
export async function handleRequest(app: HttpApp, request: HttpRequest): Promise<HttpResponse> {
  return routeRequest(app, request);
}

/**
 * `handleRequest` without the promise where none is needed: an operation that answers
 * synchronously (a validation error, a refused key, a synchronous engine call) gives its
 * response at once, so the `node:http` listener writes it in the same turn. Never throws.
 */
export function routeRequest(app: HttpApp, request: HttpRequest): HttpResponse | Promise<HttpResponse> {
  const requestId = `req_${randomUuid()}`;
  const method = request.method.toUpperCase();
  let version: ApiVersion | undefined;
  let versionError: unknown;
  try {
    version = parseApiVersion(headerValue(request.headers, 'x-api-version'));
  } catch (error) {
    versionError = error;
  }
  try {
    const operation = findOperation(app, method, request.path);
    const { spec, id } = operation;
    if (request.bodyTooLarge === true || (request.body !== undefined && exceeds(request.body, app.maxBodyBytes))) {
      throw new TaxError('PAYLOAD_TOO_LARGE', `The request body is larger than ${app.maxBodyBytes} bytes.`);
    }
    const nowMs = app.now();
    if (spec.keys === 'none' && spec.run !== undefined) {
      const result = spec.run({
        operate: app.operate,
        id,
        query: request.query,
        nowMs,
        openApi: app.openApi,
        body: NO_BODY,
        context: {},
        caller: undefined,
      });
      return answer(app, request, method, requestId, version, result, undefined);
    }
    if (version === undefined) throw versionError;
    const caller = admitCaller(app, request, method, operation, version);
    if (spec.rateLimited === true) checkRateLimit(app, caller, request.clientIp, nowMs);
    const body =
      spec.body === true ? readJsonBody(headerValue(request.headers, 'content-type'), request.body) : NO_BODY;
    const context: CallContext =
      caller.kind === 'public'
        ? { tenant: caller.tenant, version, publicKey: true }
        : { tenant: caller.tenant, version };
    if (spec.operation !== undefined && spec.completeWithoutCursor !== undefined && !pages(request.query)) {
      return completeList(app, request, method, requestId, version, spec, id, context);
    }
    const result =
      spec.run !== undefined
        ? spec.run({
            operate: app.operate,
            id,
            query: request.query,
            nowMs,
            openApi: app.openApi,
            body,
            context,
            caller,
          })
        : app.operate(spec.operation.name, operationArgs(spec.operation, id, body, request.query), context);
    return answer(app, request, method, requestId, version, result, spec.headers, rendererOf(spec, request, requestId));
  } catch (error) {
    return failure(app, request, method, requestId, version, error);
  }
}

/**
 * The router's checks that need no body (route, method, X-API-Version, key, the operation's
 * version), run from the headers alone: the answer the router would give when one of them
 * fails, else `undefined`. The `node:http` listener runs it before it reads a body, so a request
 * without a valid key never has its body read or held (only drained): up to 1 MiB per
 * connection from anyone who can reach the port, before. A refusal is the router's own answer,
 * byte for byte but for the request id; a request that passes is routed as before. (One order
 * differs: a chunked body past the size limit sent with a bad key is now a 401, not a 413.)
 */
export function refuseBeforeBody(app: HttpApp, request: HttpRequest): HttpResponse | undefined {
  const method = request.method.toUpperCase();
  let version: ApiVersion | undefined;
  try {
    const operation = findOperation(app, method, request.path);
    const { spec } = operation;
    if (request.bodyTooLarge === true) return undefined;
    if (spec.keys === 'none') return undefined;
    version = parseApiVersion(headerValue(request.headers, 'x-api-version'));
    admitCaller(app, request, method, operation, version);
    return undefined;
  } catch (error) {
    return failure(app, request, method, `req_${randomUuid()}`, version, error);
  }
}

/** The key's caller, when the key may call the operation in this version; else throws. */
function admitCaller(
  app: HttpApp,
  request: HttpRequest,
  method: string,
  operation: FoundOperation,
  version: ApiVersion,
): Caller {
  const caller = app.keys.authenticate(headerValue(request.headers, 'authorization'));
  if (caller.kind === 'public' && operation.spec.keys !== 'secret-or-public') {
    throw new TaxError(
      'UNAUTHORIZED',
      `${method} ${operation.pattern} needs a secret key; public keys can only create calculations.`,
    );
  }
  const { since } = operation.spec;
  if (since !== undefined) requireVersion(version, since, `${method} ${operation.pattern}`);
  return caller;
}

/**
 * The 200 for an operation's result: at once when the operation answered synchronously, after
 * it settles otherwise (one `then`, no async function around it).
 */
function answer(
  app: HttpApp,
  request: HttpRequest,
  method: string,
  requestId: string,
  version: ApiVersion | undefined,
  result: unknown,
  headers: Readonly<Record<string, string>> | undefined,
  render?: (body: unknown) => HttpResponse,
): HttpResponse | Promise<HttpResponse> {
  if (!isThenable(result) && render === undefined) return jsonResponse(200, result, requestId, headers);
  return Promise.resolve(result).then(
    (settled: unknown) => {
      try {
        return render === undefined ? jsonResponse(200, settled, requestId, headers) : render(settled);
      } catch (error) {
        return failure(app, request, method, requestId, version, error);
      }
    },
    (error: unknown) => failure(app, request, method, requestId, version, error),
  );
}

/**
 * How the answer is written when the caller asked for a file: a filing file its `format` names
 * (`bzst`, `xml`), or CSV; undefined for JSON.
 */
function rendererOf(
  spec: HttpOperation,
  request: HttpRequest,
  requestId: string,
): ((body: unknown) => HttpResponse) | undefined {
  const format = request.query.format;
  const file = format === undefined ? undefined : spec.files?.[format];
  if (file !== undefined) {
    return (body) => {
      const rendered = file.render(body as never, request.query);
      return fileResponse(rendered.text, file.contentType, requestId, rendered.headers);
    };
  }
  const csv = spec.csv;
  if (csv !== undefined && wantsCsv(request)) return (body) => csvResponse(csv(body), requestId);
  return undefined;
}

/** Whether the caller asked for CSV: `format=csv`, or `text/csv` in `Accept`. */
function wantsCsv(request: HttpRequest): boolean {
  return request.query.format === 'csv' || (headerValue(request.headers, 'accept') ?? '').includes('text/csv');
}

/** Whether the query asks for one page (a cursor or a limit); empty values count as absent. */
function pages(query: HttpRequest['query']): boolean {
  return (query.cursor !== undefined && query.cursor !== '') || (query.limit !== undefined && query.limit !== '');
}

/**
 * A list route read without a cursor: its first page decides the status (a 404 is a 404), and
 * the rest follows page by page ({@link streamCompleteList}).
 */
async function completeList(
  app: HttpApp,
  request: HttpRequest,
  method: string,
  requestId: string,
  version: ApiVersion | undefined,
  spec: HttpOperation,
  id: string,
  context: CallContext,
): Promise<HttpResponse> {
  const operation = spec.operation as NonNullable<HttpOperation['operation']>;
  const limit = String(spec.completeWithoutCursor?.pageSize);
  const page = (cursor: string | undefined) =>
    Promise.resolve(
      app.operate(
        operation.name,
        operationArgs(operation, id, NO_BODY, cursor === undefined ? { limit } : { cursor, limit }),
        context,
      ),
    ) as Promise<Record<string, unknown>>;
  try {
    return streamCompleteList(await page(undefined), page, requestId, spec.headers);
  } catch (error) {
    return failure(app, request, method, requestId, version, error);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** The error response for anything thrown on the way; a failure to build it is a plain 500. */
function failure(
  app: HttpApp,
  request: HttpRequest,
  method: string,
  requestId: string,
  version: ApiVersion | undefined,
  error: unknown,
): HttpResponse {
  try {
    return errorResponse(error, {
      requestId,
      version,
      report: (reported) => report(app, reported, { requestId, method, path: request.path }),
    });
  } catch {
    return internalErrorResponse(requestId);
  }
}

/** Tells `onError`; an `onError` that throws must not turn the answer into a crash. */
function report(app: HttpApp, error: unknown, where: { requestId: string; method: string; path: string }): void {
  try {
    app.onError(error, where);
  } catch {
    // The client still gets its 5xx; there is nowhere left to report to.
  }
}

/**
 * An engine operation's arguments from the request: the path's id, the body, and the query
 * parameters it reads (others are ignored, an empty value counts as none), each only where the
 * operation takes it.
 */
function operationArgs(
  operation: { readonly args: readonly ArgName[]; readonly query: readonly string[] },
  id: string,
  body: Record<string, unknown>,
  query: HttpRequest['query'],
): OperationArgs {
  const args: { id?: string; body?: unknown; query?: Record<string, string> } = {};
  for (const name of operation.args) {
    if (name === 'id') args.id = id;
    else if (name === 'body') args.body = body;
    else {
      const read: Record<string, string> = {};
      for (const parameter of operation.query) {
        const value = query[parameter];
        if (value !== undefined && value !== '') read[parameter] = value;
      }
      args.query = read;
    }
  }
  return args;
}

interface FoundOperation {
  readonly spec: HttpOperation;
  readonly pattern: string;
  readonly id: string;
}

function findOperation(app: HttpApp, method: string, rawPath: string): FoundOperation {
  const path = stripBasePath(app.basePath, rawPath);
  const match = path === undefined ? undefined : app.matchRoute(path);
  if (match === undefined) {
    throw new TaxError('ROUTE_NOT_FOUND', `No route for ${method} ${rawPath.slice(0, 200)}.`);
  }
  const spec = match.route.operations[method as Method];
  if (spec === undefined) {
    const allow = Object.keys(match.route.operations).join(', ');
    throw new TaxError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${match.route.pattern}; use ${allow}.`, {
      details: { allow },
    });
  }
  return { spec, pattern: match.route.pattern.replace(':id', '{id}'), id: match.id };
}

function stripBasePath(basePath: string, path: string): string | undefined {
  if (basePath === '') return path;
  if (path === basePath) return '/';
  return path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : undefined;
}

/** UTF-16 length × 3 bounds the UTF-8 size, which saves counting bytes of ordinary bodies. */
function exceeds(body: string, maxBytes: number): boolean {
  return body.length * 3 > maxBytes && Buffer.byteLength(body, 'utf8') > maxBytes;
}

function checkRateLimit(app: HttpApp, caller: Caller, clientIp: string | undefined, nowMs: number): void {
  if (app.pingLimiter === undefined) return;
  const wait = app.pingLimiter.take(`${caller.keyId}|${clientIp ?? ''}`, nowMs);
  if (wait > 0) {
    throw new TaxError('RATE_LIMITED', `Too many health checks from this key and address; retry in ${wait} s.`, {
      details: { retryAfterSeconds: wait },
    });
  }
}
