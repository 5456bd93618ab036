/**
 * Starts `taxkit serve --postgres URL --port 0` in its own Node process (the CLI's TypeScript,
 * through tsx) and talks to it over HTTP, as a load balancer would.
 *
 * @module
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { tsxLoader } from '../fixtures/start-child.ts';

const CLI = fileURLToPath(new URL('../../../src/cli.ts', import.meta.url));

/** The keys every instance shares (the environment sets them, so no keys file is needed). */
export const INSTANCE_KEYS = {
  TAXKIT_SECRET_KEY_TEST: 'sk_test_pg_000000000000000000000',
  TAXKIT_SECRET_KEY_LIVE: 'sk_live_pg_000000000000000000000',
  TAXKIT_PUBLIC_KEY_TEST: 'pk_test_pg_000000000000000000000',
  TAXKIT_PUBLIC_KEY_LIVE: 'pk_live_pg_000000000000000000000',
};

/** A running instance. */
export interface Instance {
  readonly url: string;
  readonly process: ChildProcessWithoutNullStreams;
  /** Everything it wrote on stderr so far. */
  readonly stderr: () => string;
  readonly exited: Promise<void>;
}

/** An HTTP answer: status and parsed JSON body. */
export interface Answer {
  readonly status: number;
  readonly body: Record<string, any>;
}

/**
 * Spawns an instance on `databaseUrl` with `cwd` as its working directory and resolves once it
 * listens. Rejects with its stderr when it exits or stays silent for 30 s.
 */
export async function startInstance(databaseUrl: string, cwd: string, poolSize = 5): Promise<Instance> {
  if (tsxLoader === undefined) throw new Error('tsx is not installed');
  const child = spawn(
    process.execPath,
    ['--import', tsxLoader, CLI, 'serve', '--postgres', databaseUrl, '--pool-size', String(poolSize), '--port', '0'],
    { cwd, env: { ...process.env, ...INSTANCE_KEYS, TAXKIT_POSTGRES_URL: '' }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start: ${stderr}`)), 30_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve(match[1]);
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`instance exited (${child.exitCode}): ${stderr}`));
    });
  });
  return { url, process: child, stderr: () => stderr, exited };
}

/** Stops an instance at once (SIGKILL) and waits for it to be gone. */
export async function killInstance(instance: Instance): Promise<void> {
  if (instance.process.exitCode === null && instance.process.signalCode === null) instance.process.kill('SIGKILL');
  await instance.exited;
}

/** Sends one API request with the shared secret test key and the newest API version. */
export async function call(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${INSTANCE_KEYS.TAXKIT_SECRET_KEY_TEST}`,
      'content-type': 'application/json',
      'x-api-version': '2026-03-01',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, any>) };
}

/** A calculation request for one Indiana line (7 %) of `amount` cents over `quantity` units. */
export function indianaSale(amount = 10_000, quantity = 10): Record<string, unknown> {
  return {
    customer: {
      address: {
        address_line_1: '1 Main St',
        address_city: 'Danville',
        address_province: 'IN',
        address_postal_code: '46122',
        address_country: 'US',
      },
    },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: [{ reference_line_item_id: 'line-1', product_category: 'GENERAL_MERCHANDISE', amount, quantity }],
    },
  };
}
