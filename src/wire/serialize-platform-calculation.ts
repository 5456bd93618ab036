import type { Calculation, Mode, TaxLine } from '../core/types.ts';
import type { ApiVersion } from './api-version.ts';
import { asVersioned } from './as-versioned.ts';
import type { PlatformApiVersion, PlatformCalculation as PlatformCalculationJson } from './api-types.ts';
import { calculationBody } from './serialize-calculation.ts';
import { serializeLine } from './serialize-line.ts';
import { sumLines } from '../core/money/sum-lines.ts';

/** The wire form of a group's totals; the sums themselves are the core's one totals helper. */
function totalsOf(lines: readonly TaxLine[], field: string): Record<string, number> {
  const totals = sumLines(lines, [field]);
  return {
    tax_amount: totals.taxMinor,
    amount_excluding_tax: totals.amountExcludingTaxMinor,
    amount_including_tax: totals.amountIncludingTaxMinor,
  };
}

/**
 * A platform calculation (docs/interface.md §4.14): the calculation fields plus `merchant`, `roles`,
 * `totals.order`, and `fee_line_items` with `totals.fees` when fee_details were given.
 */
export function serializePlatformCalculation<V extends ApiVersion>(
  calculation: Calculation,
  version: V,
  mode: Mode,
): PlatformCalculationJson<Extract<V, PlatformApiVersion>> {
  const wire = calculationBody(calculation, version, mode);
  const platform = calculation.platform;
  if (platform === undefined) return asVersioned(wire);
  const totals: Record<string, unknown> = { order: totalsOf(calculation.lines, 'order_details.line_items') };
  if (platform.feeLines.length > 0) {
    wire.fee_line_items = platform.feeLines.map((line) => serializeLine(line, version, 'calculation'));
    totals.fees = totalsOf(platform.feeLines, 'fee_details.line_items');
  }
  wire.totals = totals;
  wire.merchant = { id: platform.merchantId, reference_merchant_id: platform.referenceMerchantId };
  wire.roles = platform.roles;
  return asVersioned(wire);
}
