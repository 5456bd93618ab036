import type { Calculation, Mode } from '../core/types.ts';
import { isAtLeast, type ApiVersion } from './api-version.ts';
import { asVersioned } from './as-versioned.ts';
import type { Calculation as CalculationJson } from './api-types.ts';
import { serializeLine } from './serialize-line.ts';
import { fromAddress } from './to-address.ts';

/** A calculation as the response of POST /tax/calculations in `version` (docs/interface.md §2.3, §9). */
export function serializeCalculation<V extends ApiVersion>(
  calculation: Calculation,
  version: V,
  mode: Mode,
): CalculationJson<V> {
  return asVersioned<CalculationJson<V>>(calculationBody(calculation, version, mode));
}

/** The fields of a calculation's body, which a platform calculation extends. */
export function calculationBody(calculation: Calculation, version: ApiVersion, mode: Mode): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: calculation.id,
    object: 'tax.calculation',
    customer_currency_code: calculation.currency,
  };
  if (isAtLeast(version, '2025-05-12')) {
    const customer: { type: string; id?: string } = { type: calculation.customer.type };
    if (calculation.customer.customerId !== undefined) customer.id = calculation.customer.customerId;
    wire.customer = customer;
    wire.automatic_tax = calculation.automaticTax;
  }
  wire.line_items = calculation.lines.map((line) => serializeLine(line, version, 'calculation'));
  wire.tax_included_in_amount = calculation.taxIncluded;
  wire.total_tax_amount = calculation.totalTaxMinor;
  wire.total_amount_excluding_tax = calculation.totalExcludingTaxMinor;
  wire.total_amount_including_tax = calculation.totalIncludingTaxMinor;
  wire.expires_at = calculation.expiresAt;
  wire.testmode = mode === 'test';
  if (isAtLeast(version, '2025-05-12')) {
    wire.address_resolution_status = calculation.location.status;
    wire.address_used = fromAddress(calculation.location.address);
  }
  if (isAtLeast(version, '2026-03-01')) {
    wire.location_source = calculation.location.source;
    wire.resolution_precision = calculation.location.precision ?? null;
  }
  wire.metadata = calculation.metadata;
  // taxkit extensions, in every version (docs/rates.md): the date rates were looked up for and
  // the rate snapshot used, which POST /tax/calculations/{id}/replay recomputes with.
  wire.tax_date = calculation.taxDate ?? calculation.createdAt;
  wire.rates_snapshot = calculation.rateSnapshot;
  // taxkit extension: what the whole answer leaves out (a US rate at state level only).
  if (calculation.note !== undefined) wire.note = calculation.note;
  return wire;
}
