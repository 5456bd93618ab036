import type { OssReturn } from '../core/reports/oss-return.ts';
import { quarterDays } from '../core/reports/quarter.ts';
import { parseQuarter } from '../core/reports/quarter.ts';
import { formatDay } from '../core/rates/format-day.ts';
import type { Mode } from '../core/types.ts';
import type { OssReturn as OssReturnJson } from './api-types.ts';
import { bzstFiles } from './oss-bzst-csv.ts';

/** How the return's euro amounts are rounded, as the answer states it. */
export const OSS_ROUNDING =
  'Each amount of each sale, refund and reversal is converted to euro cents once, at the exchange rate recorded with ' +
  'the sale, rounded half away from zero; lines and totals are sums of those cents, so they equal the liability ' +
  'report in EUR for the same records.';

/** GET /tax/reports/oss: the return in euro cents (docs/filing.md). */
export function serializeOssReturn(result: OssReturn, mode: Mode): OssReturnJson {
  const quarter = parseQuarter(result.quarter);
  const days = quarter === undefined ? { fromDay: 0, toDay: 0 } : quarterDays(quarter);
  const json: OssReturnJson = {
    object: 'tax.oss_return',
    quarter: result.quarter,
    currency: 'EUR',
    scheme: result.scheme,
    member_state_of_identification: result.identification,
    vat_number: result.vatNumber,
    reference: result.reference,
    period_start: formatDay(days.fromDay),
    period_end: formatDay(days.toDay),
    testmode: mode === 'test',
    member_states: result.memberStates.map((state) => ({
      country: state.country,
      supplies: state.supplies.map((supply) => ({
        kind: supply.kind,
        rate: Number(supply.rate),
        rate_type: supply.rateType,
        taxable_amount: supply.taxableAmount,
        vat_amount: supply.vatAmount,
        dispatched_from: supply.dispatchedFrom,
        dispatched_from_vat_number: supply.dispatchedFromNumber,
      })),
      vat_amount: state.vatAmount,
      corrections_vat_amount: state.correctionsVat,
      vat_due: state.vatDue,
    })),
    corrections: result.corrections.map((correction) => ({
      country: correction.country,
      quarter: correction.quarter,
      taxable_amount: correction.taxableAmount,
      vat_amount: correction.vatAmount,
    })),
    total_taxable_amount: result.totalTaxable,
    total_vat: result.totalVat,
    left_out: result.leftOut.map((entry) => ({ reason: entry.reason, sales: entry.sales, refunds: entry.refunds })),
    rounding: OSS_ROUNDING,
    bzst_parts: 0,
  };
  return { ...json, bzst_parts: bzstFiles(json).length };
}
