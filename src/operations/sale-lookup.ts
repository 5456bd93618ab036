import type { Tenant, Transaction } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';

/** Sales looked up for refunds, kept for one read of the ledger; cleared when this many are held. */
const SALES_KEPT = 10_000;

/**
 * The live sale of each refund of a ledger read (a report, a nexus count), each read once while
 * it is kept (a sale with many refunds is read once), in bounded memory. `settle` turns the
 * stored sale into the one the read counts (a report settles a pending filing conversion);
 * a deleted sale is `undefined`.
 */
export function createSaleLookup(
  deps: EngineDeps,
  tenant: Tenant,
  settle: (sale: Transaction) => Transaction | Promise<Transaction> = (sale) => sale,
): (id: string) => Promise<Transaction | undefined> {
  const kept = new Map<string, Transaction | undefined>();
  return async (id) => {
    if (kept.has(id)) return kept.get(id);
    const read = await deps.store.getTransaction(tenant, id);
    const sale = read === undefined ? undefined : await settle(read);
    if (kept.size >= SALES_KEPT) kept.clear();
    kept.set(id, sale);
    return sale;
  };
}
