import type { HttpResponse } from './http-message.ts';

/**
 * The answer when taxkit itself failed: 500 INTERNAL_ERROR in the flat format, naming only the
 * request id. It is built from constants, so it cannot fail; the transports fall back to it
 * when anything after the router goes wrong.
 */
export function internalErrorResponse(requestId: string): HttpResponse {
  return {
    status: 500,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Request-ID': requestId,
    },
    body: JSON.stringify({
      code: 500,
      type: 'INTERNAL_ERROR',
      message: `An internal error occurred; it was logged with request id ${requestId}.`,
    }),
  };
}

/** Whether `status` is one a failure may be answered with (4xx or 5xx). */
export function isErrorStatus(status: unknown): status is number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599;
}
