import type { RatesInUse } from '../operations/rates.ts';
import type { RatesJson } from './api-types.ts';

/** GET /tax/rates: the snapshot in use and its tables; import facts are null for embedded tables. */
export function serializeRates(rates: RatesInUse): RatesJson {
  return {
    object: 'tax.rates',
    snapshot: rates.snapshot,
    revision: rates.revision,
    tables: rates.tables.map((table) => ({
      id: table.id,
      name: table.name,
      source: table.source,
      effective_date: table.effectiveDate,
      origin: table.imported === undefined ? 'embedded' : 'imported',
      in_snapshot: table.inSnapshot,
      format: table.imported?.format ?? null,
      file_name: table.imported?.fileName ?? null,
      row_count: table.imported?.rowCount ?? null,
      imported_at: table.imported?.importedAt ?? null,
      revision: table.imported?.revision ?? null,
      source_url: table.imported?.sourceUrl ?? null,
      sst: table.imported?.sst ?? null,
    })),
  };
}
