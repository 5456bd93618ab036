import type { Calculation, Mode, TaxLine } from '../core/types.ts';
import type { ApiVersion } from './api-version.ts';
import { serializeCalculation } from './serialize-calculation.ts';
import { serializeLine } from './serialize-line.ts';

function totalsOf(lines: readonly TaxLine[]): Record<string, number> {
  let tax = 0;
  let excluding = 0;
  let including = 0;
  for (const line of lines) {
    tax += line.taxMinor;
    excluding += line.amountExcludingTaxMinor;
    including += line.amountIncludingTaxMinor;
  }
  return { tax_amount: tax, amount_excluding_tax: excluding, amount_including_tax: including };
}

/**
 * A platform calculation (docs/interface.md §4.14): the calculation fields plus `merchant`, `roles`,
 * `totals.order`, and `fee_line_items` with `totals.fees` when fee_details were given.
 */
export function serializePlatformCalculation(
  calculation: Calculation,
  version: ApiVersion,
  mode: Mode,
): Record<string, unknown> {
  const wire = serializeCalculation(calculation, version, mode);
  const platform = calculation.platform;
  if (platform === undefined) return wire;
  const totals: Record<string, unknown> = { order: totalsOf(calculation.lines) };
  if (platform.feeLines.length > 0) {
    wire.fee_line_items = platform.feeLines.map((line) => serializeLine(line, version, 'calculation'));
    totals.fees = totalsOf(platform.feeLines);
  }
  wire.totals = totals;
  wire.merchant = { id: platform.merchantId, reference_merchant_id: platform.referenceMerchantId };
  wire.roles = platform.roles;
  return wire;
}
