import { allocate } from './money/allocate.ts';
import { addScaled, excludeTax, exactTax, roundScaled } from './money/apply-rate.ts';
import { checkedAdd, checkedMinor } from './money/checked-add.ts';
import { addLine, NO_LINES } from './money/sum-lines.ts';
import { TaxError } from './errors.ts';
import { formatScaled } from './money/format-scaled.ts';
import { ALWAYS_EXEMPT_CATEGORIES } from './product-categories.ts';
import type { CompiledCategoryRule, ResolvedRate } from './rates/rate-index.ts';
import type { JurisdictionTax, TaxLine } from './types.ts';

/** One line to tax, already validated and with its category resolved. */
export interface LineInput {
  readonly lineItemId: string;
  readonly referenceLineItemId: string;
  readonly referenceProductId: string;
  readonly productName: string;
  readonly category: string;
  /** The taxable base of the whole line in minor units (amount × quantity already applied). */
  readonly amountMinor: number;
  readonly quantity: number;
}

/**
 * Why nothing is due although the location has rates. Each keeps the jurisdictions in the
 * answer, at rate 0, with a note saying why.
 */
export type ZeroReason =
  | { readonly kind: 'exempt_customer' }
  | { readonly kind: 'automatic_tax_disabled' }
  | { readonly kind: 'no_nexus' }
  | { readonly kind: 'reverse_charge' };

export interface LinesResult {
  readonly lines: readonly TaxLine[];
  readonly totalTaxMinor: number;
  readonly totalExcludingTaxMinor: number;
  readonly totalIncludingTaxMinor: number;
}

/** The hosted API's label for a jurisdiction where the seller does not collect (docs/interface.md §2.5). */
const NO_NEXUS_RATE_TYPE = 'NO COLLECTION; NO STATE NEXUS';

const EXEMPT_RULE: CompiledCategoryRule = { rate: '0', units: 0, note: 'This product category is not taxed.' };

const ZERO_NOTES: Record<ZeroReason['kind'], string> = {
  exempt_customer: 'Customer is tax exempt; no tax is due.',
  automatic_tax_disabled: 'automatic_tax is disabled; no tax was calculated.',
  no_nexus: 'NO_COLLECTION: the account is not registered to collect tax in this jurisdiction.',
  reverse_charge: 'Cross-border B2B sale to VAT-registered business, reverse charge applies.',
};

/**
 * Taxes every line at `rates` (the jurisdictions in force at the customer's location).
 *
 * Rounding (README "Rounding"): each jurisdiction's exact tax (`taxDue`, base × rate) is kept
 * unrounded; a line's tax is the half-up rounding of the sum of its jurisdictions' exact taxes
 * plus their flat fees; totals are sums of lines. Tax-inclusive lines are split as
 * `excluded = round(amount / (1 + combined rate))` and `tax = amount − excluded`, so the two
 * always add up to the amount.
 *
 * Every amount it returns is exact: a line or total that would pass 2^53 − 1 minor units is
 * refused with 400 INVALID_VALUE naming the line's amount (or `field` for a total), rather
 * than summed in floats (README "Limits"). `field` is where the lines sit in the request.
 */
export function calculateLines(
  lines: readonly LineInput[],
  rates: readonly ResolvedRate[],
  taxIncluded: boolean,
  zero: ZeroReason | undefined,
  field = 'order_details.line_items',
): LinesResult {
  const taxed: TaxLine[] = [];
  let totals = NO_LINES;
  for (const [index, line] of lines.entries()) {
    const result = calculateLine(line, rates, taxIncluded, zero, `${field}[${index}].amount`);
    taxed.push(result);
    totals = addLine(totals, result, field);
  }
  return {
    lines: taxed,
    totalTaxMinor: totals.taxMinor,
    totalExcludingTaxMinor: totals.amountExcludingTaxMinor,
    totalIncludingTaxMinor: totals.amountIncludingTaxMinor,
  };
}

function calculateLine(
  line: LineInput,
  rates: readonly ResolvedRate[],
  taxIncluded: boolean,
  zero: ZeroReason | undefined,
  field: string,
): TaxLine {
  const count = rates.length;
  const exempt = ALWAYS_EXEMPT_CATEGORIES.has(line.category);
  const units: number[] = [];
  const notes: string[] = [];
  let combinedUnits = 0;
  let fees = 0;
  for (let index = 0; index < count; index += 1) {
    const rate = rates[index] as ResolvedRate;
    const rule = exempt ? EXEMPT_RULE : rate.categories?.get(line.category);
    const applied = zero === undefined ? (rule?.units ?? rate.units) : 0;
    units[index] = applied;
    notes[index] = zero === undefined ? (rule?.note ?? rate.jurisdiction.note ?? '') : ZERO_NOTES[zero.kind];
    combinedUnits += applied;
    if (zero === undefined) fees = checkedAdd(fees, rate.feeMinor, field);
  }
  if (taxIncluded && line.amountMinor < fees) {
    // The fees are part of a tax-inclusive amount; one that cannot hold them would go negative
    // and later refunds would take tax from the wrong jurisdictions.
    throw new TaxError(
      'INVALID_VALUE',
      `${field}: the tax-inclusive amount ${line.amountMinor} is below the flat fees of ${fees} it must include.`,
      { details: { field, minimum: fees } },
    );
  }

  const base = taxIncluded ? excludeTax(line.amountMinor - fees, combinedUnits) : line.amountMinor;
  let exactSum: number | bigint = 0;
  const exact: (number | bigint)[] = [];
  for (let index = 0; index < count; index += 1) {
    const value = exactTax(base, units[index] as number);
    exact[index] = value;
    exactSum = addScaled(exactSum, value);
  }
  const percentTax = taxIncluded ? line.amountMinor - fees - base : checkedMinor(roundScaled(exactSum), field);
  const shares = allocate(percentTax, units);
  const jurisdictions: JurisdictionTax[] = [];
  for (let index = 0; index < count; index += 1) {
    const rate = rates[index] as ResolvedRate;
    const fee = zero === undefined ? rate.feeMinor : 0;
    const definition = rate.jurisdiction;
    jurisdictions[index] = {
      jurisdictionId: definition.id,
      name: definition.name,
      rateType: zero?.kind === 'no_nexus' ? NO_NEXUS_RATE_TYPE : definition.rateType,
      authorityName: definition.authorityName,
      authorityType: definition.authorityType,
      taxType: definition.taxType,
      rate: units[index] === rate.units ? rate.rate : formatScaled(units[index] as number),
      feeMinor: fee,
      taxDue: formatScaled(exact[index] as number | bigint),
      taxMinor: (shares[index] as number) + fee,
      note: notes[index] as string,
    };
  }
  const tax = checkedAdd(percentTax, fees, field);
  const including = taxIncluded ? line.amountMinor : checkedAdd(line.amountMinor, tax, field);
  return {
    lineItemId: line.lineItemId,
    referenceLineItemId: line.referenceLineItemId,
    referenceProductId: line.referenceProductId,
    productName: line.productName,
    productTaxCode: line.category,
    quantity: line.quantity,
    amountExcludingTaxMinor: taxIncluded ? line.amountMinor - tax : line.amountMinor,
    taxMinor: tax,
    amountIncludingTaxMinor: including,
    jurisdictions,
  };
}
