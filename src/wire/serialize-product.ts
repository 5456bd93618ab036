import type { Mode, Product } from '../core/types.ts';
import type { DeletedProduct, Product as ProductJson } from './api-types.ts';

/** A product as POST and GET /tax/products return it (docs/interface.md §2.9). */
export function serializeProduct(product: Product, mode: Mode): ProductJson {
  return {
    object: 'tax.product',
    reference_product_id: product.referenceProductId,
    reference_product_name: product.name,
    product_category: product.category,
    created_at: product.createdAt,
    updated_at: product.updatedAt,
    testmode: mode === 'test',
  };
}

/** The answer to DELETE /tax/products/{reference_product_id}. */
export function serializeDeletedProduct(product: Product): DeletedProduct {
  return {
    reference_product_id: product.referenceProductId,
    object: 'tax.product',
    deleted: true,
    deleted_at: product.deletedAt ?? null,
  };
}
