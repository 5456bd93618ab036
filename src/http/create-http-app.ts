import { buildOpenApi } from './build-open-api.ts';
import { createKeyRing, type KeyRing } from './create-key-ring.ts';
import { createRateLimiter, type RateLimiter } from './create-rate-limiter.ts';
import type { Operate } from '../api/operate.ts';
import { type HttpEngine, operateEngine } from './operate-engine.ts';
import type { ErrorReport, HttpOptions } from './http-options.ts';
import { createRouteMatcher, type RouteMatcher } from './match-route.ts';
import { ROUTES } from './routes.ts';
import { createHarnessRoutes, type ResettableEngine } from './harness-routes.ts';

/** Default largest body: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Everything the router needs, built once per handler from the engine and the options. */
export interface HttpApp {
  /** Runs the engine's operations by name (see `operateEngine`). */
  readonly operate: Operate;
  readonly keys: KeyRing;
  readonly matchRoute: RouteMatcher;
  readonly pingLimiter: RateLimiter | undefined;
  readonly maxBodyBytes: number;
  /** '' or a prefix without a trailing slash ("/taxkit"). */
  readonly basePath: string;
  readonly now: () => number;
  readonly onError: (error: unknown, report: ErrorReport) => void;
  /**
   * The engine's `flush` (a no-op for an engine without one): run before answers are sent, so a
   * calculation a 200 announces can be found by another process sharing the store.
   */
  readonly flush: () => void;
  /** The OpenAPI document, built on first use and kept. */
  openApi(): unknown;
}

/**
 * Prepares `engine` for HTTP: indexes the keys, sets up the rate limit and the route matcher.
 * Configuration mistakes (a key used twice, a bad limit) throw here, at start-up, rather than
 * on the first request.
 */
export function createHttpApp(engine: HttpEngine, options: HttpOptions): HttpApp {
  const limit = options.pingRateLimit ?? { perSecond: 10, burst: 20 };
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 0)
    throw new TypeError('taxkit: maxBodyBytes must be a non-negative integer.');
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  if (basePath !== '' && !basePath.startsWith('/')) throw new TypeError('taxkit: basePath must start with "/".');
  let openApi: unknown;
  // The test-harness routes exist only when asked for (docs/test-harness.md).
  const routes =
    options.testHarness === undefined
      ? ROUTES
      : [...ROUTES, ...createHarnessRoutes(engine as HttpEngine & ResettableEngine, options.testHarness)];
  return {
    operate: operateEngine(engine),
    keys: createKeyRing(options.accounts),
    matchRoute: createRouteMatcher(routes),
    pingLimiter: limit === false ? undefined : createRateLimiter(limit, options.maxRateLimitBuckets ?? 10_000),
    maxBodyBytes,
    basePath,
    now: options.now ?? Date.now,
    onError: options.onError ?? logError,
    flush: flushOf(engine),
    openApi() {
      openApi ??= buildOpenApi(routes);
      return openApi;
    },
  };
}

function flushOf(engine: HttpEngine): () => void {
  const flush = engine.flush;
  if (typeof flush !== 'function') return () => {};
  return () => {
    try {
      flush.call(engine);
    } catch {
      // The store retries its own writes; an answer is not held back for it.
    }
  };
}

/** Server side only: the client got a generic message and the request id to quote. */
function logError(error: unknown, report: ErrorReport): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`taxkit: ${report.method} ${report.path} failed (${report.requestId}):\n${detail}`);
}
