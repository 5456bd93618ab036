import { minorDigits } from '../money/convert-currency.ts';
import { formatDay } from '../rates/format-day.ts';
import type { JurisdictionTax, TaxLine } from '../types.ts';
import type { CompiledOrderFee, OrderFees } from './compile-order-fees.ts';

/** What a calculation needs to know to charge per-order fees. */
export interface OrderFeeFacts {
  readonly fees: OrderFees;
  /** Fees the seller does not owe (under a small-seller threshold, a pickup): by fee id. */
  readonly isOff: (feeId: string) => boolean;
}

/** What a line is, for a fee's condition: its taxkit category. */
export interface FeeLineFacts {
  readonly category: string;
}

/** How a note starts that says a fee is due but taxkit has no amount for the date. */
export function unpricedNotice(feeName: string): string {
  return `${feeName} is due on this order, but taxkit has no amount for it`;
}

/** True for the jurisdiction id of a per-order fee entry ("US-CO:FEE:RETAIL_DELIVERY"). */
export function isOrderFeeId(jurisdictionId: string): boolean {
  return jurisdictionId.includes(':FEE:');
}

/**
 * Charges each fee of the state `state` that the order owes on `day`, once: as one more
 * jurisdiction entry (rate 0, the fee in `feeMinor` and `taxMinor`) on the first line that makes
 * the order owe it, whose tax and total grow by the fee. `lines` are the taxed lines, `facts`
 * their categories in the same order. A fee the order owes on a date past its last published
 * amount charges nothing and says so in the note of the line's state entry. Pure.
 */
export function chargeOrderFees(
  lines: readonly TaxLine[],
  facts: readonly FeeLineFacts[],
  state: string,
  currency: string,
  day: number,
  orderFees: OrderFeeFacts,
): TaxLine[] {
  const charged = [...lines];
  for (const compiled of orderFees.fees.forState(state)) {
    const { fee } = compiled;
    if (orderFees.isOff(fee.id) || fee.currency !== currency || day < (compiled.periods[0]?.from ?? 0)) continue;
    const at = owingLine(compiled, charged, facts);
    if (at === undefined) continue;
    const line = charged[at] as TaxLine;
    const period = compiled.periods.find((candidate) => candidate.from <= day && day < candidate.to);
    if (period === undefined) {
      const last = compiled.periods[compiled.periods.length - 1];
      if (last === undefined || last.to === Number.POSITIVE_INFINITY || day < last.to) continue;
      charged[at] = withUnpricedNotice(
        line,
        fee.jurisdiction,
        `${unpricedNotice(fee.name)} after ${formatDay(last.to - 1)}; charge it at the rate the state publishes.`,
      );
      continue;
    }
    const entry: JurisdictionTax = {
      jurisdictionId: fee.id,
      name: fee.name,
      rateType: fee.rateType,
      authorityName: stateEntry(line, fee.jurisdiction)?.authorityName ?? fee.name,
      authorityType: 'STATE',
      taxType: 'SALES',
      rate: '0',
      feeMinor: period.amountMinor,
      taxDue: '0',
      taxMinor: period.amountMinor,
      note: `${fee.name}: ${formatMinor(period.amountMinor, currency)} once per order, charged on this line; a fee, not sales tax.`,
    };
    charged[at] = {
      ...line,
      taxMinor: line.taxMinor + period.amountMinor,
      amountIncludingTaxMinor: line.amountIncludingTaxMinor + period.amountMinor,
      jurisdictions: [...line.jurisdictions, entry],
    };
  }
  return charged;
}

/** The first line that makes the order owe `compiled`, or undefined when it owes nothing. */
function owingLine(
  compiled: CompiledOrderFee,
  lines: readonly TaxLine[],
  facts: readonly FeeLineFacts[],
): number | undefined {
  const { fee } = compiled;
  const taxed = (line: TaxLine) => {
    const entry = stateEntry(line, fee.jurisdiction);
    return entry !== undefined && !/^0(\.0*)?$/.test(entry.rate);
  };
  if (fee.condition.kind === 'any_taxable_item') {
    const at = lines.findIndex(taxed);
    return at === -1 ? undefined : at;
  }
  const { minimumMinor, alsoCounts = [], excludedCategories = [], notCounted = [] } = fee.condition;
  let counted = 0;
  let first: number | undefined;
  for (const [index, line] of lines.entries()) {
    const category = facts[index]?.category ?? '';
    if (excludedCategories.includes(category) || notCounted.includes(category)) continue;
    if (!taxed(line) && !alsoCounts.includes(category)) continue;
    counted += line.amountExcludingTaxMinor;
    first ??= index;
  }
  return counted >= minimumMinor ? first : undefined;
}

function stateEntry(line: TaxLine, jurisdiction: string): JurisdictionTax | undefined {
  return line.jurisdictions.find((entry) => entry.jurisdictionId === jurisdiction);
}

function withUnpricedNotice(line: TaxLine, jurisdiction: string, notice: string): TaxLine {
  return {
    ...line,
    jurisdictions: line.jurisdictions.map((entry) =>
      entry.jurisdictionId === jurisdiction
        ? { ...entry, note: entry.note === '' ? notice : `${notice} ${entry.note}` }
        : entry,
    ),
  };
}

function formatMinor(amountMinor: number, currency: string): string {
  const digits = minorDigits(currency);
  return `${currency} ${(amountMinor / 10 ** digits).toFixed(digits)}`;
}
