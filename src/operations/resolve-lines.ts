import type { LineInput } from '../core/calculate-lines.ts';
import { keyedError } from '../core/errors.ts';
import { loadDefaultProductTaxCodes } from '../defaults/load-default-product-tax-codes.ts';
import type { Product, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';

/** A line item as the wire layer parses it, before its product and category are resolved. */
export interface LineItemInput {
  /** The caller's id for the line; '' when it sent none. */
  readonly referenceLineItemId: string;
  /** A stored product whose category (and name) the line takes. */
  readonly referenceProductId?: string;
  /** The line's own category, used when it names no product. */
  readonly category?: string;
  /** The category to use when `referenceProductId` names no stored product. */
  readonly fallbackCategory?: string;
  /** The line total, or the unit price where the operation says amounts are per unit. */
  readonly amountMinor: number;
  readonly quantity: number;
}

/**
 * Resolves each line's product and category (docs/interface.md §2.3): a stored product's
 * category wins; an unknown product is PRODUCT_NOT_FOUND unless a fallback category is given;
 * without a product the line's own category is used. `perUnit` says the amount is a unit
 * price (platform calculations, rule 2) rather than the line total (rule 1). Errors are keyed
 * `[linesKey, index, …]`.
 *
 * Synchronous when no line names a product, as in most checkouts: only a product lookup goes
 * to the store, and a calculation that waits for nothing should not pay for promises.
 */
export function resolveLines(
  deps: EngineDeps,
  tenant: Tenant,
  items: readonly LineItemInput[],
  nowMs: number,
  linesKey: string,
  perUnit: boolean,
): LineInput[] | Promise<LineInput[]> {
  const resolve = (item: LineItemInput, index: number, product: Product | undefined) =>
    resolveLine(deps, item, index, product, nowMs, linesKey, perUnit);
  if (!items.some((item) => item.referenceProductId !== undefined)) {
    return items.map((item, index) => resolve(item, index, undefined));
  }
  return (async () => {
    const lines: LineInput[] = [];
    // One line after another, so the first line in error is the one reported.
    for (const [index, item] of items.entries()) {
      const product =
        item.referenceProductId === undefined
          ? undefined
          : await deps.store.getProduct(tenant, item.referenceProductId);
      lines.push(resolve(item, index, product));
    }
    return lines;
  })();
}

/** One line, its product (when it names one) already looked up: `undefined` if not stored. */
function resolveLine(
  deps: EngineDeps,
  item: LineItemInput,
  index: number,
  product: Product | undefined,
  nowMs: number,
  linesKey: string,
  perUnit: boolean,
): LineInput {
  let category = item.category;
  let name = '';
  if (item.referenceProductId !== undefined) {
    if (product !== undefined) {
      category = product.category;
      name = product.name;
    } else if (item.fallbackCategory !== undefined) {
      category = item.fallbackCategory;
    } else {
      throw keyedError(
        'PRODUCT_NOT_FOUND',
        [linesKey, index, 'referenceProductId'],
        `{field} "${item.referenceProductId}" is not a stored product; create it first or send {name:fallbackCategory}.`,
      );
    }
  }
  if (category === undefined) {
    throw keyedError(
      'MISSING_FIELD',
      [linesKey, index, 'category'],
      'Missing required field: {field} (or {name:referenceProductId}).',
    );
  }
  const reading = loadDefaultProductTaxCodes().read(category);
  if (reading === undefined) {
    throw keyedError(
      'INVALID_PRODUCT_CATEGORY',
      [linesKey, index, 'category'],
      `{parent}: "${category}" is neither a known product category nor a Stripe, TaxJar or Avalara product tax code.`,
    );
  }
  const amountMinor = perUnit ? item.amountMinor * item.quantity : item.amountMinor;
  if (!Number.isSafeInteger(amountMinor)) {
    throw keyedError(
      'INVALID_VALUE',
      [linesKey, index, 'amountMinor'],
      '{parent}: {name:amountMinor} × {name:quantity} exceeds the largest safe integer.',
    );
  }
  return {
    lineItemId: deps.ids.next('li', nowMs),
    referenceLineItemId: item.referenceLineItemId,
    referenceProductId: item.referenceProductId ?? '',
    productName: name,
    category: reading.category,
    // Both always set (undefined for a taxkit category): a conditional spread here made V8
    // build every line's literal through the runtime.
    code: reading.notice === undefined ? undefined : category,
    codeNotice: reading.notice,
    amountMinor,
    quantity: item.quantity,
  };
}
