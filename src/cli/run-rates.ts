import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { snapshotId } from '../core/rates/snapshot-id.ts';
import { hashRateTable } from '../core/rates/hash-rate-table.ts';
import { loadDefaultRateTables } from '../defaults/load-default-rate-tables.ts';
import { importRates, type ImportedFile, type RateFileFormat } from '../rate-import/import-rates.ts';
import type { TaxStore } from '../ports/store.ts';
import type { CliIo } from './cli-io.ts';
import { chooseStore, openChosenStore, redactUrl } from './choose-store.ts';
import { describeError } from './describe-error.ts';
import { UsageError } from './usage-error.ts';
import { USAGE } from './usage.ts';

const FORMATS: readonly RateFileFormat[] = ['auto', 'avalara-zip5', 'taxkit-csv', 'taxkit-json'];

/**
 * `taxkit rates import <file|folder>... [--db PATH | --postgres URL] [--format F]` and
 * `taxkit rates list [--db PATH | --postgres URL]`. With PostgreSQL, every instance on the
 * database picks an import up without a restart.
 */
export async function runRates(args: readonly string[], io: CliIo): Promise<number> {
  const [subcommand, ...rest] = args;
  let parsed: ReturnType<typeof parseRatesArgs>;
  try {
    parsed = parseRatesArgs(rest);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  if (subcommand !== 'import' && subcommand !== 'list') {
    throw new UsageError(
      `"rates" takes "import" or "list", not ${subcommand === undefined ? 'nothing' : `"${subcommand}"`}.`,
    );
  }
  const format = (parsed.values.format ?? 'auto') as RateFileFormat;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}.`);
  if (subcommand === 'import' && parsed.positionals.length === 0) {
    throw new UsageError('"rates import" needs at least one file or folder.');
  }
  if (subcommand === 'list' && parsed.positionals.length > 0) throw new UsageError('"rates list" takes no files.');

  const choice = chooseStore({ db: parsed.values.db, postgres: parsed.values.postgres }, io.env, io.cwd);
  let store: TaxStore | undefined;
  try {
    store = await openChosenStore(choice);
    if (store === undefined) throw new UsageError('rates need a store that keeps them: --db or --postgres.');
    const where =
      choice.kind === 'postgres'
        ? `PostgreSQL ${redactUrl(choice.url)}`
        : choice.kind === 'sqlite'
          ? shown(io.cwd, choice.path)
          : 'memory';
    if (subcommand === 'import') await runImport(store, parsed.positionals, format, where, io);
    else await runList(store, where, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    io.stderr(`taxkit rates ${subcommand}: ${describeError(error)}\n`);
    return 1;
  } finally {
    await store?.close();
  }
}

function parseRatesArgs(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    options: {
      db: { type: 'string' },
      postgres: { type: 'string' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  });
}

async function runImport(
  store: TaxStore,
  inputs: readonly string[],
  format: RateFileFormat,
  where: string,
  io: CliIo,
): Promise<void> {
  const started = performance.now();
  const report = await importRates({
    store,
    inputs,
    cwd: io.cwd,
    format,
    onFile: (file) => io.stdout(`read ${describeFile(file)}\n`),
  });
  const seconds = (performance.now() - started) / 1000;
  const unchanged = report.unchanged === 0 ? '' : `, ${report.unchanged} already imported (unchanged)`;
  io.stdout(
    `Imported ${report.files.length} file(s), ${report.rows.toLocaleString('en-US')} rows, into ${where} in ${seconds.toFixed(1)} s: ` +
      `${report.added} new${unchanged}. Rate revision ${report.revision}, snapshot ${await currentSnapshot(store)}.\n`,
  );
}

async function runList(store: TaxStore, where: string, io: CliIo): Promise<void> {
  const tables = await store.listRateTables();
  const lines = [`Rate tables in ${where} (rate revision ${await store.rateRevision()}):`];
  lines.push(
    ...loadDefaultRateTables().map(
      (table) =>
        `  base      ${table.name.padEnd(28)} from ${table.effectiveDate}  embedded in taxkit (data/rates/${table.name}.json)`,
    ),
  );
  if (tables.length === 0) lines.push('  (nothing imported yet: taxkit rates import <file|folder>...)');
  for (const table of tables) {
    lines.push(
      `  r${String(table.revision).padEnd(8)} ${table.name.padEnd(28)} from ${table.effectiveDate}  ${table.format}, ` +
        `${table.rowCount.toLocaleString('en-US')} rows, ${table.fileName}, id ${table.id}, imported ${new Date(table.importedAt * 1000).toISOString()}` +
        (table.sourceUrl === undefined ? '' : `, source ${table.sourceUrl}`),
    );
  }
  lines.push(`Snapshot a server started now calculates with: ${await currentSnapshot(store)}`);
  io.stdout(`${lines.join('\n')}\n`);
}

/** The snapshot id of the embedded base tables under the store's imports (what `taxkit serve` uses). */
async function currentSnapshot(store: TaxStore): Promise<string> {
  const { tables } = await store.loadRateTables();
  return snapshotId([...loadDefaultRateTables().map(hashRateTable), ...tables.map((record) => record.id)]);
}

function describeFile(file: ImportedFile): string {
  return `${file.fileName}: ${file.format}, ${file.name}, from ${file.effectiveDate}, ${file.rowCount.toLocaleString('en-US')} rows`;
}

/** `path` relative to the working directory when it is inside it. */
function shown(cwd: string, path: string): string {
  return relative(cwd, path) || path;
}
