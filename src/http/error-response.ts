import { isTaxError, isTaxErrorType, TAX_ERROR_STATUS, type TaxError } from '../core/errors.ts';
import type { ApiVersion } from '../wire/api-version.ts';
import { serializeError } from '../wire/serialize-error.ts';
import type { HttpResponse } from './http-message.ts';
import { isErrorStatus } from './internal-error-response.ts';
import { jsonResponse } from './json-response.ts';

export interface ErrorResponseContext {
  readonly requestId: string;
  /**
   * The request's API version, which picks the body format. `undefined` when the
   * X-API-Version header itself was invalid: then the newest (flat) format is used, since the
   * caller asked for a version this server does not know and is most likely newer than ours.
   */
  readonly version: ApiVersion | undefined;
  /** Told about every 5xx, whose details the client never sees. */
  readonly report: (error: unknown) => void;
}

/**
 * The one place an error becomes an HTTP response (docs/decisions.md).
 *
 * - A `TaxError` answers with its status, in the format of the request's version (docs/interface.md §7):
 *   from 2026-01-01 the flat `{ code, type, message }`; before, the nested `{ error: … }`.
 * - Anything else is a bug: it goes to `report` and the client gets 500 INTERNAL_ERROR with a
 *   generic message and the request id, never a stack or an internal message. A 5xx `TaxError`
 *   (STORAGE_UNAVAILABLE) is reported too and its message replaced, as store messages may name
 *   files.
 *
 * A `TaxError` whose type or status was tampered with (a cast, an assignment from JavaScript)
 * is a bug too: a failure is never answered with a success status.
 *
 * A `TaxError` may carry HTTP headers in its details: `allow` (405) and `retryAfterSeconds`
 * (429). They become the `Allow` and `Retry-After` headers and never appear in the body.
 */
export function errorResponse(error: unknown, context: ErrorResponseContext): HttpResponse {
  const sound = isSoundTaxError(error);
  if (!sound || error.status >= 500) {
    context.report(error);
    const status = sound ? error.status : 500;
    const type = sound ? error.wireType : 'INTERNAL_ERROR';
    const message =
      status === 503
        ? `The service is temporarily unavailable; try again later (request ${context.requestId}).`
        : `An internal error occurred; it was logged with request id ${context.requestId}.`;
    return jsonResponse(
      status,
      serializeError(status, type, message, undefined, context.version),
      context.requestId,
      retryHeaders(status),
    );
  }
  const field = typeof error.details?.field === 'string' ? error.details.field : undefined;
  return jsonResponse(
    error.status,
    serializeError(error.status, error.wireType, error.message, field, context.version),
    context.requestId,
    errorHeaders(error),
  );
}

/** A TaxError whose type is known and whose status is the one that type has. */
function isSoundTaxError(error: unknown): error is TaxError {
  return (
    isTaxError(error) &&
    isTaxErrorType(error.type) &&
    error.status === TAX_ERROR_STATUS[error.type] &&
    isErrorStatus(error.status)
  );
}

function errorHeaders(error: TaxError): Record<string, string> {
  const allow = error.details?.allow;
  const retryAfter = error.details?.retryAfterSeconds;
  const headers = retryHeaders(error.status, typeof retryAfter === 'number' ? retryAfter : undefined);
  return typeof allow === 'string' ? { ...headers, Allow: allow } : headers;
}

/** Seconds a client waits before retrying a 503 (a busy or briefly unavailable store). */
const STORAGE_RETRY_AFTER_SECONDS = 1;

/**
 * What a client's retry logic needs (docs/reliability.md "Retries"). Generated SDKs of hosted
 * APIs retry 408, 409, 429 and 5xx by default (a 409 three times, about 1.5 s, for nothing)
 * unless the answer says `X-Should-Retry: false`; so every 4xx a retry cannot fix says so.
 * 429 and 503 say when to come back (`Retry-After`).
 */
export function retryHeaders(status: number, retryAfterSeconds?: number): Record<string, string> {
  if (status === 429) return { 'Retry-After': String(retryAfterSeconds ?? 1) };
  if (status === 503) return { 'Retry-After': String(retryAfterSeconds ?? STORAGE_RETRY_AFTER_SECONDS) };
  if (status >= 400 && status < 500 && status !== 408) return { 'X-Should-Retry': 'false' };
  return {};
}
