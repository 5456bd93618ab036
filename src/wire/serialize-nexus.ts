import { uncertaintyOf } from '../core/nexus/uncertainty-of.ts';
import type { NexusReport } from '../operations/nexus.ts';
import type { NexusStatus } from './api-types.ts';

/** GET /tax/nexus: amounts in minor units of each threshold's currency. */
export function serializeNexus(report: NexusReport): NexusStatus {
  return {
    object: 'tax.nexus',
    at: report.at,
    jurisdictions: report.jurisdictions.map((nexus) => ({
      jurisdiction: nexus.jurisdiction,
      name: nexus.name,
      status: nexus.status,
      sales_amount: nexus.salesMinor,
      transaction_count: nexus.transactionCount,
      threshold_amount: nexus.thresholdMinor,
      threshold_transactions: nexus.thresholdTransactions,
      currency: nexus.currency,
      combine: nexus.rule?.combine ?? null,
      period: nexus.rule?.period ?? null,
      period_start: nexus.periodStart,
      period_end: nexus.periodEnd,
      basis: nexus.rule?.basis ?? null,
      marketplace_sales: nexus.rule?.marketplace ?? null,
      progress: Math.round(nexus.progress * 10_000) / 10_000,
      crossed_at: nexus.crossedAt,
      crossed_by_transaction_id: nexus.crossedBy,
      unconverted_transaction_count: nexus.unconvertedTransactionCount,
      source: nexus.source,
      doubt: (nexus.rule ? uncertaintyOf(nexus.rule) : undefined) ?? null,
      note: nexus.note,
    })),
  };
}
