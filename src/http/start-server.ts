import { createServer, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import { answerFramingErrors } from './answer-framing-errors.ts';
import { createNodeListener, type NodeListenerOptions } from './create-node-listener.ts';
import type { HttpEngine } from './operate-engine.ts';

export interface StartServerOptions extends NodeListenerOptions {
  readonly engine: HttpEngine;
  /** Default 127.0.0.1: a local stand-in should not be reachable from the network by accident. */
  readonly host?: string;
  /** Default 8787; 0 picks a free port (see `url`). */
  readonly port?: number;
  /** How long `close()` lets in-flight requests finish before cutting them off. Default 10 s. */
  readonly shutdownTimeoutMs?: number;
  /**
   * How long a request's headers may take to arrive, from the connection's first byte (or the
   * end of the previous request); past it the client gets 408 REQUEST_TIMEOUT and the
   * connection is closed. Default 10 s (Node's own default is 60 s).
   */
  readonly headersTimeoutMs?: number;
  /**
   * How long a whole request, headers and body, may take to arrive; past it 408
   * REQUEST_TIMEOUT. Default 30 s (Node's own default is 300 s, which let 400 connections each
   * trickle a body for five minutes).
   */
  readonly requestTimeoutMs?: number;
  /** How long an idle kept-alive connection stays open between requests. Default 5 s. */
  readonly keepAliveTimeoutMs?: number;
}

/** Defaults of {@link StartServerOptions}' timeouts (docs/reliability.md). */
export const SERVER_TIMEOUTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  /** How often node:http looks for requests past their timeouts. */
  checkIntervalMs: 1_000,
} as const;

export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:8787`. */
  readonly url: string;
  readonly port: number;
  /**
   * Graceful stop: stops accepting connections, closes idle keep-alive connections, lets the
   * requests in flight finish (their connections close after the answer), then resolves.
   * Requests still running after `shutdownTimeoutMs` are cut off. Calling it again returns the
   * same promise. Does not close the engine.
   */
  close(): Promise<void>;
}

/**
 * Serves `engine` over HTTP with `node:http` and resolves once it listens.
 *
 * @example
 * const server = await startServer({ engine: createTaxEngine(), accounts, port: 0 });
 * await fetch(`${server.url}/tax/ping`, { headers: { Authorization: `Bearer ${keys.secretTest}` } });
 * await server.close();
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const {
    engine,
    host = '127.0.0.1',
    port = 8787,
    shutdownTimeoutMs = 10_000,
    headersTimeoutMs = SERVER_TIMEOUTS.headersTimeoutMs,
    requestTimeoutMs = SERVER_TIMEOUTS.requestTimeoutMs,
    keepAliveTimeoutMs = SERVER_TIMEOUTS.keepAliveTimeoutMs,
    ...listenerOptions
  } = options;
  const listener = createNodeListener(engine, listenerOptions);
  const connections = new Map<Socket, ConnectionState>();
  let closing: Promise<void> | undefined;

  const server = createServer(
    {
      // Node answers a request without Host itself, with a bare 400; the listener answers it
      // with taxkit's error body instead.
      requireHostHeader: false,
      // Node requires the headers' timeout to be within the request's (0 turns that one off).
      headersTimeout: requestTimeoutMs > 0 ? Math.min(headersTimeoutMs, requestTimeoutMs) : headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: keepAliveTimeoutMs,
      connectionsCheckingInterval: SERVER_TIMEOUTS.checkIntervalMs,
    },
    (request, response) => {
      // While closing, every answer ends its connection, so the server can finish.
      if (closing !== undefined) response.shouldKeepAlive = false;
      const state = connections.get(request.socket);
      if (state !== undefined) {
        state.busy += 1;
        state.newest = response;
      }
      response.on('close', () => {
        if (state === undefined) return;
        if (state.newest === response) state.newest = undefined;
        state.busy -= 1;
        state.lastActiveMs = Date.now();
        state.bytesRead = request.socket.bytesRead;
      });
      listener(request, response);
    },
  );
  server.on('connection', (socket: Socket) => {
    // No 'data' listener to see the client's bytes arrive: one would take the socket off
    // node:http's native parser (every chunk then goes through JavaScript, about 9 % of the
    // server's time under load). The closing sweep compares `bytesRead` instead.
    const state: ConnectionState = { busy: 0, newest: undefined, lastActiveMs: Date.now(), bytesRead: 0 };
    connections.set(socket, state);
    socket.on('close', () => connections.delete(socket));
  });
  answerFramingErrors(server);
  // An `Expect` other than 100-continue: Node answered a bare 417 itself. The request is
  // routed as any other instead (RFC 9110 lets a server ignore an expectation it does not know).
  server.on('checkExpectation', (request, response) => server.emit('request', request, response));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), shutdownTimeoutMs);
        timer.unref();
        // net.Server's close stops accepting connections; http.Server's would also destroy
        // every idle keep-alive connection at once, resetting any whose client is sending its
        // next request at that moment. Instead idle connections are closed once they have been
        // quiet for IDLE_GRACE_MS, and a request arriving meanwhile is answered with
        // `Connection: close`.
        const sweeper = setInterval(() => closeQuietConnections(connections), IDLE_SWEEP_MS);
        sweeper.unref();
        netServerClose.call(server, () => {
          clearTimeout(timer);
          clearInterval(sweeper);
          resolve();
        });
        for (const { newest } of connections.values()) {
          if (newest !== undefined && !newest.headersSent) newest.shouldKeepAlive = false;
        }
        closeQuietConnections(connections);
      });
      return closing;
    },
  };
}

/** How long a kept-alive connection must be quiet before a closing server ends it. */
const IDLE_GRACE_MS = 250;
const IDLE_SWEEP_MS = 50;
const netServerClose = NetServer.prototype.close;

interface ConnectionState {
  /** Requests of this connection not yet answered. */
  busy: number;
  /**
   * Its newest response not yet finished, for `close()` to end the connection after it (one
   * ended by `Connection: close` after its last answer ends the pipelined ones before it too).
   * Kept here rather than in a set of every response in flight: a set's table is replaced as
   * entries come and go, and a replaced table that had reached the old generation kept the
   * responses it held alive through young collections until the next full one. Under 50
   * connections that promoted about 3.5 kB a request and cost 7 µs a request in scavenges.
   */
  newest: ServerResponse | undefined;
  /** When it last finished a response, or was seen to have received bytes. */
  lastActiveMs: number;
  /** The socket's `bytesRead` then: a sweep that finds more counts the connection active now. */
  bytesRead: number;
}

/** Ends the connections with nothing in flight and no bytes for {@link IDLE_GRACE_MS}. */
function closeQuietConnections(connections: ReadonlyMap<Socket, ConnectionState>): void {
  const now = Date.now();
  for (const [socket, state] of connections) {
    const read = socket.bytesRead;
    if (read !== state.bytesRead) {
      // Bytes came since it was last looked at (the start of a request not yet whole): active.
      state.bytesRead = read;
      state.lastActiveMs = now;
    }
    if (state.busy === 0 && now - state.lastActiveMs >= IDLE_GRACE_MS) socket.destroy();
  }
}
