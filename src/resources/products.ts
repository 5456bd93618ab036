import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { createProduct, deleteProduct, getProduct, listProducts } from '../operations/products.ts';
import { withFields } from '../wire/field-map.ts';
import { type ListRequest, parseListQuery } from '../wire/list-request.ts';
import { parseProductRequest, productFields, type ProductRequest } from '../wire/product-request.ts';
import { serializeProductList } from '../wire/serialize-lists.ts';
import { serializeDeletedProduct, serializeProduct } from '../wire/serialize-product.ts';
import { callScope } from './call-scope.ts';

export { PRODUCT_PAGE_SIZE } from '../operations/products.ts';

export interface ProductsResource {
  /**
   * POST /tax/products: stores a product with its tax category (docs/interface.md §4.7). There is no update:
   * delete and create again to change the category (docs/interface.md §4.7).
   *
   * @example
   * await engine.products.create({ reference_product_id: 'sku-1', reference_product_name: 'T-shirt', product_category: 'CLOTHING' });
   */
  create(request: ProductRequest | unknown, context?: CallContext): Promise<Record<string, unknown>>;
  /** GET /tax/products/{reference_product_id}; 404 PRODUCT_NOT_FOUND when missing or deleted. */
  get(referenceProductId: string, context?: CallContext): Promise<Record<string, unknown>>;
  /**
   * GET /tax/products?cursor=: 50 a page (in process, `limit` 1..100 may change that) in
   * `reference_product_id` byte order, after the exclusive cursor. `last_product_id` is the
   * next cursor: the last id of the page; on an empty page the request's cursor, or null when
   * there was none (nothing stored at all).
   */
  list(query?: ListRequest | unknown, context?: CallContext): Promise<Record<string, unknown>>;
  /** DELETE /tax/products/{reference_product_id}: soft delete; the reference id is free again. */
  delete(referenceProductId: string, context?: CallContext): Promise<Record<string, unknown>>;
}

export function createProductsResource(deps: EngineDeps): ProductsResource {
  // Each method: parse the wire body -> the engine operation on domain objects -> serialize.
  return {
    async create(body, context) {
      const { tenant } = callScope(deps, context);
      const input = parseProductRequest(body);
      const product = await withFields(productFields, () => createProduct(deps, tenant, input));
      return serializeProduct(product, tenant.mode);
    },

    async get(referenceProductId, context) {
      const { tenant } = callScope(deps, context);
      const product = await withFields(productFields, () => getProduct(deps, tenant, referenceProductId));
      return serializeProduct(product, tenant.mode);
    },

    async list(query, context) {
      const { tenant } = callScope(deps, context);
      const page = await listProducts(deps, tenant, parseListQuery(query));
      return serializeProductList(page, tenant.mode);
    },

    async delete(referenceProductId, context) {
      const { tenant } = callScope(deps, context);
      const deleted = await withFields(productFields, () => deleteProduct(deps, tenant, referenceProductId));
      return serializeDeletedProduct(deleted);
    },
  };
}
