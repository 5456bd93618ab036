import type { RefundLine, TaxLine } from '../types.ts';

/** How a line sold by `product_category` alone is named where a product id is shown. */
export const LINE_PRODUCT_PREFIX = 'temp-';

/**
 * The product reference a line shows as `product.reference_product_id`: the caller's product id,
 * or, for a line sold by `product_category` alone, `temp-` and the id of the sale's line
 * (`temp-li_…`; a refund line names the sale's line it refunds). The hosted API shows such
 * lines a `temp-…` id too, and clients send it back to name the line in a partial refund,
 * which {@link matchesProductReference} accepts. An empty id would name no line.
 */
export function productReferenceOf(line: TaxLine | RefundLine): string {
  if (line.referenceProductId !== '') return line.referenceProductId;
  return `${LINE_PRODUCT_PREFIX}${'refundsLineItemId' in line ? line.refundsLineItemId : line.lineItemId}`;
}

/** Whether a partial refund's `reference_product_id` names this transaction line. */
export function matchesProductReference(line: TaxLine, referenceProductId: string): boolean {
  return productReferenceOf(line) === referenceProductId;
}
