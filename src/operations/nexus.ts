import { measuringPeriods } from '../core/nexus/measuring-periods.ts';
import { createNexusAccumulator, type JurisdictionNexus } from '../core/nexus/nexus-status.ts';
import type { Refund, Tenant, Transaction } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { LEDGER_SLICE, pageCursor } from './each-page.ts';
import { createSaleLookup } from './sale-lookup.ts';
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

/**
 * The status as of `at`, from a read of the ledger over the widest period any rule measures:
 * its sales and its refunds, each read a page at a time in time order and merged as they come,
 * into running totals per rule and period. Memory is a page of each and the totals, whatever the
 * ledger holds; between pages the event loop gets a turn, so a calculation is never held up for
 * longer than a page (docs/reliability.md, "Ledger reads at scale").
 */
export async function countNexus(
  deps: EngineDeps,
  tenant: Tenant,
  at: number,
  signal?: AbortSignal,
): Promise<readonly JurisdictionNexus[]> {
  const rules = deps.nexusRules.flatMap((table) => table.rules);
  const from = Math.min(...rules.flatMap((rule) => measuringPeriods(rule, at).map((period) => period.start)));
  const registrations = await deps.registrationBook.spansFor(tenant);
  const nexus = createNexusAccumulator({
    rules,
    noSalesTax: deps.nexusRules.flatMap((table) => table.noSalesTax ?? []),
    at,
    sellerCountry: deps.defaultOrigin?.country,
    registrations,
  });
  const sales = pageCursor((after) =>
    deps.store.listTransactions(tenant, { from, to: at, after, limit: LEDGER_SLICE }),
  );
  const refunds = pageCursor((after) =>
    deps.store.listRefundsProcessed(tenant, { from, to: at, after, limit: LEDGER_SLICE }),
  );
  // A sale made before the period and refunded inside it is read by id; a deleted one counts for nothing.
  const saleOf = createSaleLookup(deps, tenant);
  for (;;) {
    // A promise per page, not per record: the loop below is synchronous within a page.
    // eslint-disable-next-line no-await-in-loop
    if (sales.needsLoad) await sales.load();
    // eslint-disable-next-line no-await-in-loop
    if (refunds.needsLoad) await refunds.load();
    signal?.throwIfAborted();
    const sale = sales.current;
    const refund = refunds.current;
    if (sale === undefined && refund === undefined) break;
    // Both reads are in time order, then id: take the earlier, as if the ledger were one list.
    if (sale !== undefined && (refund === undefined || isBefore(sale, refund))) {
      nexus.addSale(sale);
      sales.advance();
      continue;
    }
    const current = refund as Refund;
    refunds.advance();
    // A refund reversed by `at` no longer counts; one reversed later still did then.
    if (current.reversedAt !== undefined && current.reversedAt <= at) continue;
    // eslint-disable-next-line no-await-in-loop
    const transaction = await saleOf(current.transactionId);
    if (transaction !== undefined) nexus.addRefund(current, transaction);
  }
  return nexus.finish();
}

/** Whether a ledger record comes before another: by time (`processedAt`), then id. */
function isBefore(a: Transaction | Refund, b: Transaction | Refund): boolean {
  return a.processedAt < b.processedAt || (a.processedAt === b.processedAt && a.id < b.id);
}
