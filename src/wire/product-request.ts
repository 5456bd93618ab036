import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../core/product-categories.ts';
import { referenceId } from './common-schemas.ts';

/** Body of POST /tax/products (spec §4.7): all three fields required. */
export const productRequestSchema = z.strictObject({
  reference_product_id: referenceId,
  reference_product_name: z
    .string()
    .min(1, { message: 'MISSING_FIELD: must not be empty' })
    .max(500, { message: 'INVALID_VALUE: must be at most 500 characters' }),
  product_category: z.string().refine((value) => PRODUCT_CATEGORIES.has(value), {
    message: 'INVALID_PRODUCT_CATEGORY: product_category is not a known product category',
  }),
});

export type ProductRequest = z.input<typeof productRequestSchema>;
