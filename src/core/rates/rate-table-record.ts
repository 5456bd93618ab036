/**
 * Rate tables as the store keeps them: an imported (or embedded) {@link RateTable} with where it
 * came from. The store holds them for every account alike (rates are law, not account data),
 * keyed by content id, and never deletes one: a stored calculation or transaction may name a
 * snapshot built from it, and replaying that calculation needs it back exactly. Removing a
 * table (`taxkit rates remove`) only takes it out of the active ones.
 *
 * @module
 */
import type { RateTable } from './rate-table.ts';

/** How a table came in: an Avalara ZIP5 CSV, taxkit's own CSV or JSON, or the engine's base tables. */
export type RateTableFormat = 'avalara-zip5' | 'taxkit-csv' | 'taxkit-json' | 'sst-rates' | 'sst-boundaries' | 'base';

/** A rate table with where it came from. Plain JSON. */
export interface RateTableRecord {
  /** Content id of `table` (`hashRateTable`): the same file imported twice has one id. */
  readonly id: string;
  readonly format: RateTableFormat;
  /** The file it was read from ("TAXRATES_ZIP5_CA202603.csv"), or a name for text passed in. */
  readonly fileName: string;
  /** Data rows the file had (ZIPs of an Avalara file). */
  readonly rowCount: number;
  /** When it was imported, Unix seconds. */
  readonly importedAt: number;
  readonly table: RateTable;
}

/** A stored table without its rows, as `taxkit rates list` shows it. */
export interface RateTableSummary {
  readonly id: string;
  readonly format: RateTableFormat;
  readonly fileName: string;
  readonly rowCount: number;
  readonly importedAt: number;
  readonly name: string;
  readonly source: string;
  readonly sourceUrl?: string;
  readonly license?: string;
  /** The table's effective date (an Avalara vintage: the first day of its month). */
  readonly effectiveDate: string;
  /** The rate revision this table's import produced. */
  readonly revision: number;
  /** For an SST rate or boundary file: its state, kind and quarter. */
  readonly sst?: { readonly state: string; readonly kind: 'rates' | 'boundaries'; readonly quarter: string };
}

/** What a rate snapshot is made of: the content ids of its tables, in compile order. */
export interface RateSnapshot {
  readonly id: string;
  readonly tableIds: readonly string[];
  /** When the store first saw it, Unix seconds. */
  readonly createdAt: number;
}

/** How an import treats what is already active. */
export interface RateImportOptions {
  /**
   * Replace rather than add: every active table with the same name as an imported one (an
   * earlier version of the same file) is removed, and each imported table goes on top of the
   * active ones, also when it is active already (so re-importing a table a later one overrides
   * puts it back in force). Default false: an active table is left where it is.
   */
  readonly replace?: boolean;
}

/** What an import changed. */
export interface RateImportOutcome {
  /** Ids of the tables this import activated (or, replacing, moved on top); empty when it changed nothing. */
  readonly added: readonly string[];
  /** Ids of the active tables a replacing import removed (see {@link RateImportOptions}); empty otherwise. */
  readonly removed: readonly string[];
  /** The rate revision after the import (unchanged when nothing was added or removed). */
  readonly revision: number;
}

/** What a removal changed. */
export interface RateRemovalOutcome {
  /** Ids of the tables taken out of the active ones (stored still, for replay). */
  readonly removed: readonly string[];
  /** The rate revision after it (unchanged when nothing was removed). */
  readonly revision: number;
}

/** The active imported tables and the revision they make up. */
export interface ActiveRateTables {
  readonly revision: number;
  /** In activation order: later tables override earlier ones. */
  readonly tables: readonly RateTableRecord[];
}

/** The summary of a record: everything but its rows. */
export function summarizeRateTable(record: RateTableRecord, revision: number): RateTableSummary {
  const { table } = record;
  return {
    id: record.id,
    format: record.format,
    fileName: record.fileName,
    rowCount: record.rowCount,
    importedAt: record.importedAt,
    name: table.name,
    source: table.source,
    ...(table.sourceUrl === undefined ? {} : { sourceUrl: table.sourceUrl }),
    ...(table.license === undefined ? {} : { license: table.license }),
    effectiveDate: table.effectiveDate,
    revision,
    ...(table.sst === undefined
      ? {}
      : { sst: { state: table.sst.state, kind: table.sst.kind, quarter: table.sst.quarter } }),
  };
}
