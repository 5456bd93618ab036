import { makePrivateDirectory } from './make-private-directory.ts';
import { dirname, relative } from 'node:path';
import type { CliIo } from './cli-io.ts';
import { resolveDbPath } from './default-paths.ts';
import { describeError } from './describe-error.ts';
import { parseCommandArgs } from './parse-command-args.ts';
import { USAGE } from './usage.ts';

/** `taxkit migrate`: creates the SQLite database or applies its pending migrations. */
export async function runMigrate(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseCommandArgs(args, { db: { type: 'string' } });
  if (options.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  const path = resolveDbPath(io.cwd, options.db);
  try {
    makePrivateDirectory(dirname(path));
    // Loaded here so better-sqlite3 is only needed by the commands that use SQLite.
    const { migrateSqlite } = await import('../../adapters/sqlite/index.ts');
    migrateSqlite(path);
  } catch (error) {
    io.stderr(`taxkit migrate: ${describeError(error)}\n`);
    return 1;
  }
  io.stdout(`Migrated ${relative(io.cwd, path) || path}.\n`);
  return 0;
}
