/**
 * The plain request and response the router works on. Both shims (`createFetchHandler`,
 * `createNodeListener`) translate to and from these, so every rule of the service interface is
 * written once and tested without a socket.
 *
 * @module
 */

/** Header values as `node:http` delivers them: lower-case names, repeated headers as arrays. */
export type HttpHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface HttpRequest {
  /** Upper-case method ("GET", "POST"). */
  readonly method: string;
  /** The path without the query string, still percent-encoded ("/tax/transactions/tr_1"). */
  readonly path: string;
  /** Query parameters; the first value wins when a name repeats. */
  readonly query: Readonly<Record<string, string | undefined>>;
  /** Lower-case header names. */
  readonly headers: HttpHeaders;
  /** The body decoded as UTF-8, or `undefined` when there was none. */
  readonly body: string | undefined;
  /**
   * Set by a shim that stopped reading a body over the size limit (`body` is then
   * `undefined`): the router answers 413 PAYLOAD_TOO_LARGE at its place in the order of checks.
   */
  readonly bodyTooLarge?: boolean;
  /** The caller's address, for the per (key, IP) rate limit of GET /tax/ping. */
  readonly clientIp: string | undefined;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** JSON text, or CSV where an operation was asked for it; `''` when the answer is {@link HttpResponse.chunks}. */
  readonly body: string;
  /**
   * A JSON answer too large to build in one turn of the event loop (a complete refund list),
   * written piece by piece as it is read: the pieces joined are the JSON text. The shims send
   * it without a Content-Length; a failure after the first piece ends the connection.
   */
  readonly chunks?: AsyncIterable<string>;
}

/** Reads one header; a repeated header gives its first value. */
export function headerValue(headers: HttpHeaders, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined || typeof value === 'string') return value;
  return value[0];
}
