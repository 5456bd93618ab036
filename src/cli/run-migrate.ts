import type { CliIo } from './cli-io.ts';
import { makePrivateDirectory } from './make-private-directory.ts';
import { dirname, relative } from 'node:path';
import { chooseStore, redactUrl } from './choose-store.ts';
import { describeError } from './describe-error.ts';
import { parseCommandArgs } from './parse-command-args.ts';
import { UsageError } from './usage-error.ts';
import { USAGE } from './usage.ts';

/**
 * `taxkit migrate`: creates the SQLite database or applies its pending migrations; with
 * `--postgres URL` (or TAXKIT_POSTGRES_URL), applies the PostgreSQL migrations instead.
 */
export async function runMigrate(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseCommandArgs(args, { db: { type: 'string' }, postgres: { type: 'string' } });
  if (options.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  const choice = chooseStore(options, io.env, io.cwd);
  try {
    // Each adapter is loaded here so its driver is only needed by the commands that use it.
    if (choice.kind === 'postgres') {
      const { migratePostgres } = await import('../../adapters/postgres/index.ts');
      await migratePostgres(choice.url);
    } else if (choice.kind === 'sqlite') {
      makePrivateDirectory(dirname(choice.path));
      const { migrateSqlite } = await import('../../adapters/sqlite/index.ts');
      migrateSqlite(choice.path);
    } else {
      throw new UsageError('an in-memory store has nothing to migrate.');
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    io.stderr(`taxkit migrate: ${describeError(error)}\n`);
    return 1;
  }
  const what =
    choice.kind === 'postgres' ? `PostgreSQL ${redactUrl(choice.url)}` : relative(io.cwd, choice.path) || choice.path;
  io.stdout(`Migrated ${what}.\n`);
  return 0;
}
