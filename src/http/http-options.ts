/**
 * Options of the HTTP interface, shared by `createFetchHandler`, `createNodeListener` and
 * `startServer`.
 *
 * @module
 */

import type { TestHarnessOptions } from './test-harness-options.ts';

/**
 * The four API keys of one account (docs/interface.md §5). Secret keys reach every endpoint; public keys
 * (`pk_…`) only POST /tax/calculations, so a browser can show an estimate without holding a
 * secret. The slot a key sits in decides its mode (test or live), not its prefix.
 */
export interface AccountKeys {
  readonly secretTest: string;
  readonly secretLive: string;
  readonly publicTest?: string;
  readonly publicLive?: string;
}

export interface HttpAccount {
  /** The account's id; every record belongs to (id, mode). */
  readonly id: string;
  readonly keys: AccountKeys;
}

/** A token bucket: `perSecond` tokens flow in, at most `burst` are kept. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

/** What `onError` is told besides the error. Never holds the API key or the body. */
export interface ErrorReport {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
}

export interface HttpOptions {
  /** Accounts and their keys. A request must present one of these keys. */
  readonly accounts: readonly HttpAccount[];
  /**
   * GET /tax/ping's limit per (API key, client IP). Default 10 per second, bursts of 20.
   * `false` turns it off.
   */
  readonly pingRateLimit?: RateLimit | false;
  /**
   * How many (key, IP) buckets are kept at most; the least recently used one is dropped first.
   * Default 10 000, enough for a test harness and bounded against address floods.
   */
  readonly maxRateLimitBuckets?: number;
  /** Largest accepted request body, in bytes. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * Called with every error that becomes a 5xx (a bug, or a store that is down). The client
   * only gets a generic message and the request id. Default: `console.error` of the stack.
   */
  readonly onError?: (error: unknown, report: ErrorReport) => void;
  /**
   * A path prefix to strip before routing, for a handler mounted under a sub-path
   * (`/taxkit` makes `/taxkit/tax/ping` the ping). Default none.
   */
  readonly basePath?: string;
  /** Milliseconds since the epoch; for ping's `timestamp` and the rate limit. Default `Date.now`. */
  readonly now?: () => number;
  /**
   * Turns on the test-harness routes (docs/test-harness.md): a reset of the caller's test-mode
   * data and, with `clock`, a route that sets or advances the engine's clock. Secret test keys
   * only. Off by default; never turn it on for a server that holds live data you care about.
   */
  readonly testHarness?: TestHarnessOptions;
}
