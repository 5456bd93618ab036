import { productReferenceOf } from '../core/ledger/product-reference.ts';
import type { JurisdictionTax, TaxLine } from '../core/types.ts';
import { isAtLeast, type ApiVersion } from './api-version.ts';
import { decimalNumber } from './decimal-number.ts';

/** Which response a line appears in: the fields differ (docs/interface.md §2.4, §2.5). */
export type LineContext = 'calculation' | 'transaction' | 'refund' | 'refund_list';

/** A jurisdiction entry of the wire (docs/interface.md §2.5), with the fields of `version` and `context`. */
export function serializeJurisdiction(
  entry: JurisdictionTax,
  version: ApiVersion,
  context: LineContext,
): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    tax_rate: decimalNumber(entry.rate),
    rate_type: entry.rateType,
    jurisdiction_name: entry.name,
    fee_amount: entry.feeMinor,
  };
  // `note` says why a rate is what it is (a taxability rule, reverse charge, state-level data
  // only, no rate data). The hosted API adds it to calculations from 2025-05-12; taxkit sends it
  // in every version and context, so a caller on the default 2024-09-01 is told too.
  wire.note = entry.note;
  // Exact per-jurisdiction tax: 2026-era calculations, and refund lists (docs/interface.md §2.5).
  if ((context === 'calculation' && isAtLeast(version, '2026-01-01')) || context === 'refund_list') {
    wire.tax_due_decimal = decimalNumber(entry.taxDue);
  }
  if (isAtLeast(version, '2026-01-01')) {
    // taxkit extension: the stable id the liability report groups by (a name can repeat).
    wire.jurisdiction_id = entry.jurisdictionId;
    wire.tax_authority_name = entry.authorityName;
    wire.tax_authority_type = authorityTypeOf(entry);
    wire.tax_type = entry.taxType;
  }
  return wire;
}

/** A line item of the wire (docs/interface.md §2.4). */
export function serializeLine(line: TaxLine, version: ApiVersion, context: LineContext): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  if (context === 'calculation' && isAtLeast(version, '2025-05-12')) wire.line_item_id = line.lineItemId;
  wire.product = {
    reference_product_name: line.productName,
    // A line sold by category alone shows `temp-li_…`, which a partial refund can send back.
    reference_product_id: productReferenceOf(line),
    product_tax_code: line.productTaxCode,
    reference_line_item_id: line.referenceLineItemId,
  };
  wire.tax_jurisdictions = line.jurisdictions.map((entry) => serializeJurisdiction(entry, version, context));
  wire.quantity = line.quantity;
  wire.tax_amount = line.taxMinor;
  wire.amount_excluding_tax = line.amountExcludingTaxMinor;
  wire.amount_including_tax = line.amountIncludingTaxMinor;
  return wire;
}

/**
 * `tax_authority_type` on the wire: the spec's enum is STATE, COUNTY, CITY or DISTRICT, and a
 * national VAT or GST is levied by a sovereign state, so it is STATE (Germany's VAT, Canada's
 * GST). Only an entry with no authority at all (no rate data for the country) stays "", which
 * the spec allows. The report keeps the domain value, where "" means the national level.
 */
function authorityTypeOf(entry: JurisdictionTax): string {
  return entry.authorityType === '' && (entry.taxType === 'VAT' || entry.taxType === 'GST')
    ? 'STATE'
    : entry.authorityType;
}
