import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { importFxFiles, type ImportedFxFile } from '../fx-import/import-fx-files.ts';
import type { FxFileFormat } from '../fx-import/parse-fx-file.ts';
import type { TaxStore } from '../ports/store.ts';
import type { CliIo } from './cli-io.ts';
import { chooseStore, openChosenStore, redactUrl } from './choose-store.ts';
import { describeError } from './describe-error.ts';
import { UsageError } from './usage-error.ts';
import { USAGE } from './usage.ts';

const SOURCES: readonly FxFileFormat[] = ['auto', 'ecb', 'hmrc'];

/**
 * `taxkit fx import <file|folder>... [--db PATH | --postgres URL] [--source ecb|hmrc|auto]` and
 * `taxkit fx list [--db PATH | --postgres URL]`: reference exchange rates for the filing
 * currency (docs/filing-currency.md), imported all or nothing.
 */
export async function runFx(args: readonly string[], io: CliIo): Promise<number> {
  const [subcommand, ...rest] = args;
  let parsed: ReturnType<typeof parseFxArgs>;
  try {
    parsed = parseFxArgs(rest);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  if (subcommand !== 'import' && subcommand !== 'list') {
    throw new UsageError(
      `"fx" takes "import" or "list", not ${subcommand === undefined ? 'nothing' : `"${subcommand}"`}.`,
    );
  }
  const source = (parsed.values.source ?? 'auto') as FxFileFormat;
  if (!SOURCES.includes(source)) throw new UsageError(`--source must be one of ${SOURCES.join(', ')}.`);
  if (subcommand === 'import' && parsed.positionals.length === 0) {
    throw new UsageError('"fx import" needs at least one file or folder.');
  }
  if (subcommand === 'list' && parsed.positionals.length > 0) throw new UsageError('"fx list" takes no files.');

  const choice = chooseStore({ db: parsed.values.db, postgres: parsed.values.postgres }, io.env, io.cwd);
  let store: TaxStore | undefined;
  try {
    store = await openChosenStore(choice);
    if (store === undefined) throw new UsageError('exchange rates need a store that keeps them: --db or --postgres.');
    const where =
      choice.kind === 'postgres'
        ? `PostgreSQL ${redactUrl(choice.url)}`
        : choice.kind === 'sqlite'
          ? relative(io.cwd, choice.path) || choice.path
          : 'memory';
    if (subcommand === 'import') {
      const report = await importFxFiles({
        store,
        inputs: parsed.positionals,
        cwd: io.cwd,
        format: source,
        onFile: (file) => io.stdout(`read ${describeFile(file)}\n`),
      });
      const unchanged =
        report.unchanged === 0 ? '' : `, ${report.unchanged.toLocaleString('en-US')} already held (unchanged)`;
      io.stdout(
        `Imported ${report.files.length} file(s) into ${where}: ${report.added.toLocaleString('en-US')} new rates${unchanged}.\n`,
      );
    } else {
      const series = await store.listExchangeRateSeries();
      const lines = [`Exchange rates in ${where}:`];
      if (series.length === 0) lines.push('  (none imported yet: taxkit fx import <file>...)');
      for (const each of series) {
        lines.push(
          `  ${each.source.padEnd(5)} ${each.base}/${each.quote}  ${each.count.toLocaleString('en-US').padStart(6)} rates  ${each.first} to ${each.last}`,
        );
      }
      io.stdout(`${lines.join('\n')}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    io.stderr(`taxkit fx ${subcommand}: ${describeError(error)}\n`);
    return 1;
  } finally {
    await store?.close();
  }
}

function parseFxArgs(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    options: {
      db: { type: 'string' },
      postgres: { type: 'string' },
      source: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  });
}

function describeFile(file: ImportedFxFile): string {
  const span = file.first === undefined ? 'no rate' : `${file.first} to ${file.last}`;
  return `${file.fileName}: ${file.source}, ${file.rateCount.toLocaleString('en-US')} rates, ${span}`;
}
