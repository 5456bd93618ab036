import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../core/product-categories.ts';
import { referenceId, requiredString } from './common-schemas.ts';
import { taxRule } from './tax-rule.ts';

/** Body of POST /tax/products (docs/interface.md §4.7): all three fields required. */
export const productRequestSchema = z.strictObject({
  reference_product_id: referenceId,
  reference_product_name: requiredString(500),
  product_category: z
    .string()
    .refine(
      (value) => PRODUCT_CATEGORIES.has(value),
      taxRule('INVALID_PRODUCT_CATEGORY', 'product_category is not a known product category'),
    ),
});

export type ProductRequest = z.input<typeof productRequestSchema>;
