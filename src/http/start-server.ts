import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeListener, type NodeListenerOptions } from './create-node-listener.ts';
import type { HttpEngine } from './http-engine.ts';

export interface StartServerOptions extends NodeListenerOptions {
  readonly engine: HttpEngine;
  /** Default 127.0.0.1: a local stand-in should not be reachable from the network by accident. */
  readonly host?: string;
  /** Default 8787; 0 picks a free port (see `url`). */
  readonly port?: number;
  /** How long `close()` lets in-flight requests finish before cutting them off. Default 10 s. */
  readonly shutdownTimeoutMs?: number;
}

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
  const { engine, host = '127.0.0.1', port = 8787, shutdownTimeoutMs = 10_000, ...listenerOptions } = options;
  const listener = createNodeListener(engine, listenerOptions);
  const inFlight = new Set<ServerResponse>();
  let closing: Promise<void> | undefined;

  const server = createServer((request, response) => {
    // While closing, every answer ends its connection, so the server can finish.
    if (closing !== undefined) response.shouldKeepAlive = false;
    inFlight.add(response);
    response.on('close', () => inFlight.delete(response));
    listener(request, response);
  });

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
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
