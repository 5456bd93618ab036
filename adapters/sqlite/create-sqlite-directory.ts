import {
  duplicateCustomer,
  duplicateMerchant,
  duplicateProduct,
  merchantIdChanged,
  merchantNotFound,
} from '../../src/ports/store-errors.ts';
import type Database from 'better-sqlite3';
import type { Customer, Merchant, Page, Product, Tenant } from '../../src/core/types.ts';
import type { ListOptions, StoreDirectory } from '../../src/ports/store.ts';
import type { DirectoryStatements } from './prepare-directory-statements.ts';
import { customerRow, merchantRow, productRow, recordOf, tenantOf } from './record-rows.ts';
import { callPlanner, settle, uniqueViolation } from './sqlite-errors.ts';
import { writeTransaction } from './write-transaction.ts';

type PageStatement = { all(parameters: Record<string, unknown>): { body: string }[] };

/**
 * The SQLite store's products, customers and merchants. Inserts lean on the partial unique
 * indexes (one statement, no read first); deletes and updates read and write in one
 * `BEGIN IMMEDIATE` transaction.
 */
export function createSqliteDirectory(client: Database.Database, s: DirectoryStatements): StoreDirectory {
  const writing = <A extends unknown[], R>(work: (...args: A) => R) => writeTransaction(client, work);
  const findCustomer = (tenant: Tenant, idOrReference: string) => {
    const key = tenantOf(tenant);
    const row =
      s.getLiveCustomer.get({ ...key, id: idOrReference }) ??
      s.getLiveCustomerByReference.get({ ...key, reference: idOrReference });
    return recordOf<Customer>(row);
  };
  const findMerchant = (tenant: Tenant, idOrReference: string) => {
    const key = tenantOf(tenant);
    const row =
      s.getLiveMerchant.get({ ...key, id: idOrReference }) ??
      s.getLiveMerchantByReference.get({ ...key, reference: idOrReference });
    return recordOf<Merchant>(row);
  };

  const removeProduct = writing((tenant: Tenant, referenceProductId: string, at: number) => {
    const key = { ...tenantOf(tenant), referenceProductId };
    const product = recordOf<Product>(s.getLiveProduct.get(key));
    if (product === undefined) return undefined;
    const deleted: Product = { ...product, deletedAt: at };
    s.deleteLiveProduct.run({ ...key, deletedAt: at, body: JSON.stringify(deleted) });
    return deleted;
  });

  const removeCustomer = writing((tenant: Tenant, idOrReference: string, at: number) => {
    const customer = findCustomer(tenant, idOrReference);
    if (customer === undefined) return undefined;
    const deleted: Customer = { ...customer, deletedAt: at };
    s.replaceCustomer.run(customerRow(tenant, deleted));
    return deleted;
  });

  const replaceMerchant = writing((tenant: Tenant, idOrReference: string, update: (m: Merchant) => Merchant) => {
    const current = findMerchant(tenant, idOrReference);
    if (current === undefined) throw merchantNotFound(idOrReference);
    const next = callPlanner(() => update(current));
    if (next.id !== current.id) {
      throw merchantIdChanged(current.id);
    }
    const row = merchantRow(tenant, next);
    runMerchantWrite(() => s.replaceMerchant.run(row), next);
    return JSON.parse(row.body) as Merchant;
  });

  const removeMerchant = writing((tenant: Tenant, idOrReference: string, at: number) => {
    const merchant = findMerchant(tenant, idOrReference);
    if (merchant === undefined) return undefined;
    const deleted: Merchant = { ...merchant, deletedAt: at };
    s.replaceMerchant.run(merchantRow(tenant, deleted));
    return deleted;
  });

  return {
    insertProduct: (tenant, product) =>
      settle(() => {
        try {
          s.insertProduct.run(productRow(tenant, product));
        } catch (thrown) {
          if (uniqueViolation(thrown) === undefined) throw thrown;
          throw duplicateProduct(product);
        }
      }),
    getProduct: (tenant, referenceProductId) =>
      settle(() => recordOf<Product>(s.getLiveProduct.get({ ...tenantOf(tenant), referenceProductId }))),
    listProducts: (tenant, options) =>
      settle(() => pageOf<Product>(s.listProducts, s.listProductsAfter, tenant, options)),
    deleteProduct: (tenant, referenceProductId, at) => settle(() => removeProduct(tenant, referenceProductId, at)),

    insertCustomer: (tenant, customer) =>
      settle(() => {
        try {
          s.insertCustomer.run(customerRow(tenant, customer));
        } catch (thrown) {
          if (uniqueViolation(thrown) === undefined) throw thrown;
          throw duplicateCustomer(customer);
        }
      }),
    getCustomer: (tenant, idOrReference) => settle(() => findCustomer(tenant, idOrReference)),
    listCustomers: (tenant, options) =>
      settle(() => pageOf<Customer>(s.listCustomers, s.listCustomersAfter, tenant, options)),
    deleteCustomer: (tenant, idOrReference, at) => settle(() => removeCustomer(tenant, idOrReference, at)),

    insertMerchant: (tenant, merchant) =>
      settle(() => runMerchantWrite(() => s.insertMerchant.run(merchantRow(tenant, merchant)), merchant)),
    getMerchant: (tenant, idOrReference) => settle(() => findMerchant(tenant, idOrReference)),
    listMerchants: (tenant, options) =>
      settle(() => pageOf<Merchant>(s.listMerchants, s.listMerchantsAfter, tenant, options)),
    updateMerchant: (tenant, idOrReference, update) => settle(() => replaceMerchant(tenant, idOrReference, update)),
    deleteMerchant: (tenant, idOrReference, at) => settle(() => removeMerchant(tenant, idOrReference, at)),
  };
}

/** Runs an insert or update of `merchant`, turning a reference id clash into DUPLICATE_MERCHANT. */
function runMerchantWrite(write: () => unknown, merchant: Merchant): void {
  try {
    write();
  } catch (thrown) {
    if (uniqueViolation(thrown) === undefined) throw thrown;
    throw duplicateMerchant(merchant);
  }
}

/**
 * One page of a list: asks for one row more than the page holds, which tells `hasMore`
 * without a COUNT.
 */
function pageOf<T>(first: PageStatement, after: PageStatement, tenant: Tenant, options: ListOptions): Page<T> {
  const limit = clampLimit(options.limit);
  const parameters = { ...tenantOf(tenant), limit: limit + 1 };
  const rows = options.after === undefined ? first.all(parameters) : after.all({ ...parameters, after: options.after });
  return {
    items: rows.slice(0, limit).map((row) => JSON.parse(row.body) as T),
    hasMore: rows.length > limit,
  };
}

/** 1..100 as the port says; NaN counts as the smallest page rather than an error. */
export function clampLimit(limit: number): number {
  const whole = Math.trunc(limit);
  if (!(whole >= 1)) return 1;
  return Math.min(whole, 100);
}
