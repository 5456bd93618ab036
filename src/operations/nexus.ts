import { measuringPeriods } from '../core/nexus/measuring-periods.ts';
import { type JurisdictionNexus, nexusStatus } from '../core/nexus/nexus-status.ts';
import type { Refund, Tenant, Transaction } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { MAX_LEDGER_PAGE } from '../ports/store.ts';
import { allPages } from './each-page.ts';
import { callTime } from './call-time.ts';

/** What GET /tax/nexus asks: the status as of `at` (Unix seconds), now when absent. */
export interface NexusQuery {
  readonly at?: number | undefined;
}

/** The answer: each jurisdiction's status as of `at`. */
export interface NexusReport {
  readonly at: number;
  readonly jurisdictions: readonly JurisdictionNexus[];
}

/**
 * Economic nexus of the calling account and mode as of `at`: its recorded sales, refunds (net,
 * not reversed by then) and backfilled sales in each rule's measuring period, read from the
 * ledger by period (indexed reads, a page at a time), against the embedded thresholds and its
 * registrations. An answer as of now is kept for the notes of live calculations.
 */
export async function getNexusStatus(deps: EngineDeps, tenant: Tenant, query: NexusQuery): Promise<NexusReport> {
  const now = callTime(deps, tenant).now;
  const at = query.at ?? now;
  const jurisdictions = await countNexus(deps, tenant, at);
  if (query.at === undefined) deps.nexus.remember(tenant, jurisdictions);
  return { at, jurisdictions };
}

/** The status as of `at`, from a read of the ledger over the widest period any rule measures. */
export async function countNexus(deps: EngineDeps, tenant: Tenant, at: number): Promise<readonly JurisdictionNexus[]> {
  const rules = deps.nexusRules.flatMap((table) => table.rules);
  const from = Math.min(...rules.flatMap((rule) => measuringPeriods(rule, at).map((period) => period.start)));
  const sales = await allPages((after) =>
    deps.store.listTransactions(tenant, { from, to: at, after, limit: MAX_LEDGER_PAGE }),
  );
  const processed = await allPages((after) =>
    deps.store.listRefundsProcessed(tenant, { from, to: at, after, limit: MAX_LEDGER_PAGE }),
  );
  const byId = new Map(sales.map((sale) => [sale.id, sale]));
  const refunds: { refund: Refund; transaction: Transaction }[] = [];
  for (const refund of processed) {
    // A refund reversed by `at` no longer counts; one reversed later still did then.
    if (refund.reversedAt !== undefined && refund.reversedAt <= at) continue;
    let transaction = byId.get(refund.transactionId);
    if (transaction === undefined) {
      // A sale made before the period, refunded inside it (a deleted sale counts for nothing).
      transaction = await deps.store.getTransaction(tenant, refund.transactionId);
      if (transaction === undefined) continue;
      byId.set(transaction.id, transaction);
    }
    refunds.push({ refund, transaction });
  }
  const registrations = await deps.registrationBook.spansFor(tenant);
  return nexusStatus({
    rules,
    noSalesTax: deps.nexusRules.flatMap((table) => table.noSalesTax ?? []),
    at,
    sellerCountry: deps.defaultOrigin?.country,
    registrations,
    sales,
    refunds,
  });
}
