import { z } from 'zod';
import { productCategoryField } from './product-category-field.ts';
import type { ProductInput } from '../operations/products.ts';
import { type FieldMap, fieldMap } from './field-map.ts';
import { parseBody } from './parse-body.ts';
import { loadDefaultProductTaxCodes } from '../defaults/load-default-product-tax-codes.ts';
import { referenceId, requiredString } from './common-schemas.ts';
import { taxRule } from './tax-rule.ts';

/** Body of POST /tax/products (docs/interface.md §4.7): all three fields required. */
export const productRequestSchema = z.strictObject({
  reference_product_id: referenceId,
  reference_product_name: requiredString(500),
  product_category: productCategoryField(
    z
      .string()
      .refine(
        (value) => loadDefaultProductTaxCodes().read(value) !== undefined,
        taxRule(
          'INVALID_PRODUCT_CATEGORY',
          'product_category is neither a known product category nor a Stripe, TaxJar or Avalara product tax code',
        ),
      ),
  ),
});

export type ProductRequest = z.input<typeof productRequestSchema>;

/** A product request as the engine's `createProduct` takes it; throws the TaxError of the first problem. */
export function parseProductRequest(body: unknown): ProductInput {
  const request = parseBody(productRequestSchema, body);
  return {
    referenceProductId: request.reference_product_id,
    name: request.reference_product_name,
    category: request.product_category,
  };
}

/** Where the product operations' domain keys sit in a request (or, for a GET, the path parameter). */
export const productFields: FieldMap = fieldMap({
  referenceProductId: 'reference_product_id',
  name: 'reference_product_name',
  category: 'product_category',
});
