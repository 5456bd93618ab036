import { notFound } from '../core/not-found.ts';
import type { Product, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { callTime } from './call-time.ts';
import { type ListedPage, loadPage, type PageRequest } from './load-page.ts';

/** "up to 50 products" per page (docs/interface.md §4.7). */
export const PRODUCT_PAGE_SIZE = 50;

/** What a new product is made of, as the wire layer parses it from a request. */
export interface ProductInput {
  readonly referenceProductId: string;
  readonly name: string;
  readonly category: string;
}

/** Stores a new product, stamped now; DUPLICATE_PRODUCT when the reference id is live. */
export async function createProduct(deps: EngineDeps, tenant: Tenant, input: ProductInput): Promise<Product> {
  const { now } = callTime(deps, tenant);
  const product: Product = { ...input, createdAt: now, updatedAt: now };
  await deps.store.insertProduct(tenant, product);
  return product;
}

/** The live product with that reference id; 404 PRODUCT_NOT_FOUND keyed `referenceProductId`. */
export async function getProduct(deps: EngineDeps, tenant: Tenant, referenceProductId: string): Promise<Product> {
  const product = await deps.store.getProduct(tenant, referenceProductId);
  if (product === undefined) throw productNotFound(referenceProductId);
  return product;
}

/** One page of live products in reference id order. */
export function listProducts(deps: EngineDeps, tenant: Tenant, request: PageRequest): Promise<ListedPage<Product>> {
  return loadPage(
    request,
    PRODUCT_PAGE_SIZE,
    (options) => deps.store.listProducts(tenant, options),
    (product) => product.referenceProductId,
  );
}

/** Soft-deletes the product (its reference id is free again) and returns it as deleted. */
export async function deleteProduct(deps: EngineDeps, tenant: Tenant, referenceProductId: string): Promise<Product> {
  const deleted = await deps.store.deleteProduct(tenant, referenceProductId, callTime(deps, tenant).now);
  if (deleted === undefined) throw productNotFound(referenceProductId);
  return deleted;
}

function productNotFound(referenceProductId: string) {
  return notFound('product', referenceProductId, ['referenceProductId']);
}
