import type { TaxError } from '../core/errors.ts';
import { serializeProductList } from '../wire/serialize-lists.ts';
import { notFound } from '../core/not-found.ts';
import type { Product } from '../core/types.ts';
import type { CallContext, EngineDeps } from '../engine-deps.ts';
import type { ListRequest } from '../wire/list-request.ts';
import { parseBody } from '../wire/parse-body.ts';
import { productRequestSchema, type ProductRequest } from '../wire/product-request.ts';
import { serializeDeletedProduct, serializeProduct } from '../wire/serialize-product.ts';
import { callScope, callTime } from './call-scope.ts';
import { listPage } from './list-page.ts';

/** "up to 50 products" per page (docs/interface.md §4.7). */
export const PRODUCT_PAGE_SIZE = 50;

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
  return {
    async create(body, context) {
      const { tenant } = callScope(deps, context);
      const request = parseBody(productRequestSchema, body);
      const { now } = callTime(deps);
      const product: Product = {
        referenceProductId: request.reference_product_id,
        name: request.reference_product_name,
        category: request.product_category,
        createdAt: now,
        updatedAt: now,
      };
      await deps.store.insertProduct(tenant, product);
      return serializeProduct(product, tenant.mode);
    },

    async get(referenceProductId, context) {
      const { tenant } = callScope(deps, context);
      const product = await deps.store.getProduct(tenant, referenceProductId);
      if (product === undefined) throw productNotFound(referenceProductId);
      return serializeProduct(product, tenant.mode);
    },

    async list(query, context) {
      const { tenant } = callScope(deps, context);
      const page = await listPage(
        query,
        PRODUCT_PAGE_SIZE,
        (options) => deps.store.listProducts(tenant, options),
        (product) => product.referenceProductId,
      );
      return serializeProductList(page, tenant.mode);
    },

    async delete(referenceProductId, context) {
      const { tenant } = callScope(deps, context);
      const deleted = await deps.store.deleteProduct(tenant, referenceProductId, callTime(deps).now);
      if (deleted === undefined) throw productNotFound(referenceProductId);
      return serializeDeletedProduct(deleted);
    },
  };
}

function productNotFound(referenceProductId: string): TaxError {
  return notFound('product', referenceProductId, 'reference_product_id');
}
