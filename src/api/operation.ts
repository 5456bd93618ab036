import type { z } from 'zod';
import type { Mode, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { ApiVersion } from '../wire/api-version.ts';
import type { RequestBodies, ResponseBodies } from '../wire/api-types.ts';
import type { FieldMap } from '../wire/field-map.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

/**
 * Which keys an operation takes over HTTP. `secret-or-public` is POST /tax/calculations only:
 * the hosted API leaves open which endpoints take public keys (docs/interface.md §5.4), and a
 * calculation is the one call a browser needs for a checkout estimate; it reads no stored
 * record and records no sale.
 */
export type KeyRule = 'none' | 'secret' | 'secret-or-public';

/**
 * What an operation reads from a call, in the order its engine method takes them (the call
 * context always comes last): `id` the path parameter, `body` the JSON body, `query` the query
 * string's parameters (the list query `cursor` and `limit` unless the row names others).
 */
export type ArgName = 'id' | 'body' | 'query';

/** One file an answer can be rendered as (an operation's `files`). */
export interface OperationFile {
  readonly contentType: string;
  /**
   * The file from the JSON answer and the request's query (a part number, say); `headers` are
   * added to the response (a draft marker). Throws a TaxError when the query asks for a part
   * that does not exist.
   */
  render(
    body: never,
    query: Readonly<Record<string, string | undefined>>,
  ): { readonly text: string; readonly headers?: Readonly<Record<string, string>> };
}

/** The arguments of one call, whether they came positionally (the engine) or from a request (HTTP). */
export interface OperationArgs {
  readonly id?: unknown;
  readonly body?: unknown;
  readonly query?: unknown;
}

/** What a request parser may depend on besides the request: the version and how the call was made. */
export interface CallScope {
  readonly version: ApiVersion;
  readonly publicKey: boolean;
  readonly taxDate: number | undefined;
}

/** Success-body schemas by X-API-Version (from src/wire/response-schemas.ts). */
export type ResponseSchemas = Readonly<Partial<Record<ApiVersion, z.ZodType>>>;

/** A kind of request body (see `RequestBodies`). */
export type RequestKind = keyof RequestBodies;
/** A kind of response body (see `ResponseBodies`). */
export type ResponseKind = keyof ResponseBodies;

/**
 * One operation of the service interface, declared once: how it is reached (method, path,
 * keys, versions), what its engine method takes (`args`, with the `request` body kind) and
 * answers (`response`), and its three functions: parse the wire input into the domain
 * operation's input, run the domain operation, serialize its result for a version. The engine
 * object, its types, the HTTP routes, the version gate and the OpenAPI document are all read
 * from rows of this shape (src/api/operation-table.ts).
 *
 * `P` is the parsed input, `D` the domain result.
 */
export interface Operation<
  A extends readonly ArgName[] = readonly ArgName[],
  Q extends RequestKind | undefined = RequestKind | undefined,
  R extends ResponseKind = ResponseKind,
  S extends ApiVersion | undefined = ApiVersion | undefined,
  P = never,
  D = never,
> {
  readonly method: Method;
  /** `/tax/transactions/:id/refunds`; at most one `:id`. */
  readonly path: string;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly keys: Exclude<KeyRule, 'none'>;
  /** Oldest X-API-Version the operation exists in (400 UNSUPPORTED_API_VERSION before it). */
  readonly since: S;
  readonly args: A;
  /** The kind of the JSON body, or of the query when `args` has one; a list query (`ListRequest`) when absent. */
  readonly request: Q;
  /**
   * The schema `parse` validates the query with, for an operation whose `args` has `query`:
   * HTTP passes the query string's parameters named by its keys, and no others, and the OpenAPI
   * document lists them, so a parameter the parser reads can never be dropped on the way.
   */
  readonly querySchema?: z.ZodObject;
  /** The schema the body is validated with, for the OpenAPI document. */
  readonly requestSchema?: z.ZodType;
  readonly response: R;
  /** The success body's schema in each version the operation exists in, for the OpenAPI document. */
  readonly responseSchemas: ResponseSchemas;
  /** Maps the domain keys of the operation's errors to request fields (see src/wire/field-map.ts). */
  readonly fields?: FieldMap;
  /**
   * A list that a request with neither `cursor` nor `limit` answers whole (the hosted API's
   * clients read it without a cursor): over HTTP, pages of this many records are read and
   * written one after another; the engine method returns every record.
   */
  readonly completeWithoutCursor?: { readonly pageSize: number };
  /** Validates the wire input (400s name the request field) and turns it into the operation's input. */
  readonly parse: (args: OperationArgs, scope: CallScope) => P;
  /** The domain operation: may finish at once (a calculation that waits for nothing) or later. */
  readonly run: (deps: EngineDeps, tenant: Tenant, input: P) => D | Promise<D>;
  /**
   * The answer as CSV, for operations whose answer is rows (the router's `format=csv`). A
   * method, so a row's own body type still makes it a row of any kind (`AnyOperation`).
   */
  csv?(body: ResponseBodies[R]): string;
  /**
   * Files the answer is also given as, by the query's `format` (`bzst`, `xml`): a filing file in
   * its own media type, rendered from the JSON answer (docs/filing.md).
   */
  readonly files?: Readonly<Record<string, OperationFile>>;
  /** The result as version `V` answers it. */
  readonly serialize: <V extends ApiVersion>(result: D, version: V, mode: Mode) => ResponseBodies<V>[R];
}

/**
 * Any row of the table, whatever its input and result types. The parsed input is produced by
 * `parse` and taken by `run` (and the result by `serialize`), so no one type stands for every
 * row's; `defineOperation` checks each row's three functions against each other instead.
 */
export type AnyOperation = Operation<
  readonly ArgName[],
  RequestKind | undefined,
  ResponseKind,
  ApiVersion | undefined,
  // biome-ignore lint/suspicious/noExplicitAny: see above; each row is checked where it is declared.
  any,
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  any
>;

/**
 * Declares a row, inferring its literal `args`, `request`, `response` and `since` (which the
 * engine's method types are read from) and checking its three functions against each other.
 */
export function defineOperation<
  const A extends readonly ArgName[],
  const Q extends RequestKind | undefined,
  const R extends ResponseKind,
  const S extends ApiVersion | undefined,
  P,
  D,
>(row: Operation<A, Q, R, S, P, D>): Operation<A, Q, R, S, P, D> {
  return row;
}

/** `GET /tax/merchants/{id}`: how errors and the OpenAPI document name an operation. */
export function operationLabel(row: Pick<AnyOperation, 'method' | 'path'>): string {
  return `${row.method} ${row.path.replace(':id', '{id}')}`;
}
