import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { TaxStore } from '../ports/store.ts';
import type { CliIo } from './cli-io.ts';
import { chooseStore, openChosenStore, redactUrl } from './choose-store.ts';
import { describeError } from './describe-error.ts';
import { UsageError } from './usage-error.ts';
import { USAGE } from './usage.ts';

/** A command over a database: `import <file|folder>...`, `list`, and for some `remove <what>`. */
export interface ImportCommand<F extends string> {
  /** `rates`, `fx`: the command's name in messages. */
  readonly name: string;
  /** The option that picks the files' format (`--format`, `--source`), and what it takes (the first is the default). */
  readonly formatOption: string;
  readonly formats: readonly F[];
  /** Why the command needs a database, for `--memory`. */
  readonly needsStore: string;
  /**
   * Imports `files` (as given: files or folders) into `store`, printing what it did; `where`
   * names the store; `replace` is `--replace` (only for a command with `remove`).
   */
  import(
    store: TaxStore,
    files: readonly string[],
    format: F,
    where: string,
    io: CliIo,
    replace: boolean,
  ): Promise<void>;
  /** Prints what `store` holds. */
  list(store: TaxStore, where: string, io: CliIo): Promise<void>;
  /** `remove <what>` and `import --replace`, where the command has them: takes `what` out of use. */
  remove?(store: TaxStore, what: string, where: string, io: CliIo): Promise<void>;
}

/**
 * Runs `taxkit <name> import|list …` for `command`: the options (`--db PATH | --postgres URL`
 * and the format option) and their usage errors (exit 2), the store opened as `taxkit serve`
 * would, a failure printed on stderr (exit 1), the store closed whatever happens. Shared by
 * `taxkit rates` and `taxkit fx`, which differ only in what they import and list.
 */
export async function runImportCommand<F extends string>(
  command: ImportCommand<F>,
  args: readonly string[],
  io: CliIo,
): Promise<number> {
  const [subcommand, ...rest] = args;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...rest],
      options: {
        db: { type: 'string' },
        postgres: { type: 'string' },
        [command.formatOption]: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        ...(command.remove === undefined ? {} : { replace: { type: 'boolean' as const } }),
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const values = parsed.values as Readonly<Record<string, string | boolean | undefined>>;
  if (values.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  const removes = command.remove !== undefined;
  if (subcommand !== 'import' && subcommand !== 'list' && !(removes && subcommand === 'remove')) {
    throw new UsageError(
      `"${command.name}" takes ${removes ? '"import", "list" or "remove"' : '"import" or "list"'}, not ${subcommand === undefined ? 'nothing' : `"${subcommand}"`}.`,
    );
  }
  if (subcommand === 'remove' && parsed.positionals.length !== 1) {
    throw new UsageError(`"${command.name} remove" takes one table: its id, name or file name.`);
  }
  if (values.replace === true && subcommand !== 'import') {
    throw new UsageError(`--replace is for "${command.name} import".`);
  }
  const format = (values[command.formatOption] ?? command.formats[0]) as F;
  if (!command.formats.includes(format)) {
    throw new UsageError(`--${command.formatOption} must be one of ${command.formats.join(', ')}.`);
  }
  if (subcommand === 'import' && parsed.positionals.length === 0) {
    throw new UsageError(`"${command.name} import" needs at least one file or folder.`);
  }
  if (subcommand === 'list' && parsed.positionals.length > 0) {
    throw new UsageError(`"${command.name} list" takes no files.`);
  }

  const choice = chooseStore(
    { db: values.db as string | undefined, postgres: values.postgres as string | undefined },
    io.env,
    io.cwd,
  );
  let store: TaxStore | undefined;
  try {
    store = await openChosenStore(choice);
    if (store === undefined) throw new UsageError(command.needsStore);
    const where =
      choice.kind === 'postgres'
        ? `PostgreSQL ${redactUrl(choice.url)}`
        : choice.kind === 'sqlite'
          ? relative(io.cwd, choice.path) || choice.path
          : 'memory';
    if (subcommand === 'import')
      await command.import(store, parsed.positionals, format, where, io, values.replace === true);
    else if (subcommand === 'remove') await command.remove?.(store, parsed.positionals[0] as string, where, io);
    else await command.list(store, where, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    io.stderr(`taxkit ${command.name} ${subcommand}: ${describeError(error)}\n`);
    return 1;
  } finally {
    await store?.close();
  }
}
