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
  return {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Request-ID': requestId,
      ...extraHeaders,
    },
    body: JSON.stringify(body),
  };
}
