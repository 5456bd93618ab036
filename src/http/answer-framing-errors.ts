import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { TaxError } from '../core/errors.ts';
import { errorResponse } from './error-response.ts';
import { randomUuid } from '../random-uuid.ts';

/**
 * Answers the requests node:http's parser refuses (oversized headers, malformed framing, a
 * request that took too long to arrive) and CONNECT requests with taxkit's error body and an `X-Request-ID`, instead
 * of Node's bare `400 Bad Request`/`431` with no body. The API version is unknown at that point
 * (the headers were never parsed), so the body is the newest, flat format. The connection is
 * closed after the answer, as Node does, since the stream can no longer be trusted.
 *
 * `startServer` attaches it; attach it to your own `http.createServer` when you mount
 * `createNodeListener` yourself.
 *
 * @example
 * const server = http.createServer(createNodeListener(engine, options));
 * answerFramingErrors(server);
 */
export function answerFramingErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const pending = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    // Where Node itself would not answer (the client is gone, or a response is under way), neither do we.
    if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent === true) {
      socket.destroy();
      return;
    }
    answerRaw(socket, framingError(error.code));
  });
  // A CONNECT request (a client taking the server for a proxy) has no 'request' event: without
  // a listener, Node closed the socket without a word.
  server.on('connect', (_request: unknown, socket: Duplex) => {
    answerRaw(
      socket,
      new TaxError('METHOD_NOT_ALLOWED', 'CONNECT is not allowed: taxkit is not a proxy.', {
        details: { allow: 'GET, POST, DELETE' },
      }),
    );
  });
}

/** Writes `error`'s answer straight to the socket, then closes the connection. */
function answerRaw(socket: Duplex, error: TaxError): void {
  const response = errorResponse(error, {
    requestId: `req_${randomUuid()}`,
    version: undefined,
    report: () => undefined,
  });
  const body = Buffer.from(response.body ?? '', 'utf8');
  const headers = { ...response.headers, 'Content-Length': String(body.length), Connection: 'close' };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    Buffer.concat([Buffer.from(`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status]}\r\n${head}\r\n`), body]),
  );
}

function framingError(code: string | undefined): TaxError {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return new TaxError('REQUEST_HEADERS_TOO_LARGE', 'The request headers are larger than this server accepts.');
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new TaxError('REQUEST_TIMEOUT', 'The request took too long to arrive.');
  }
  return new TaxError('MALFORMED_REQUEST', `The request is not well-formed HTTP/1.1 (${code ?? 'parse error'}).`);
}
