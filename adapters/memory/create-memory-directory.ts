import {
  duplicateCustomer,
  duplicateMerchant,
  duplicateProduct,
  idTaken,
  merchantIdChanged,
  merchantNotFound,
} from '../../src/ports/store-errors.ts';
import { copyRecord } from './copy-record.ts';
import type { Customer, Merchant, Tenant } from '../../src/core/types.ts';
import type { StoreDirectory } from '../../src/ports/store.ts';
import { pageOf } from './page-of.ts';
import type { TenantRecords } from './tenant-records.ts';

/**
 * The memory store's products, customers and merchants. As in the ledger, every method works
 * synchronously inside its `async` shell and copies records in and out.
 */
export function createMemoryDirectory(recordsOf: (tenant: Tenant) => TenantRecords): StoreDirectory {
  return {
    async insertProduct(tenant, product) {
      const records = recordsOf(tenant);
      const stored = copyRecord(product);
      if (stored.deletedAt !== undefined) {
        records.deletedProducts.push(stored);
        return;
      }
      if (records.liveProducts.has(stored.referenceProductId)) {
        throw duplicateProduct(stored);
      }
      records.liveProducts.set(stored.referenceProductId, stored);
    },

    async getProduct(tenant, referenceProductId) {
      const product = recordsOf(tenant).liveProducts.get(referenceProductId);
      return product === undefined ? undefined : copyRecord(product);
    },

    async listProducts(tenant, options) {
      const products = recordsOf(tenant).liveProducts.values();
      return pageOf(products, (product) => product.referenceProductId, options);
    },

    async deleteProduct(tenant, referenceProductId, at) {
      const records = recordsOf(tenant);
      const product = records.liveProducts.get(referenceProductId);
      if (product === undefined) return undefined;
      const deleted = { ...product, deletedAt: at };
      records.liveProducts.delete(referenceProductId);
      records.deletedProducts.push(deleted);
      return copyRecord(deleted);
    },

    async insertCustomer(tenant, customer) {
      const records = recordsOf(tenant);
      if (records.customers.has(customer.id)) throw idTaken('customer', customer.id);
      const reference = customer.referenceCustomerId;
      if (customer.deletedAt === undefined && records.liveCustomerReferences.has(reference)) {
        throw duplicateCustomer(customer);
      }
      storeCustomer(records, copyRecord(customer));
    },

    async getCustomer(tenant, idOrReference) {
      const customer = findCustomer(recordsOf(tenant), idOrReference);
      return customer === undefined ? undefined : copyRecord(customer);
    },

    async listCustomers(tenant, options) {
      const live = [...recordsOf(tenant).customers.values()].filter(isLive);
      return pageOf(live, (customer) => customer.id, options);
    },

    async deleteCustomer(tenant, idOrReference, at) {
      const records = recordsOf(tenant);
      const customer = findCustomer(records, idOrReference);
      if (customer === undefined) return undefined;
      records.liveCustomerReferences.delete(customer.referenceCustomerId);
      const deleted = { ...customer, deletedAt: at };
      storeCustomer(records, deleted);
      return copyRecord(deleted);
    },

    async insertMerchant(tenant, merchant) {
      const records = recordsOf(tenant);
      if (records.merchants.has(merchant.id)) throw idTaken('merchant', merchant.id);
      if (merchant.deletedAt === undefined) checkMerchantReference(records, merchant);
      storeMerchant(records, copyRecord(merchant));
    },

    async getMerchant(tenant, idOrReference) {
      const merchant = findMerchant(recordsOf(tenant), idOrReference);
      return merchant === undefined ? undefined : copyRecord(merchant);
    },

    async listMerchants(tenant, options) {
      const live = [...recordsOf(tenant).merchants.values()].filter(isLive);
      return pageOf(live, (merchant) => merchant.id, options);
    },

    async updateMerchant(tenant, idOrReference, update) {
      const records = recordsOf(tenant);
      const current = findMerchant(records, idOrReference);
      if (current === undefined) throw merchantNotFound(idOrReference);
      const next = copyRecord(update(copyRecord(current)));
      if (next.id !== current.id) {
        throw merchantIdChanged(current.id);
      }
      if (next.deletedAt === undefined) checkMerchantReference(records, next);
      records.liveMerchantReferences.delete(current.referenceMerchantId);
      storeMerchant(records, next);
      return copyRecord(next);
    },

    async deleteMerchant(tenant, idOrReference, at) {
      const records = recordsOf(tenant);
      const merchant = findMerchant(records, idOrReference);
      if (merchant === undefined) return undefined;
      records.liveMerchantReferences.delete(merchant.referenceMerchantId);
      const deleted = { ...merchant, deletedAt: at };
      storeMerchant(records, deleted);
      return copyRecord(deleted);
    },
  };
}

function isLive(record: { readonly deletedAt?: number }): boolean {
  return record.deletedAt === undefined;
}

/** The live customer with this id, else the live one with this non-empty reference id. */
function findCustomer(records: TenantRecords, idOrReference: string): Customer | undefined {
  const byId = records.customers.get(idOrReference);
  if (byId !== undefined && isLive(byId)) return byId;
  const id = records.liveCustomerReferences.get(idOrReference);
  return id === undefined ? undefined : records.customers.get(id);
}

/** Stores an (already copied) customer; an empty reference id is "none" and is not indexed. */
function storeCustomer(records: TenantRecords, customer: Customer): void {
  records.customers.set(customer.id, customer);
  if (isLive(customer) && customer.referenceCustomerId !== '') {
    records.liveCustomerReferences.set(customer.referenceCustomerId, customer.id);
  }
}

/** The live merchant with this id, else the live one with this reference id. */
function findMerchant(records: TenantRecords, idOrReference: string): Merchant | undefined {
  const byId = records.merchants.get(idOrReference);
  if (byId !== undefined && isLive(byId)) return byId;
  const id = records.liveMerchantReferences.get(idOrReference);
  return id === undefined ? undefined : records.merchants.get(id);
}

/** Throws DUPLICATE_MERCHANT when another live merchant has `merchant`'s reference id. */
function checkMerchantReference(records: TenantRecords, merchant: Merchant): void {
  const holder = records.liveMerchantReferences.get(merchant.referenceMerchantId);
  if (holder !== undefined && holder !== merchant.id) {
    throw duplicateMerchant(merchant);
  }
}

/** Stores an (already copied) merchant and indexes its reference id while it is live. */
function storeMerchant(records: TenantRecords, merchant: Merchant): void {
  records.merchants.set(merchant.id, merchant);
  if (isLive(merchant)) records.liveMerchantReferences.set(merchant.referenceMerchantId, merchant.id);
}
