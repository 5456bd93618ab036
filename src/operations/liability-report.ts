import {
  createLiabilityAccumulator,
  type LiabilityReport,
  type LiabilityAccumulator,
} from '../core/reports/liability-report.ts';
import type { ReportPeriod } from '../core/reports/report-period.ts';
import type { Page, Refund, Tenant, Transaction } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { LedgerQuery } from '../ports/store.ts';
import { eachPage, LEDGER_SLICE } from './each-page.ts';
import { createSaleLookup } from './sale-lookup.ts';
import { settlePendingFiling } from './settle-pending-filing.ts';

/** A liability report as the wire layer parses it: whole UTC days, both inclusive. */
export interface LiabilityInput {
  readonly fromDay: number;
  readonly toDay: number;
  readonly period: ReportPeriod;
  /** Keep only the rows and totals in this (filing) currency. */
  readonly currency?: string | undefined;
}

/**
 * What a tenant owes per period and jurisdiction, from its ledger (docs/reports.md): the sales
 * processed in the range, the refunds made in it and the refunds reversed in it, read a page at
 * a time, so memory stays bounded by the report's rows, not the ledger's length. A refund or
 * reversal counts with the sale it belongs to; between pages the event loop gets a turn, so a
 * calculation sent during a report on a million sales waits at most a page; the refunds of a deleted sale are left out with it.
 * A sale recorded while its filing rate was missing is converted here once the rate is imported
 * (docs/filing-currency.md), and stays in its own currency until then.
 */
export async function reportLiability(
  deps: EngineDeps,
  tenant: Tenant,
  input: LiabilityInput,
): Promise<LiabilityReport> {
  const report = createLiabilityAccumulator({ fromDay: input.fromDay, toDay: input.toDay, period: input.period });
  const period = { from: input.fromDay * 86_400, to: (input.toDay + 1) * 86_400 - 1 };
  const filing = settlePendingFiling(deps);
  await eachPage(
    (after) => deps.store.listTransactions(tenant, { ...period, ...pageAfter(after) }),
    async (sale) => report.addSale(await filing.sale(sale)),
  );
  // A refund converts as its sale does, pending conversion settled the same way.
  const saleOf = createSaleLookup(deps, tenant, filing.settle);
  await eachRefund(
    report,
    'addRefund',
    (after) => deps.store.listRefundsProcessed(tenant, { ...period, ...pageAfter(after) }),
    saleOf,
  );
  await eachRefund(
    report,
    'addReversal',
    (after) => deps.store.listRefundsReversed(tenant, { ...period, ...pageAfter(after) }),
    saleOf,
  );
  const pending = filing.pending();
  const finished = { ...report.finish(), ...(pending.length === 0 ? {} : { filingPending: pending }) };
  if (input.currency === undefined) return finished;
  return {
    ...finished,
    rows: finished.rows.filter((row) => row.currency === input.currency),
    totals: finished.totals.filter((total) => total.currency === input.currency),
    ...(pending.length === 0 ? {} : { filingPending: pending.filter((entry) => entry.currency === input.currency) }),
  };
}

function eachRefund(
  report: LiabilityAccumulator,
  method: 'addRefund' | 'addReversal',
  read: (after: string | undefined) => Promise<Page<Refund>>,
  saleOf: (id: string) => Promise<Transaction | undefined>,
): Promise<void> {
  return eachPage(read, async (refund) => {
    const sale = await saleOf(refund.transactionId);
    if (sale !== undefined) report[method](refund, sale);
  });
}

/** A slice of the ledger (LEDGER_SLICE), after `after` when given. */
function pageAfter(after: string | undefined): Pick<LedgerQuery, 'after' | 'limit'> {
  return after === undefined ? { limit: LEDGER_SLICE } : { after, limit: LEDGER_SLICE };
}
