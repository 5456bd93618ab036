import { TaxError } from '../errors.ts';
import type { TaxLine } from '../types.ts';

/** How a partial refund line names the transaction line it refunds. */
export interface RefundLineReference {
  readonly referenceLineItemId: string | undefined;
  readonly referenceProductId: string | undefined;
}

/**
 * The index of the transaction line a partial refund line refunds (docs/decisions.md "refunds"):
 * the one line with that `reference_line_item_id`, else the one line with that
 * `reference_product_id`. A line item id that matches no line falls back to the product id
 * (the hosted API treats the line item id as a reporting aid). When both are given and
 * disagree, or the product id matches several lines, or nothing matches, the caller gets a
 * 400 naming `field`, rather than a guess.
 */
export function matchRefundLine(lines: readonly TaxLine[], reference: RefundLineReference, field: string): number {
  const { referenceLineItemId, referenceProductId } = reference;
  const byLineItem = nonEmpty(referenceLineItemId)
    ? indexesWhere(lines, (line) => line.referenceLineItemId === referenceLineItemId)
    : [];
  if (byLineItem.length > 1) {
    throw invalid(
      `${field}.reference_line_item_id "${referenceLineItemId}" matches ${byLineItem.length} lines of the transaction; it cannot tell them apart.`,
      `${field}.reference_line_item_id`,
    );
  }
  const [lineItemMatch] = byLineItem;
  if (lineItemMatch !== undefined) {
    const line = lines[lineItemMatch] as TaxLine;
    if (nonEmpty(referenceProductId) && line.referenceProductId !== referenceProductId) {
      throw invalid(
        `${field}: reference_line_item_id "${referenceLineItemId}" is a line of product "${line.referenceProductId}", not "${referenceProductId}".`,
        `${field}.reference_product_id`,
      );
    }
    return lineItemMatch;
  }
  if (!nonEmpty(referenceProductId)) {
    if (nonEmpty(referenceLineItemId)) {
      throw invalid(
        `${field}.reference_line_item_id "${referenceLineItemId}" matches no line of the transaction.`,
        `${field}.reference_line_item_id`,
      );
    }
    throw new TaxError(
      'MISSING_FIELD',
      `Missing required field: ${field}.reference_line_item_id or ${field}.reference_product_id.`,
      {
        details: { field: `${field}.reference_line_item_id` },
      },
    );
  }
  const byProduct = indexesWhere(lines, (line) => line.referenceProductId === referenceProductId);
  const [productMatch] = byProduct;
  if (productMatch === undefined) {
    throw invalid(
      `${field}.reference_product_id "${referenceProductId}" matches no line of the transaction.`,
      `${field}.reference_product_id`,
    );
  }
  if (byProduct.length > 1) {
    throw invalid(
      `${field}.reference_product_id "${referenceProductId}" matches ${byProduct.length} lines of the transaction; send reference_line_item_id to say which.`,
      `${field}.reference_product_id`,
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

function invalid(message: string, field: string): TaxError {
  return new TaxError('INVALID_VALUE', message, { details: { field } });
}
