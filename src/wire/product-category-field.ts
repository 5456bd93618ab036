import type { z } from 'zod';
import type { ProductCategoryCode } from '../core/product-categories.ts';
import type { VendorTaxCode } from '../core/product-tax-codes/product-tax-code-table.ts';

/**
 * A request's `product_category` (or `fallback_product_category`) schema, typed as the union of
 * accepted codes (taxkit's categories and the shapes of Stripe's, TaxJar's and Avalara's codes,
 * docs/product-tax-codes.md) so the request types refuse a typo at compile time. At run time the schema
 * stays what it was (`check`): which error an unknown code gets, and under which field, is
 * decided where it always was (a calculation's lines in resolve-lines.ts, where a stored
 * product or a fallback category may still answer; a product's refine), from the same table.
 */
export function productCategoryField(
  check: z.ZodType<string, string>,
): z.ZodType<ProductCategoryCode | VendorTaxCode, ProductCategoryCode | VendorTaxCode> {
  return check as unknown as z.ZodType<ProductCategoryCode | VendorTaxCode, ProductCategoryCode | VendorTaxCode>;
}
