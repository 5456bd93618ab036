import { snapshotId } from '../core/rates/snapshot-id.ts';
import { hashRateTable } from '../core/rates/hash-rate-table.ts';
import { loadDefaultRateTables } from '../defaults/load-default-rate-tables.ts';
import { importRates, type ImportedFile, type RateFileFormat } from '../rate-import/import-rates.ts';
import { removeRateTablesFrom } from '../operations/remove-rate-tables.ts';
import type { TaxStore } from '../ports/store.ts';
import type { CliIo } from './cli-io.ts';
import { type ImportCommand, runImportCommand } from './run-import-command.ts';

const FORMATS: readonly RateFileFormat[] = ['auto', 'avalara-zip5', 'taxkit-csv', 'taxkit-json'];

/** `taxkit rates import` and `taxkit rates list`. */
const RATES_COMMAND: ImportCommand<RateFileFormat> = {
  name: 'rates',
  formatOption: 'format',
  formats: FORMATS,
  needsStore: 'rates need a store that keeps them: --db or --postgres.',
  import: runImport,
  list: runList,
  remove: runRemove,
};

/**
 * `taxkit rates import <file|folder>... [--db PATH | --postgres URL] [--format F] [--replace]`,
 * `taxkit rates list [--db PATH | --postgres URL]` and `taxkit rates remove <id|name>`. With
 * PostgreSQL, every instance on the database picks an import or a removal up without a restart.
 */
export function runRates(args: readonly string[], io: CliIo): Promise<number> {
  return runImportCommand(RATES_COMMAND, args, io);
}

async function runImport(
  store: TaxStore,
  inputs: readonly string[],
  format: RateFileFormat,
  where: string,
  io: CliIo,
  replace: boolean,
): Promise<void> {
  const started = performance.now();
  const report = await importRates({
    store,
    inputs,
    cwd: io.cwd,
    format,
    replace,
    onFile: (file) => io.stdout(`read ${describeFile(file)}\n`),
  });
  const seconds = (performance.now() - started) / 1000;
  const unchanged = report.unchanged === 0 ? '' : `, ${report.unchanged} already imported (unchanged)`;
  const removed = report.removed.length === 0 ? '' : `, ${report.removed.length} replaced`;
  for (const table of report.removed)
    io.stdout(`replaced ${table.name} (id ${table.id}): out of use, kept for replay\n`);
  // An unchanged table under later ones is not what calculations use where those rate the same places.
  for (const file of report.files) {
    const after = file.importedAfter ?? [];
    if (after.length === 0) continue;
    io.stdout(
      `note: ${file.fileName} is already imported (id ${file.tableId}), but ${after.length} table(s) imported after it ` +
        `(${after.join(', ')}) win where they rate the same places. To put it back in force: ` +
        `taxkit rates import --replace ${file.fileName}\n`,
    );
  }
  io.stdout(
    `Imported ${report.files.length} file(s), ${report.rows.toLocaleString('en-US')} rows, into ${where} in ${seconds.toFixed(1)} s: ` +
      `${report.added} new${removed}${unchanged}. Rate revision ${report.revision}, snapshot ${await currentSnapshot(store)}.\n`,
  );
}

async function runRemove(store: TaxStore, what: string, where: string, io: CliIo): Promise<void> {
  const outcome = await removeRateTablesFrom(store, what);
  for (const table of outcome.removed) {
    io.stdout(`removed ${table.name} (${table.fileName}, id ${table.id}): out of use, kept for replay\n`);
  }
  io.stdout(
    `Removed ${outcome.removed.length} table(s) from ${where}. Rate revision ${outcome.revision}, snapshot ${await currentSnapshot(store)}. ` +
      `Calculations made with them still replay; importing one again puts it back.\n`,
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
        (table.sst === undefined ? '' : `, SST ${table.sst.state} ${table.sst.kind} ${table.sst.quarter}`) +
        // A table's source need not be a URL (a taxkit CSV names what its rows cite): shown either way.
        `, source ${table.sourceUrl ?? table.source}`,
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
