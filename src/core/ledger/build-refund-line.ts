import { allocate } from '../money/allocate.ts';
import type { RefundLine, TaxLine } from '../types.ts';

/** The amounts one refund line takes back: sales and tax ≤ 0, quantity ≥ 0. */
export interface RefundAmounts {
  readonly salesMinor: number;
  readonly taxMinor: number;
  readonly quantity: number;
}

/**
 * The refund of part of `original`. The refunded tax is spread over the line's jurisdictions
 * by largest remainder, weighted by what each jurisdiction still holds of the line's tax
 * (`remainingParts`; the original parts when nothing was refunded yet), so the parts sum to
 * the refunded tax exactly and no jurisdiction gives back more than it received. Each entry's
 * `taxMinor` and `taxDue` is its (negative) part; `feeMinor` is 0, because the flat fee is
 * inside that part (see README "Refunds").
 */
export function buildRefundLine(
  original: TaxLine,
  remainingParts: readonly number[],
  amounts: RefundAmounts,
  lineItemId: string,
): RefundLine {
  const parts = allocate(
    amounts.taxMinor,
    remainingParts.map((part) => Math.max(0, part)),
  );
  return {
    lineItemId,
    refundsLineItemId: original.lineItemId,
    referenceLineItemId: original.referenceLineItemId,
    referenceProductId: original.referenceProductId,
    productName: original.productName,
    productTaxCode: original.productTaxCode,
    quantity: amounts.quantity,
    amountExcludingTaxMinor: amounts.salesMinor,
    taxMinor: amounts.taxMinor,
    amountIncludingTaxMinor: amounts.salesMinor + amounts.taxMinor,
    jurisdictions: original.jurisdictions.map((entry, index) => {
      const part = parts[index] ?? 0;
      return { ...entry, feeMinor: 0, taxDue: String(part), taxMinor: part };
    }),
  };
}
