import { EXEMPT_REASONS, type LiabilityReport } from '../core/reports/liability-report.ts';
import type { Mode } from '../core/types.ts';
import type { LiabilityReport as LiabilityReportJson } from './api-types.ts';

/**
 * GET /tax/reports/liability: the report's rows and per-currency totals, amounts in minor units
 * of the row's currency. `tax_refunded` is what refunds took back in the period net of the
 * reversals in it (≤ 0 unless reversals outweigh the period's refunds); `tax_refunds_made` and
 * `tax_refunds_reversed` are its two parts; `net_tax` is `tax_collected + tax_refunded`.
 */
export function serializeLiabilityReport(
  report: LiabilityReport,
  mode: Mode,
  currency: string | undefined,
): LiabilityReportJson {
  return {
    object: 'tax.liability_report',
    from: report.from,
    to: report.to,
    period: report.period,
    currency: currency ?? null,
    testmode: mode === 'test',
    rows: report.rows.map((row) => {
      const exempt = EXEMPT_REASONS.reduce((sum, reason) => sum + row.exemptSales[reason], 0);
      return {
        period_start: row.periodStart,
        period_end: row.periodEnd,
        jurisdiction_id: row.jurisdictionId,
        country: row.country,
        subdivision: row.subdivision,
        level: row.level,
        jurisdiction_name: row.jurisdictionName,
        tax_type: row.taxType,
        tax_rate: Number(row.rate),
        currency: row.currency,
        gross_sales: row.grossSales,
        exempt_sales: exempt,
        exempt_customer_sales: row.exemptSales.exemptCustomer,
        exempt_certificate_sales: row.exemptSales.exemptCertificate,
        exempt_category_sales: row.exemptSales.exemptCategory,
        reverse_charge_sales: row.exemptSales.reverseCharge,
        not_registered_sales: row.exemptSales.notRegistered,
        not_collected_sales: row.exemptSales.notCollected,
        marketplace_facilitated_sales: row.exemptSales.marketplaceFacilitated,
        non_taxable_sales: row.nonTaxableSales,
        taxable_sales: row.taxableSales,
        tax_calculated: row.taxCollected,
        tax_collected: row.taxCollected,
        refunded_sales: row.refundedSales + row.reversedSales,
        tax_refunded: row.taxRefunded + row.taxReversed,
        tax_refunds_made: row.taxRefunded,
        tax_refunds_reversed: row.taxReversed,
        net_tax: row.netTax,
        transaction_count: row.transactionCount,
      };
    }),
    totals: report.totals.map((total) => ({
      currency: total.currency,
      gross_sales: total.grossSales,
      tax_collected: total.taxCollected,
      tax_refunded: total.taxRefunded + total.taxReversed,
      net_tax: total.netTax,
      transaction_count: total.transactionCount,
    })),
    filing_pending: (report.filingPending ?? []).map((entry) => ({
      currency: entry.currency,
      filing_currency: entry.filingCurrency,
      source: entry.source,
      rule: entry.rule,
      first_day: entry.firstDay,
      last_day: entry.lastDay,
      sale_count: entry.saleCount,
    })),
  };
}
