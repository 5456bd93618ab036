import type { ExchangeRate, ExchangeRateSource } from '../core/fx/exchange-rate.ts';
import type { TaxStore } from '../ports/store.ts';
import type { RateInput } from '../rate-import/rate-input.ts';
import { type FxFileFormat, parseFxFile } from './parse-fx-file.ts';
import { readFxInputs } from './read-fx-inputs.ts';

/** What one file held. */
export interface ImportedFxFile {
  readonly fileName: string;
  readonly source: ExchangeRateSource;
  readonly rateCount: number;
  /** The first and last day its rates cover; absent for a file with no rate (every cell N/A). */
  readonly first?: string;
  readonly last?: string;
}

export interface FxImportReport {
  readonly files: readonly ImportedFxFile[];
  readonly added: number;
  readonly unchanged: number;
}

export interface FxImportOptions {
  readonly store: Pick<TaxStore, 'importExchangeRates'>;
  /** Paths (files, or folders of .csv files), or texts already read. */
  readonly inputs: readonly (string | RateInput)[];
  readonly cwd: string;
  readonly format?: FxFileFormat;
  /** Called for each file once it is parsed, before anything is written. */
  readonly onFile?: (file: ImportedFxFile) => void;
}

/**
 * `taxkit fx import`: reads and parses every file first, then stores all their rates in one
 * import, so a bad line anywhere (INVALID_VALUE naming the file and line) or a rate that
 * disagrees with a held one writes nothing at all. Importing the same files again adds nothing.
 */
export async function importFxFiles(options: FxImportOptions): Promise<FxImportReport> {
  const texts = options.inputs.flatMap((input) =>
    typeof input === 'string' ? readFxInputs([input], options.cwd) : [input],
  );
  const files: ImportedFxFile[] = [];
  const rates: ExchangeRate[] = [];
  for (const text of texts) {
    const parsed = parseFxFile(text, options.format ?? 'auto');
    const file = summarize(parsed.fileName, parsed.source, parsed.rates);
    options.onFile?.(file);
    files.push(file);
    for (const rate of parsed.rates) rates.push(rate);
  }
  const outcome = await options.store.importExchangeRates(rates);
  return { files, ...outcome };
}

function summarize(fileName: string, source: ExchangeRateSource, rates: readonly ExchangeRate[]): ImportedFxFile {
  if (rates.length === 0) return { fileName, source, rateCount: 0 };
  let first = (rates[0] as ExchangeRate).from;
  let last = (rates[0] as ExchangeRate).to;
  for (const rate of rates) {
    if (rate.from < first) first = rate.from;
    if (rate.to > last) last = rate.to;
  }
  return { fileName, source, rateCount: rates.length, first, last };
}
