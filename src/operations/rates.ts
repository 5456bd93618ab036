import type { RateTableSummary } from '../core/rates/rate-table-record.ts';
import type { EngineDeps } from '../engine-deps.ts';

/** One rate table: embedded in taxkit, or imported into the store (with its import's facts). */
export interface RateTableInUse {
  readonly id: string;
  readonly name: string;
  readonly source: string;
  readonly effectiveDate: string;
  /** Whether new calculations use it now: it is one of the current snapshot's tables. */
  readonly inSnapshot: boolean;
  /** The import's summary; `undefined` for a table embedded in taxkit. */
  readonly imported: RateTableSummary | undefined;
}

/** What GET /tax/rates answers: the snapshot new calculations use, and every table it or the store holds. */
export interface RatesInUse {
  readonly snapshot: string;
  /** The store's rate revision (moves with each import that adds a table). */
  readonly revision: number;
  /** The snapshot's tables in compile order (later ones override earlier), then imported tables it does not use yet. */
  readonly tables: readonly RateTableInUse[];
}

/**
 * The rate tables and the snapshot in use (the same facts as `taxkit rates list`, for the
 * dashboard and any client). Rate tables belong to the engine, not to an account: every key
 * sees the same answer. An import another process made shows as not in the snapshot until
 * this engine's next look at the store picks it up.
 */
export async function getRates(deps: EngineDeps): Promise<RatesInUse> {
  const index = await deps.rates.current();
  const [revision, imported] = await Promise.all([deps.store.rateRevision(), deps.store.listRateTables()]);
  const importedById = new Map(imported.map((table) => [table.id, table]));
  const inSnapshot = new Set(index.tableIds);
  const tables: RateTableInUse[] = index.tables.map((info, position) => {
    const id = index.tableIds[position] ?? '';
    return {
      id,
      name: info.name,
      source: info.source,
      effectiveDate: info.effectiveDate,
      inSnapshot: true,
      imported: importedById.get(id),
    };
  });
  for (const table of imported) {
    if (inSnapshot.has(table.id)) continue;
    tables.push({
      id: table.id,
      name: table.name,
      source: table.source,
      effectiveDate: table.effectiveDate,
      inSnapshot: false,
      imported: table,
    });
  }
  return { snapshot: index.snapshot, revision, tables };
}
