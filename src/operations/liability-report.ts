import { createLiabilityAccumulator, type LiabilityReport } from '../core/reports/liability-report.ts';
import { defaultCategoryOf } from '../defaults/load-default-product-tax-codes.ts';
import type { ReportPeriod } from '../core/reports/report-period.ts';
import type { Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { feedLedger } from './feed-ledger.ts';

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
 * a time ({@link feedLedger}). A refund or reversal counts with the sale it belongs to; the
 * refunds of a deleted sale are left out with it. A sale recorded while its filing rate was
 * missing is converted here once the rate is imported (docs/filing-currency.md), and stays in
 * its own currency until then.
 */
export async function reportLiability(
  deps: EngineDeps,
  tenant: Tenant,
  input: LiabilityInput,
): Promise<LiabilityReport> {
  const report = createLiabilityAccumulator({
    fromDay: input.fromDay,
    toDay: input.toDay,
    period: input.period,
    categoryOf: defaultCategoryOf,
  });
  const filing = await feedLedger(deps, tenant, input, report);
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
