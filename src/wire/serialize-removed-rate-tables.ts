import type { RateTablesRemoved } from '../operations/remove-rate-tables.ts';
import type { RemovedRateTablesJson } from './api-types.ts';

/** DELETE /tax/rates/{id}: the tables taken out of use, and the rate revision after it. */
export function serializeRemovedRateTables(outcome: RateTablesRemoved): RemovedRateTablesJson {
  return {
    object: 'tax.rate_table_removal',
    removed: outcome.removed.map((table) => ({
      id: table.id,
      name: table.name,
      file_name: table.fileName,
      effective_date: table.effectiveDate,
      format: table.format,
    })),
    revision: outcome.revision,
  };
}
