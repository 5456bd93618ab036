import { TaxError } from '../core/errors.ts';
import type { RateTableSummary } from '../core/rates/rate-table-record.ts';
import type { Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { StoreRates } from '../ports/store.ts';

/** What a removal answers: the tables taken out of use, and the rate revision after it. */
export interface RateTablesRemoved {
  readonly removed: readonly RateTableSummary[];
  readonly revision: number;
}

/**
 * Takes imported rate tables out of use (`DELETE /tax/rates/{id}`, `taxkit rates remove`):
 * every active table whose content id, name or file name is `idOrName` (a name can cover a
 * table imported twice in two versions). The tables stay stored by content id, so every
 * calculation made with them still replays exactly, and importing one again puts it back.
 * Every engine on the store picks the change up at its next look at the rate revision. Rate
 * tables are the engine's, not an account's: the tenant does not scope them.
 *
 * @throws TaxError RATE_TABLE_NOT_FOUND (404) when no active imported table matches (the
 *   embedded tables cannot be removed).
 */
export function removeRateTables(deps: EngineDeps, _tenant: Tenant, idOrName: string): Promise<RateTablesRemoved> {
  return removeRateTablesFrom(deps.store, idOrName);
}

/** {@link removeRateTables} over a store (what `taxkit rates remove` opens). */
export async function removeRateTablesFrom(store: StoreRates, idOrName: string): Promise<RateTablesRemoved> {
  const active = await store.listRateTables();
  const matching = active.filter(
    (table) => table.id === idOrName || table.name === idOrName || table.fileName === idOrName,
  );
  if (matching.length === 0) {
    throw new TaxError(
      'RATE_TABLE_NOT_FOUND',
      `No imported rate table in use has the id, name or file name "${idOrName}" (GET /tax/rates or taxkit rates list shows them; the embedded tables cannot be removed).`,
    );
  }
  const outcome = await store.removeRateTables(matching.map((table) => table.id));
  const removed = new Set(outcome.removed);
  return { removed: matching.filter((table) => removed.has(table.id)), revision: outcome.revision };
}
