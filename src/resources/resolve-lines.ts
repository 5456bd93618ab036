import type { LineInput } from '../core/calculate-lines.ts';
import { TaxError } from '../core/errors.ts';
import { PRODUCT_CATEGORIES } from '../core/product-categories.ts';
import type { Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { WireLineItem } from '../wire/calculation-request.ts';

/**
 * Resolves each line's product and category (docs/interface.md §2.3): a stored product's category wins;
 * an unknown product is PRODUCT_NOT_FOUND unless `fallback_product_category` is given; without a
 * product the line's own `product_category` is used. `perUnit` says `amount` is a unit price
 * (platform calculations, docs/interface.md §2.3 rule 2) rather than the line total (rule 1).
 */
export async function resolveLines(
  deps: EngineDeps,
  tenant: Tenant,
  items: readonly WireLineItem[],
  nowMs: number,
  field: string,
  perUnit: boolean,
): Promise<LineInput[]> {
  const lines: LineInput[] = [];
  for (const [index, item] of items.entries()) {
    const at = `${field}[${index}]`;
    let category = item.product_category;
    let name = '';
    if (item.reference_product_id !== undefined) {
      const product = await deps.store.getProduct(tenant, item.reference_product_id);
      if (product !== undefined) {
        category = product.category;
        name = product.name;
      } else if (item.fallback_product_category !== undefined) {
        category = item.fallback_product_category;
      } else {
        throw new TaxError(
          'PRODUCT_NOT_FOUND',
          `${at}.reference_product_id "${item.reference_product_id}" is not a stored product; create it first or send fallback_product_category.`,
          {
            details: { field: `${at}.reference_product_id` },
          },
        );
      }
    }
    if (category === undefined) {
      throw new TaxError('MISSING_FIELD', `Missing required field: ${at}.product_category (or reference_product_id).`, {
        details: { field: `${at}.product_category` },
      });
    }
    if (!PRODUCT_CATEGORIES.has(category)) {
      throw new TaxError('INVALID_PRODUCT_CATEGORY', `${at}: "${category}" is not a known product category.`, {
        details: { field: `${at}.product_category` },
      });
    }
    const amountMinor = perUnit ? item.amount * item.quantity : item.amount;
    if (!Number.isSafeInteger(amountMinor)) {
      throw new TaxError('INVALID_VALUE', `${at}: amount × quantity exceeds the largest safe integer.`, {
        details: { field: `${at}.amount` },
      });
    }
    lines.push({
      lineItemId: deps.ids.next('li', nowMs),
      referenceLineItemId: item.reference_line_item_id ?? '',
      referenceProductId: item.reference_product_id ?? '',
      productName: name,
      category,
      amountMinor,
      quantity: item.quantity,
    });
  }
  return lines;
}
