/**
 * Fixtures for the HTTP tests: an engine over the test rate tables, fixed keys for two
 * accounts, and a `call` helper over the fetch handler.
 *
 * @module
 */
import type { TaxEngine, TaxEngineOptions } from '../../src/engine.ts';
import { createFetchHandler, type FetchHandlerOptions } from '../../src/http/create-fetch-handler.ts';
import type { HttpAccount } from '../../src/http/http-options.ts';
import type { HttpEngine } from '../../src/http/operate-engine.ts';
import type { ApiVersion } from '../../src/wire/api-version.ts';
import type { CalculationRequest } from '../../src/wire/api-types.ts';
import { createTestEngine as createFixtureEngine } from './engine-fixtures.ts';

/** Two accounts with all four keys each. */
export const ACCOUNT_A: HttpAccount = {
  id: 'acct_a',
  keys: {
    secretTest: 'sk_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    secretLive: 'sk_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    publicTest: 'pk_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    publicLive: 'pk_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  },
};
export const ACCOUNT_B: HttpAccount = {
  id: 'acct_b',
  keys: {
    secretTest: 'sk_test_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
    secretLive: 'sk_live_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
    publicTest: 'pk_test_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
    publicLive: 'pk_live_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
  },
};
export const ACCOUNTS = [ACCOUNT_A, ACCOUNT_B];

/** The secret test key of account A: what most requests use. */
export const KEY = ACCOUNT_A.keys.secretTest;

/**
 * The ledger tests' engine (engine-fixtures.ts: small explicit rate and location tables, so
 * expected amounts do not move when `data/` is updated; a fixed clock; counting ids), with a
 * fresh memory store.
 */
export function createTestEngine(options: TaxEngineOptions = {}): TaxEngine {
  return createFixtureEngine(options).engine;
}

/** A customer address in Danville, Indiana (7 %). */
export const INDIANA = {
  address_line_1: '1 Main St',
  address_city: 'Danville',
  address_province: 'IN',
  address_postal_code: '46122',
  address_country: 'US',
  address_type: 'shipping',
} as const;

/** A calculation body: two lines in Indiana, 200 × 2 and 1000 × 1, so tax 14 and 70. */
export function calculationBody(lines = 2): CalculationRequest {
  const lineItems = [
    { reference_line_item_id: 'line-1', product_category: 'GENERAL_MERCHANDISE' as const, amount: 200, quantity: 2 },
    { reference_line_item_id: 'line-2', product_category: 'GENERAL_MERCHANDISE' as const, amount: 1000, quantity: 1 },
  ].slice(0, lines);
  return {
    customer: { address: { ...INDIANA } },
    order_details: { customer_currency_code: 'USD', tax_included_in_amount: false, line_items: lineItems },
  };
}

export interface CallOptions {
  /** `null`: no Authorization header; absent: account A's secret test key. */
  readonly key?: string | null | undefined;
  readonly version?: string | undefined;
  readonly body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  readonly rawBody?: string | undefined;
  readonly headers?: Record<string, string> | undefined;
}

export interface CallResult {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body (every response is JSON). */
  readonly json: any;
}

export type Call = (method: string, path: string, options?: CallOptions) => Promise<CallResult>;

/** A `call(method, path, options)` over a fetch handler, defaulting to account A's secret test key. */
export function callerOf(handler: (request: Request) => Promise<Response>): Call {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? KEY : options.key;
    if (key !== null) headers.authorization ??= `Bearer ${key}`;
    if (options.version !== undefined) headers['x-api-version'] = options.version;
    let body: string | undefined = options.rawBody;
    if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await handler(
      new Request(`http://taxkit.test${path}`, { method, headers, ...(body === undefined ? {} : { body }) }),
    );
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: JSON.parse(text) };
  };
}

/** A fetch handler over `engine` (default: a fresh test engine) with both accounts, and its `call`. */
export function createTestApi(engine: HttpEngine = createTestEngine(), options: Partial<FetchHandlerOptions> = {}) {
  const errors: unknown[] = [];
  const handler = createFetchHandler(engine, {
    accounts: ACCOUNTS,
    onError: (error) => errors.push(error),
    ...options,
  });
  return { engine, handler, call: callerOf(handler), errors };
}

/** Expects the error body of `version` (docs/interface.md §7): flat from 2026-01-01, nested before. */
export function errorTypeOf(json: any, version: ApiVersion | undefined): string {
  if (version === undefined || version >= '2026-01-01') return json.type;
  return String(json.error.code).toUpperCase();
}
