import { type DomainKey, keyedError } from '../errors.ts';
import type { TaxLine } from '../types.ts';
import { matchesProductReference, productReferenceOf } from './product-reference.ts';

/** How a partial refund line names the transaction line it refunds. */
export interface RefundLineReference {
  readonly referenceLineItemId: string | undefined;
  readonly referenceProductId: string | undefined;
}

/**
 * The index of the transaction line a partial refund line refunds (docs/decisions.md "refunds"):
 * the one line with that `reference_line_item_id`, else the one line with that
 * `reference_product_id` (a line sold by category alone answers to the `temp-li_…` id the
 * transaction showed for it, product-reference.ts). A line item id that matches no line falls back to the product id
 * (the hosted API treats the line item id as a reporting aid). When both are given and
 * disagree, or the product id matches several lines, or nothing matches, the caller gets a
 * 400 keyed under `key` (the line's domain key), rather than a guess.
 */
export function matchRefundLine(lines: readonly TaxLine[], reference: RefundLineReference, key: DomainKey): number {
  const byItem = [...key, 'referenceLineItemId'];
  const byProductKey = [...key, 'referenceProductId'];
  const { referenceLineItemId, referenceProductId } = reference;
  const byLineItem = nonEmpty(referenceLineItemId)
    ? indexesWhere(lines, (line) => line.referenceLineItemId === referenceLineItemId)
    : [];
  if (byLineItem.length > 1) {
    throw invalid(
      byItem,
      `{field} "${referenceLineItemId}" matches ${byLineItem.length} lines of the transaction; it cannot tell them apart.`,
    );
  }
  const [lineItemMatch] = byLineItem;
  if (lineItemMatch !== undefined) {
    const line = lines[lineItemMatch] as TaxLine;
    if (nonEmpty(referenceProductId) && !matchesProductReference(line, referenceProductId)) {
      throw invalid(
        byProductKey,
        `{parent}: {name:referenceLineItemId} "${referenceLineItemId}" is a line of product "${productReferenceOf(line)}", not "${referenceProductId}".`,
      );
    }
    return lineItemMatch;
  }
  if (!nonEmpty(referenceProductId)) {
    if (nonEmpty(referenceLineItemId)) {
      throw invalid(byItem, `{field} "${referenceLineItemId}" matches no line of the transaction.`);
    }
    throw keyedError('MISSING_FIELD', byItem, 'Missing required field: {field} or {field:referenceProductId}.');
  }
  const byProduct = indexesWhere(lines, (line) => matchesProductReference(line, referenceProductId));
  const [productMatch] = byProduct;
  if (productMatch === undefined) {
    throw invalid(byProductKey, `{field} "${referenceProductId}" matches no line of the transaction.`);
  }
  if (byProduct.length > 1) {
    throw invalid(
      byProductKey,
      `{field} "${referenceProductId}" matches ${byProduct.length} lines of the transaction; send {name:referenceLineItemId} to say which.`,
    );
  }
  return productMatch;
}

function nonEmpty(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

function indexesWhere(lines: readonly TaxLine[], test: (line: TaxLine) => boolean): number[] {
  const found: number[] = [];
  lines.forEach((line, index) => {
    if (test(line)) found.push(index);
  });
  return found;
}

function invalid(key: DomainKey, template: string) {
  return keyedError('INVALID_VALUE', key, template);
}
