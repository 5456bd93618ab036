import { allocate } from './money/allocate.ts';
import { addScaled, excludeTax, exactTax, roundScaled } from './money/apply-rate.ts';
import { checkedAdd, checkedMinor } from './money/checked-add.ts';
import { addLine, NO_LINES } from './money/sum-lines.ts';
import { type DomainKey, keyedError } from './errors.ts';
import { formatScaled } from './money/format-scaled.ts';
import { divideHalfUp, divideHalfUpBig } from './money/divide-half-up.ts';
import { ALWAYS_EXEMPT_CATEGORIES } from './product-categories.ts';
import type { ResolvedRate } from './rates/rate-index.ts';
import { applyRules, NO_THRESHOLD, shareWeights, taxableBase } from './taxability/apply-rules.ts';
import { excludeTaxWithThresholds } from './taxability/exclude-tax-with-thresholds.ts';
import { customerCategory } from './taxability/customer-category.ts';
import type { LineInput } from './line-input.ts';
import type { CustomerType, JurisdictionTax, TaxLine } from './types.ts';

// calculateLines' parameter type, re-exported for its callers; it lives in line-input.ts so that
// taxability/apply-rules.ts, which calculateLines calls, can name it without importing its caller.
export type { LineInput } from './line-input.ts';

/**
 * Why nothing is due although the location has rates. Each keeps the jurisdictions in the
 * answer, at rate 0, with a note saying why.
 */
export type ZeroReason =
  | { readonly kind: 'exempt_customer' }
  | { readonly kind: 'automatic_tax_disabled' }
  /** `note`, when given, replaces the default one (e.g. to say a nexus threshold was crossed). */
  | { readonly kind: 'no_nexus'; readonly note?: string }
  /** `note` says which reverse charge applied (intra-EU, UK, Norway, …; src/core/tax-ids/reverse-charge.ts). */
  | { readonly kind: 'reverse_charge'; readonly note?: string }
  /** A certificate of the customer exempts the whole price here; `note` names it (src/core/exemptions/). */
  | { readonly kind: 'certificate'; readonly note: string };

/**
 * A certificate that exempts part of the price (`exempt_percentage`): each jurisdiction taxes
 * only the rest of its taxable base, rounded half up to the minor unit, and says so first in its note.
 */
export interface PartialExemption {
  /** The share of the price still taxed, in hundredths of a percent (1..9999). */
  readonly taxedHundredths: number;
  readonly note: string;
}

/** What else {@link calculateLines} needs to know about the lines, each with a default. */
export interface LinesOptions {
  /** The lines' domain key in the operation's input, for errors: `lines` (default), or `feeLines` for platform fees. */
  readonly linesKey?: string | undefined;
  /** When given, starts every jurisdiction's note (an implausible VAT number). */
  readonly notice?: string | undefined;
  /** The customer's type, for rules scoped to business or consumer customers; CONSUMER by default. */
  readonly customerType?: CustomerType;
  /** A certificate that exempts part of the price; ignored when `zero` is given. */
  readonly partial?: PartialExemption | undefined;
}

export interface LinesResult {
  readonly lines: readonly TaxLine[];
  readonly totalTaxMinor: number;
  readonly totalExcludingTaxMinor: number;
  readonly totalIncludingTaxMinor: number;
}

/** The hosted API's label for a jurisdiction where the seller does not collect (docs/interface.md §2.5). */
export const NO_NEXUS_RATE_TYPE = 'NO COLLECTION; NO STATE NEXUS';

const ZERO_NOTES: Record<ZeroReason['kind'], string> = {
  exempt_customer: 'Customer is tax exempt; no tax is due.',
  automatic_tax_disabled: 'automatic_tax is disabled; no tax was calculated.',
  no_nexus: 'NO_COLLECTION: the account is not registered to collect tax in this jurisdiction.',
  reverse_charge: 'Cross-border B2B sale to VAT-registered business, reverse charge applies.',
  certificate: 'An exemption certificate of the customer covers this sale; no tax is due.',
};

function zeroNote(zero: ZeroReason): string {
  return (zero.kind === 'reverse_charge' || zero.kind === 'no_nexus' || zero.kind === 'certificate') &&
    zero.note !== undefined
    ? zero.note
    : ZERO_NOTES[zero.kind];
}

/**
 * Taxes every line at `rates` (the jurisdictions in force at the customer's location), each
 * jurisdiction by its category rule for the line's category when it has one (exempt, reduced
 * rate, partial base, per-item threshold; `src/core/taxability/`), with a note saying so.
 *
 * Rounding (README "Rounding"): each jurisdiction's exact tax (`taxDue`, base × rate) is kept
 * unrounded; a line's tax is the half-up rounding of the sum of its jurisdictions' exact taxes
 * plus their flat fees; totals are sums of lines. Tax-inclusive lines are split as
 * `excluded = round(amount / (1 + combined rate))` and `tax = amount − excluded`, so the two
 * always add up to the amount.
 *
 * Every amount it returns is exact: a line or total that would pass 2^53 − 1 minor units is
 * refused with 400 INVALID_VALUE keyed to the line's amount (`[linesKey, index, 'amountMinor']`, or
 * `[linesKey]` for a total), rather than summed in floats (README "Limits"). See
 * {@link LinesOptions} for the rest.
 */
export function calculateLines(
  lines: readonly LineInput[],
  rates: readonly ResolvedRate[],
  taxIncluded: boolean,
  zero: ZeroReason | undefined,
  options: LinesOptions = {},
): LinesResult {
  const { linesKey = 'lines', customerType = 'CONSUMER' } = options;
  const partial = zero === undefined ? options.partial : undefined;
  // A partial exemption's note comes first in every note, after a calculation-wide notice.
  const notice =
    partial === undefined
      ? options.notice
      : options.notice === undefined
        ? partial.note
        : `${options.notice} ${partial.note}`;
  const taxed: TaxLine[] = [];
  const totalsKey = [linesKey];
  let totals = NO_LINES;
  for (const [index, line] of lines.entries()) {
    const result = calculateLine(
      line,
      rates,
      taxIncluded,
      zero,
      [linesKey, index, 'amountMinor'],
      notice,
      customerType,
      partial?.taxedHundredths,
    );
    taxed.push(result);
    totals = addLine(totals, result, totalsKey);
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
  key: DomainKey,
  callNotice: string | undefined,
  customerType: CustomerType,
  taxedHundredths: number | undefined,
): TaxLine {
  const count = rates.length;
  // A vendor code's reading comes first in each note: which taxkit category the code was taxed as.
  const notice =
    line.codeNotice === undefined
      ? callNotice
      : callNotice === undefined
        ? line.codeNotice
        : `${line.codeNotice} ${callNotice}`;
  const exempt = ALWAYS_EXEMPT_CATEGORIES.has(line.category);
  const applied = applyRules(
    line,
    rates,
    exempt,
    zero === undefined ? undefined : zeroNote(zero),
    customerCategory(line.category, customerType),
  );
  const { units, cuts, modes, floors } = applied;
  let fees = 0;
  if (zero === undefined) for (const rate of rates) fees = checkedAdd(fees, rate.feeMinor, key);
  if (taxIncluded && line.amountMinor < fees) {
    // The fees are part of a tax-inclusive amount; one that cannot hold them would go negative
    // and later refunds would take tax from the wrong jurisdictions.
    throw keyedError(
      'INVALID_VALUE',
      key,
      `{field}: the tax-inclusive amount ${line.amountMinor} is below the flat fees of ${fees} it must include.`,
      { minimum: fees },
    );
  }

  // A partial exemption taxes a share of each base, so a tax-inclusive price is split at the
  // rates scaled to that share (the split's tax is then the amount's remainder, as always).
  const splitUnits = taxedHundredths === undefined ? units : units.map((value) => share(value, taxedHundredths));
  const splitFloors = taxedHundredths === undefined ? floors : floors.map((value) => share(value, taxedHundredths));
  const base = taxIncluded
    ? applied.thresholds
      ? excludeTaxWithThresholds(
          line.amountMinor - fees,
          splitUnits,
          modes,
          cuts,
          applied.floored ? splitFloors : undefined,
        )
      : excludeTax(
          line.amountMinor - fees,
          taxedHundredths === undefined ? applied.combinedUnits : share(applied.combinedUnits, taxedHundredths),
        )
    : line.amountMinor;
  const flooredBase = taxedHundredths === undefined ? base : share(base, taxedHundredths);
  let exactSum: number | bigint = 0;
  const exact: (number | bigint)[] = [];
  const taxedBase: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const whole = taxableBase(base, modes[index] as number, cuts[index] as number);
    const taxable = taxedHundredths === undefined ? whole : share(whole, taxedHundredths);
    taxedBase[index] = taxable;
    const floor = floors[index] as number;
    // A reduced rate below a threshold: the whole base at the reduced rate, the rest of the general rate above the cut.
    const value =
      floor === 0
        ? exactTax(taxable, units[index] as number)
        : addScaled(exactTax(flooredBase, floor), exactTax(taxable, units[index] as number));
    exact[index] = value;
    exactSum = addScaled(exactSum, value);
  }
  const percentTax = taxIncluded ? line.amountMinor - fees - base : checkedMinor(roundScaled(exactSum), key);
  const shares = allocate(percentTax, applied.thresholds ? shareWeights(exact, units, taxedBase, floors) : units);
  const jurisdictions: JurisdictionTax[] = [];
  for (let index = 0; index < count; index += 1) {
    const rate = rates[index] as ResolvedRate;
    const fee = zero === undefined ? rate.feeMinor : 0;
    const definition = rate.jurisdiction;
    // A threshold that exempted the whole price shows rate 0, as an exemption does.
    const shown =
      (taxedBase[index] === 0 && flooredBase !== 0 ? 0 : (units[index] as number)) + (floors[index] as number);
    // A threshold rule whose threshold did not bite says so instead of claiming it applied.
    const unchanged = taxedBase[index] === flooredBase && modes[index] !== NO_THRESHOLD;
    jurisdictions[index] = {
      jurisdictionId: definition.id,
      name: definition.name,
      rateType: zero?.kind === 'no_nexus' ? NO_NEXUS_RATE_TYPE : definition.rateType,
      authorityName: definition.authorityName,
      authorityType: definition.authorityType,
      taxType: definition.taxType,
      rate: shown === rate.units ? rate.rate : formatScaled(shown),
      feeMinor: fee,
      taxDue: formatScaled(exact[index] as number | bigint),
      taxMinor: (shares[index] as number) + fee,
      note: withNotice(notice, (unchanged ? applied.notApplied : applied.notes)[index] as string),
    };
  }
  const tax = checkedAdd(percentTax, fees, key);
  const including = taxIncluded ? line.amountMinor : checkedAdd(line.amountMinor, tax, key);
  return {
    lineItemId: line.lineItemId,
    referenceLineItemId: line.referenceLineItemId,
    referenceProductId: line.referenceProductId,
    productName: line.productName,
    productTaxCode: line.code ?? line.category,
    quantity: line.quantity,
    amountExcludingTaxMinor: taxIncluded ? line.amountMinor - tax : line.amountMinor,
    taxMinor: tax,
    amountIncludingTaxMinor: including,
    jurisdictions,
  };
}

/** `value × hundredths / 10 000`, rounded half up: the taxed share of a base or a rate. */
function share(value: number, hundredths: number): number {
  const product = value * hundredths;
  return Number.isSafeInteger(product)
    ? divideHalfUp(product, 10_000)
    : Number(divideHalfUpBig(BigInt(value) * BigInt(hundredths), 10_000n));
}

/** A calculation-wide notice (why a VAT number did not shift the VAT) before the entry's own note. */
function withNotice(notice: string | undefined, note: string): string {
  if (notice === undefined) return note;
  return note === '' ? notice : `${notice} ${note}`;
}
