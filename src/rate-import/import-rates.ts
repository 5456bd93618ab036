import type { LocationTables } from '../core/location/location-tables.ts';
import { compileRateIndex } from '../core/rates/compile-rate-index.ts';
import type { RateImportOutcome, RateTableRecord } from '../core/rates/rate-table-record.ts';
import { isTaxError } from '../core/errors.ts';
import { loadDefaultLocations } from '../defaults/load-default-locations.ts';
import { systemClock, type Clock } from '../ports/clock.ts';
import type { StoreRates } from '../ports/store.ts';
import { encodeJson, type EncodedJson } from './encode-json.ts';
import { importError } from './import-error.ts';
import { looksLikeAvalaraZip5 } from './avalara-zip5-columns.ts';
import { AVALARA_ZIP5_HEADER, parseAvalaraZip5 } from './parse-avalara-zip5.ts';
import type { ParsedRateFile } from './parsed-rate-file.ts';
import { isTaxkitCsvHeader, parseTaxkitCsv } from './parse-taxkit-csv.ts';
import { parseTaxkitJson } from './parse-taxkit-json.ts';
import type { RateInput } from './rate-input.ts';
import { readRateInputs } from './read-rate-inputs.ts';
import { usPlaceNames } from './us-place-names.ts';
import { checkSstDistricts } from './sst/check-sst-districts.ts';
import { parseSstFile } from './sst/parse-sst-file.ts';
import { parseSstFileName } from './sst/sst-file-name.ts';

/** The formats an import reads; `auto` tells them apart by extension and header. */
export type RateFileFormat = 'auto' | 'avalara-zip5' | 'taxkit-csv' | 'taxkit-json';

export interface ImportRatesOptions {
  /** Where the tables go: the store `taxkit serve --db` and `createTaxEngine({ store })` use. */
  readonly store: StoreRates;
  /** File paths, folders (their .csv and .json files) or already-read files, in any order. */
  readonly inputs: readonly (string | RateInput)[];
  /** Relative paths are read from here (reported as given). Default: the process's directory. */
  readonly cwd?: string;
  /** Default `auto`: `.json` is taxkit JSON; a CSV is Avalara's or taxkit's by its header. */
  readonly format?: RateFileFormat;
  /** Place tables for state names and ZIP counties. Default: the embedded ones. */
  readonly locations?: LocationTables;
  readonly clock?: Clock;
  /** Told about each file once it is read and checked, before anything is written. */
  readonly onFile?: (file: ImportedFile) => void;
  /**
   * Replace rather than add (`taxkit rates import --replace`): the active tables with the name
   * of an imported one are removed, and the imported tables go on top of the active ones, also
   * when they are active already (RateImportOptions in src/core/rates/rate-table-record.ts).
   */
  readonly replace?: boolean;
}

/** One imported file. */
export interface ImportedFile {
  readonly fileName: string;
  readonly format: ParsedRateFile['format'];
  readonly name: string;
  readonly effectiveDate: string;
  readonly rowCount: number;
  /** The table's content id. */
  readonly tableId: string;
  /** `new`: activated (or, replacing, put on top) by this import; `unchanged`: the same table was already active. */
  readonly status?: 'new' | 'unchanged';
  /**
   * For an `unchanged` table: the names of the active tables imported after it, which win over
   * it where they rate the same places (so its content may not be what calculations use);
   * `--replace` puts it back on top. Empty when it is the latest.
   */
  readonly importedAfter?: readonly string[];
}

export interface RateImportReport {
  readonly files: readonly ImportedFile[];
  readonly rows: number;
  readonly added: number;
  readonly unchanged: number;
  /** Active tables a replacing import removed (their ids and names). */
  readonly removed: readonly { readonly id: string; readonly name: string }[];
  /** The store's rate revision after the import. */
  readonly revision: number;
}

/**
 * Imports rate tables into a store: Avalara's monthly `TAXRATES_ZIP5_<ST><YYYYMM>.csv` tables,
 * the Streamlined Sales Tax rate and boundary files (`<ST>R<YYYY>Q<q><MON><D>.csv` or `.zip`,
 * `<ST>B…`) and taxkit's own CSV or JSON tables, several at once, in any order. All or nothing: every
 * file is read, parsed and compiled before anything is written, and the store writes the new
 * tables in one transaction; a bad file stops the import with its name, line and reason, and
 * the store stays as it was. Re-importing a file changes nothing. Avalara files are activated
 * first, by vintage, then taxkit's tables in the order given, so a hand-written override sits
 * on top of the published tables of the same command.
 *
 * @example
 * await importRates({ store: createSqliteStore({ path: 'tax.db' }), inputs: ['downloads/rates-2026-03/'] });
 * @throws TaxError INVALID_VALUE (file, line, reason), STORAGE_UNAVAILABLE.
 */
export async function importRates(options: ImportRatesOptions): Promise<RateImportReport> {
  const locations = options.locations ?? loadDefaultLocations();
  const places = usPlaceNames(locations);
  const format = options.format ?? 'auto';
  const parsed = readRateInputs(options.inputs, options.cwd).map((input) => {
    const file = parseFile(input, format, locations, places);
    // The CSV readers build only tables that compile (every rate parsed, every id defined);
    // a JSON table is the user's own structure, so it is compiled once here to check it.
    if (file.format === 'taxkit-json') checkCompiles(file);
    return file;
  });
  if (parsed.length === 0) throw importError('(no files)', undefined, 'nothing to import.');
  checkSstDistricts(parsed);
  const ordered = [
    ...parsed
      .filter((file) => file.format === 'avalara-zip5')
      .sort((a, b) => compare(a.table.effectiveDate, b.table.effectiveDate) || compare(a.fileName, b.fileName)),
    ...parsed.filter((file) => file.format !== 'avalara-zip5'),
  ];
  const importedAt = Math.floor((options.clock ?? systemClock).now() / 1000);
  // The id is the hash of the table's JSON (hashRateTable); the bytes go to the store with the
  // records, for a store that writes them, so the text is made once.
  const tableJson = new Map<string, EncodedJson>();
  const records = ordered.map((file): RateTableRecord => {
    const json = encodeJson(file.table);
    tableJson.set(json.hash, json);
    return {
      id: json.hash,
      format: file.format,
      fileName: file.fileName,
      rowCount: file.rowCount,
      importedAt,
      table: file.table,
    };
  });
  const described = records.map((record): ImportedFile => ({
    fileName: record.fileName,
    format: record.format as ImportedFile['format'],
    name: record.table.name,
    effectiveDate: record.table.effectiveDate,
    rowCount: record.rowCount,
    tableId: record.id,
  }));
  for (const file of described) options.onFile?.(file);
  const before = options.replace === true ? await options.store.listRateTables() : [];
  const outcome: RateImportOutcome = await options.store.importRateTables(records, tableJson, {
    replace: options.replace === true,
  });
  const added = new Set(outcome.added);
  // Where each table unchanged by the import stands: the tables activated after it win over it.
  const active = added.size === described.length ? [] : await options.store.listRateTables();
  const position = new Map(active.map((table, index) => [table.id, index]));
  const files = described.map((file): ImportedFile => {
    if (added.has(file.tableId)) return { ...file, status: 'new' };
    const at = position.get(file.tableId) ?? active.length;
    return { ...file, status: 'unchanged', importedAfter: active.slice(at + 1).map((table) => table.name) };
  });
  const names = new Map(before.map((table) => [table.id, table.name]));
  return {
    files,
    rows: files.reduce((sum, file) => sum + file.rowCount, 0),
    added: files.filter((file) => file.status === 'new').length,
    unchanged: files.filter((file) => file.status === 'unchanged').length,
    removed: outcome.removed.map((id) => ({ id, name: names.get(id) ?? id })),
    revision: outcome.revision,
  };
}

function parseFile(
  input: RateInput,
  format: RateFileFormat,
  locations: LocationTables,
  places: ReturnType<typeof usPlaceNames>,
): ParsedRateFile {
  // SST files are headerless: their official name (`<ST>R…`, `<ST>B…`) says what they are, and
  // the parser checks the content (column count, state code, dates, rates).
  const sstName = format === 'auto' ? parseSstFileName(input.fileName) : undefined;
  if (sstName !== undefined) return parseSstFile(input, sstName, places);
  const chosen = format === 'auto' ? detectFormat(input) : format;
  switch (chosen) {
    case 'avalara-zip5':
      return parseAvalaraZip5(input, places);
    case 'taxkit-csv':
      return parseTaxkitCsv(input, locations);
    case 'taxkit-json':
      return parseTaxkitJson(input);
  }
}

/**
 * `.json` → taxkit JSON; otherwise the first line decides between Avalara's header (in any of
 * its layouts: it names ZipCode or EstimatedCombinedRate, and the parser names any other
 * column it lacks) and taxkit's.
 */
function detectFormat(input: RateInput): Exclude<RateFileFormat, 'auto'> {
  if (/\.json$/i.test(input.fileName)) return 'taxkit-json';
  const firstLine = (input.text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '')
    .split(',')
    .map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
  if (looksLikeAvalaraZip5(firstLine)) return 'avalara-zip5';
  if (isTaxkitCsvHeader(firstLine)) return 'taxkit-csv';
  throw importError(
    input.fileName,
    1,
    `the header is neither Avalara's ZIP5 header (${AVALARA_ZIP5_HEADER.join(',')}) nor taxkit's rate CSV header (country,state,zip,effective_from,level,name,rate,…).`,
  );
}

/** Compiles the table on its own, so a bad reference or rate stops the import before writing. */
function checkCompiles(file: ParsedRateFile): void {
  try {
    compileRateIndex(file.table, { tableIds: ['-'] });
  } catch (error) {
    if (!isTaxError(error)) throw error;
    throw importError(file.fileName, undefined, error.message);
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
