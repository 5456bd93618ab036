import type { HttpResponse } from './http-message.ts';

/**
 * A JSON response with the headers every response carries: the content type, the request id,
 * and `Cache-Control: no-store` (responses hold one tenant's records; no cache may keep them).
 */
export function jsonResponse(
  status: number,
  body: unknown,
  requestId: string,
  extraHeaders?: Readonly<Record<string, string>>,
): HttpResponse {
  // One object literal of one shape on the hot path (no spread of an absent object).
  const headers =
    extraHeaders === undefined
      ? { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Request-ID': requestId }
      : {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
          'X-Request-ID': requestId,
          ...extraHeaders,
        };
  return { status, headers, body: JSON.stringify(body) };
}

/** A 200 with a CSV document (an operation's rows, `format=csv`), with the headers of every response. */
export function csvResponse(text: string, requestId: string): HttpResponse {
  return fileResponse(text, 'text/csv; charset=utf-8', requestId);
}

/** A 200 with a document of `contentType` (a filing file), with the headers of every response. */
export function fileResponse(
  text: string,
  contentType: string,
  requestId: string,
  extraHeaders?: Readonly<Record<string, string>>,
): HttpResponse {
  return {
    status: 200,
    headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store', 'X-Request-ID': requestId, ...extraHeaders },
    body: text,
  };
}
