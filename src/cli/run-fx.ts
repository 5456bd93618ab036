import { importFxFiles, type ImportedFxFile } from '../fx-import/import-fx-files.ts';
import type { FxFileFormat } from '../fx-import/parse-fx-file.ts';
import type { CliIo } from './cli-io.ts';
import { type ImportCommand, runImportCommand } from './run-import-command.ts';

const SOURCES: readonly FxFileFormat[] = ['auto', 'ecb', 'hmrc'];

/**
 * `taxkit fx import <file|folder>... [--db PATH | --postgres URL] [--source ecb|hmrc|auto]` and
 * `taxkit fx list [--db PATH | --postgres URL]`: reference exchange rates for the filing
 * currency (docs/filing-currency.md), imported all or nothing.
 */
export function runFx(args: readonly string[], io: CliIo): Promise<number> {
  return runImportCommand(FX_COMMAND, args, io);
}

const FX_COMMAND: ImportCommand<FxFileFormat> = {
  name: 'fx',
  formatOption: 'source',
  formats: SOURCES,
  needsStore: 'exchange rates need a store that keeps them: --db or --postgres.',
  async import(store, inputs, source, where, io) {
    const report = await importFxFiles({
      store,
      inputs,
      cwd: io.cwd,
      format: source,
      onFile: (file) => io.stdout(`read ${describeFile(file)}\n`),
    });
    const unchanged =
      report.unchanged === 0 ? '' : `, ${report.unchanged.toLocaleString('en-US')} already held (unchanged)`;
    io.stdout(
      `Imported ${report.files.length} file(s) into ${where}: ${report.added.toLocaleString('en-US')} new rates${unchanged}.\n`,
    );
  },
  async list(store, where, io) {
    const series = await store.listExchangeRateSeries();
    const lines = [`Exchange rates in ${where}:`];
    if (series.length === 0) lines.push('  (none imported yet: taxkit fx import <file>...)');
    for (const each of series) {
      lines.push(
        `  ${each.source.padEnd(5)} ${each.base}/${each.quote}  ${each.count.toLocaleString('en-US').padStart(6)} rates  ${each.first} to ${each.last}`,
      );
    }
    io.stdout(`${lines.join('\n')}\n`);
  },
};

function describeFile(file: ImportedFxFile): string {
  const span = file.first === undefined ? 'no rate' : `${file.first} to ${file.last}`;
  return `${file.fileName}: ${file.source}, ${file.rateCount.toLocaleString('en-US')} rates, ${span}`;
}
