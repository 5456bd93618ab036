import { dirname, join, relative } from 'node:path';
import type { TaxStore } from '../ports/store.ts';
import type { CliIo } from './cli-io.ts';
import { DEFAULT_DB_PATH, keysPathFor, resolveDbPath } from './default-paths.ts';
import { makePrivateDirectory } from './make-private-directory.ts';
import { UsageError } from './usage-error.ts';

/** Where `taxkit serve` (and `migrate`) keep records. */
export type StoreChoice =
  | { readonly kind: 'memory' }
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly poolSize: number };

/** The store options of the command line, as parsed. */
export interface StoreArgs {
  readonly db?: string | undefined;
  readonly memory?: boolean | undefined;
  readonly postgres?: string | undefined;
  readonly 'pool-size'?: string | undefined;
}

/** Connections per instance when neither `--pool-size` nor TAXKIT_POSTGRES_POOL_SIZE says. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * Picks the store from the options: `--postgres URL`, `--db PATH` or `--memory`, at most one;
 * with none, TAXKIT_POSTGRES_URL when it is set, else SQLite at `.taxkit/taxkit.db`.
 */
export function chooseStore(args: StoreArgs, env: CliIo['env'], cwd: string): StoreChoice {
  const given = [args.postgres !== undefined, args.db !== undefined, args.memory === true].filter(Boolean).length;
  if (given > 1) throw new UsageError('--postgres, --db and --memory exclude each other.');
  const url = args.postgres ?? (given === 0 ? env.TAXKIT_POSTGRES_URL?.trim() || undefined : undefined);
  const poolText = args['pool-size'] ?? (env.TAXKIT_POSTGRES_POOL_SIZE?.trim() || undefined);
  if (url === undefined) {
    if (args['pool-size'] !== undefined) throw new UsageError('--pool-size needs --postgres (or TAXKIT_POSTGRES_URL).');
    return args.memory === true ? { kind: 'memory' } : { kind: 'sqlite', path: resolveDbPath(cwd, args.db) };
  }
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new UsageError(`the PostgreSQL URL must start with postgres:// (got "${redactUrl(url)}").`);
  }
  const poolSize = poolText === undefined ? DEFAULT_POOL_SIZE : Number(poolText);
  if (poolText !== undefined && (!/^\d+$/.test(poolText) || poolSize < 1 || poolSize > 1000)) {
    throw new UsageError(`pool size "${poolText}" is not a whole number from 1 to 1000.`);
  }
  return { kind: 'postgres', url, poolSize };
}

/**
 * Opens the chosen store, loading its adapter only now: better-sqlite3 and pg are optional
 * peers, needed only by the commands that use them.
 */
export async function openChosenStore(choice: StoreChoice): Promise<TaxStore | undefined> {
  if (choice.kind === 'sqlite') {
    makePrivateDirectory(dirname(choice.path));
    const { createSqliteStore } = await import('../../adapters/sqlite/index.ts');
    return createSqliteStore({ path: choice.path });
  }
  if (choice.kind === 'postgres') {
    const { createPostgresStore } = await import('../../adapters/postgres/index.ts');
    return createPostgresStore({ connectionString: choice.url, poolSize: choice.poolSize });
  }
  return undefined;
}

/**
 * Where the keys of the default account are kept: beside the SQLite file, or for PostgreSQL in
 * `.taxkit/keys.json` of the working directory (set the TAXKIT_*_KEY_* variables to give
 * several instances the same keys). In memory: nowhere.
 */
export function keysPathOf(choice: StoreChoice, cwd: string): string | undefined {
  if (choice.kind === 'memory') return undefined;
  const path = keysPathFor(choice.kind === 'sqlite' ? choice.path : join(cwd, DEFAULT_DB_PATH));
  makePrivateDirectory(dirname(path));
  return path;
}

/** One line for the start-up banner; a PostgreSQL password is never printed. */
export function describeStore(choice: StoreChoice, cwd: string): string {
  if (choice.kind === 'memory') return 'in memory (nothing is kept after exit)';
  if (choice.kind === 'sqlite') return `SQLite ${relative(cwd, choice.path) || choice.path}`;
  return `PostgreSQL ${redactUrl(choice.url)} (pool of ${choice.poolSize})`;
}

/** `url` with its password replaced by `***`, for logs and banners. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}
