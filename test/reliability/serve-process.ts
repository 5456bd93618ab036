/**
 * Starts `taxkit serve` (bin/taxkit.js: the built CLI, or the sources through tsx when they changed since) as a child process on
 * 127.0.0.1 with a port of its choosing, for the reliability tests that need a real server
 * process: two processes on one SQLite file, a slow client.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const SERVE_KEYS = {
  TAXKIT_SECRET_KEY_TEST: 'sk_test_rel_00000000000000000000',
  TAXKIT_SECRET_KEY_LIVE: 'sk_live_rel_00000000000000000000',
  TAXKIT_PUBLIC_KEY_TEST: 'pk_test_rel_00000000000000000000',
  TAXKIT_PUBLIC_KEY_LIVE: 'pk_live_rel_00000000000000000000',
} as const;

const BIN = fileURLToPath(new URL('../../bin/taxkit.js', import.meta.url));

export interface ServeProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** SIGTERM, and resolves once it has exited. */
  stop(): Promise<void>;
}

/** Runs `taxkit serve --port 0 …args` in `cwd` and resolves with its URL once it listens. */
export async function startServe(cwd: string, args: readonly string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', ...args], {
    cwd,
    env: { ...process.env, ...SERVE_KEYS, PORT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (out += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`taxkit serve did not start in 30 s:\n${out}`)), 30_000);
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const found = /listening on (http:\/\/\S+)/.exec(out);
      if (found?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`taxkit serve exited early:\n${out}`));
    });
  });
  return {
    url,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
