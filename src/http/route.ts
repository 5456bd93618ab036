import type { OperationFile } from '../api/operation.ts';
import type { z } from 'zod';
import type { CallContext } from '../api/call-context.ts';
import type { Operate } from '../api/operate.ts';
import type { ArgName, KeyRule, Method, ResponseSchemas } from '../api/operation.ts';
import type { ApiVersion } from '../wire/api-version.ts';
import type { Caller } from './create-key-ring.ts';

export type { KeyRule, Method, ResponseSchemas } from '../api/operation.ts';

export interface OperationInput {
  /** Runs an engine operation by name; the version is gated already. */
  readonly operate: Operate;
  /** The path parameter (`:id`), decoded; '' on routes without one. */
  readonly id: string;
  readonly query: Readonly<Record<string, string | undefined>>;
  /** The JSON object body of operations with `body: true`; `{}` otherwise. */
  readonly body: Record<string, unknown>;
  /** Tenant and version; both set on every operation that takes a key. */
  readonly context: CallContext;
  /** The authenticated caller; `undefined` on operations that take no key. */
  readonly caller: Caller | undefined;
  readonly nowMs: number;
  /** The OpenAPI document, built on first use. */
  readonly openApi: () => unknown;
}

/** What the router needs of an operation: the engine's (from the operation table) or an HTTP-only one. */
export type HttpOperation = RouteRules &
  (
    | {
        /**
         * An engine operation (a row of the operation table): the router runs it by name with
         * these arguments taken from the request, through the engine's `Operate`.
         */
        readonly operation: {
          readonly name: string;
          readonly args: readonly ArgName[];
          /** The query string's parameters it reads. */
          readonly query: readonly string[];
        };
        readonly run?: never;
      }
    | {
        /** What an HTTP-only route (the ping, the OpenAPI document, the test harness) does. */
        readonly run: (input: OperationInput) => Promise<unknown> | unknown;
        readonly operation?: never;
      }
  );

/** How the router treats an operation: keys, versions, body, limits, and what the OpenAPI document says of it. */
export interface RouteRules {
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly keys: KeyRule;
  /** Oldest X-API-Version the operation exists in (400 UNSUPPORTED_API_VERSION before it). */
  readonly since?: ApiVersion | undefined;
  /** Whether the operation reads a JSON object body. */
  readonly body?: boolean;
  /** The schema the engine validates the body with, for the OpenAPI document. */
  readonly requestSchema?: z.ZodType | undefined;
  /**
   * The schema of the success body in each version the operation exists in, for the OpenAPI
   * document; absent only where the body is not a record (GET /openapi.json itself).
   */
  readonly responseSchemas?: ResponseSchemas;
  /** Query parameters, for the OpenAPI document. */
  readonly queryParameters?: readonly string[];
  /** Limited per (key, client IP) by the ping rate limit. */
  readonly rateLimited?: boolean;
  /**
   * A list answered whole when the request has neither `cursor` nor `limit`, streamed a page
   * of `pageSize` at a time (see stream-complete-list.ts).
   */
  readonly completeWithoutCursor?: { readonly pageSize: number } | undefined;
  /** Extra response headers on success. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Renders the success body as CSV, for a caller asking `format=csv` or `Accept: text/csv`. */
  readonly csv?: ((body: unknown) => string) | undefined;
  /** Filing files by `format` value (the OSS return's `bzst`, the SER's `xml`). */
  readonly files?: Readonly<Record<string, OperationFile>> | undefined;
}

export interface Route {
  /** `/tax/transactions/:id/refunds`; at most one `:id`. */
  readonly pattern: string;
  readonly operations: Readonly<Partial<Record<Method, HttpOperation>>>;
}
