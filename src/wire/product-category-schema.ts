import { PRODUCT_CATEGORY_TABLE } from '../core/product-categories.ts';
import { loadDefaultProductTaxCodes } from '../defaults/load-default-product-tax-codes.ts';

/**
 * The JSON Schema of a product category for `/openapi.json`: one `const` per accepted code,
 * each with its one-line description, generated from the same table that validates requests.
 */
export function productCategorySchema(): Record<string, unknown> {
  return {
    description:
      'A product category (`product_category`, echoed as `product_tax_code`). How each is taxed where is described in docs/taxability.md. Codes marked "taxkit extension" are not in the hosted API\'s published list.',
    type: 'string',
    oneOf: [
      ...PRODUCT_CATEGORY_TABLE.map((category) => ({
        const: category.code,
        description: category.extension === true ? `${category.description} (taxkit extension)` : category.description,
      })),
      // Another engine's code, read through the crosswalk (docs/product-tax-codes.md).
      ...loadDefaultProductTaxCodes().table.vendors.map((vendor) => ({
        type: 'string',
        pattern: vendor.pattern,
        description: `A ${vendor.name} product tax code, taxed as the taxkit category the crosswalk maps it to (the general rate when it maps to none, with a note).`,
      })),
    ],
  };
}
