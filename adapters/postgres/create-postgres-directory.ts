import {
  duplicateCustomer,
  duplicateMerchant,
  duplicateProduct,
  idTaken,
  merchantIdChanged,
  merchantNotFound,
} from '../../src/ports/store-errors.ts';
import type { Customer, Merchant, Page, Product, Tenant } from '../../src/core/types.ts';
import type { ListOptions, StoreDirectory } from '../../src/ports/store.ts';
import type { PostgresRunner, Query } from './create-postgres-runner.ts';
import { callPlanner, uniqueViolation } from './postgres-errors.ts';
import type { Statements } from './prepare-statements.ts';
import { customerRow, keyOf, merchantRow, productRow, recordOf, recordsOf, tenantOf } from './record-rows.ts';
import type { Statement } from './statement-parts.ts';

/**
 * The PostgreSQL store's products, customers and merchants. Inserts lean on the partial unique
 * indexes (one statement, no read first); deletes and updates lock the row they change
 * (`FOR UPDATE`) in one transaction, so two instances updating one merchant apply one after
 * the other.
 */
export function createPostgresDirectory(run: PostgresRunner, s: Statements): StoreDirectory {
  /** A live customer by id, else by reference id, locked when `lock` is set. */
  const findCustomer = async (query: Query, tenant: Tenant, idOrReference: string, lock: boolean) => {
    const byId = { ...tenantOf(tenant), id: keyOf(idOrReference) };
    const byReference = { ...tenantOf(tenant), reference: keyOf(idOrReference) };
    return (
      recordOf<Customer>((await query(lock ? s.lockLiveCustomer : s.getLiveCustomer, byId)).rows) ??
      recordOf<Customer>(
        (await query(lock ? s.lockLiveCustomerByReference : s.getLiveCustomerByReference, byReference)).rows,
      )
    );
  };
  const findMerchant = async (query: Query, tenant: Tenant, idOrReference: string, lock: boolean) => {
    const byId = { ...tenantOf(tenant), id: keyOf(idOrReference) };
    const byReference = { ...tenantOf(tenant), reference: keyOf(idOrReference) };
    return (
      recordOf<Merchant>((await query(lock ? s.lockLiveMerchant : s.getLiveMerchant, byId)).rows) ??
      recordOf<Merchant>(
        (await query(lock ? s.lockLiveMerchantByReference : s.getLiveMerchantByReference, byReference)).rows,
      )
    );
  };
  const reading: Query = (statement, values) => run.read(statement, values);

  /** One page of a list: asks for one row more than the page holds, which tells `hasMore` without a COUNT. */
  const pageOf = async <T>(
    first: Statement,
    after: Statement,
    tenant: Tenant,
    options: ListOptions,
  ): Promise<Page<T>> => {
    const limit = clampLimit(options.limit);
    const values = { ...tenantOf(tenant), limit: limit + 1 };
    const { rows } =
      options.after === undefined
        ? await run.read(first, values)
        : await run.read(after, { ...values, after: keyOf(options.after) });
    return { items: recordsOf<T>(rows.slice(0, limit)), hasMore: rows.length > limit };
  };

  return {
    async insertProduct(tenant, product) {
      await run.write(s.insertProduct, productRow(tenant, product), () => duplicateProduct(product));
    },
    async getProduct(tenant, referenceProductId) {
      const values = { ...tenantOf(tenant), referenceProductId: keyOf(referenceProductId) };
      return recordOf<Product>((await run.read(s.getLiveProduct, values)).rows);
    },
    listProducts: (tenant, options) => pageOf<Product>(s.listProducts, s.listProductsAfter, tenant, options),
    deleteProduct: (tenant, referenceProductId, at) =>
      run.transaction(async (query) => {
        const values = { ...tenantOf(tenant), referenceProductId: keyOf(referenceProductId) };
        const product = recordOf<Product>((await query(s.lockLiveProduct, values)).rows);
        if (product === undefined) return undefined;
        const deleted: Product = { ...product, deletedAt: at };
        await query(s.deleteLiveProduct, { ...values, deletedAt: at, body: JSON.stringify(deleted) });
        return deleted;
      }),

    async insertCustomer(tenant, customer) {
      await run.write(s.insertCustomer, customerRow(tenant, customer), (index) =>
        index === 'customers_reference_unique' ? duplicateCustomer(customer) : idTaken('customer', customer.id),
      );
    },
    getCustomer: (tenant, idOrReference) => findCustomer(reading, tenant, idOrReference, false),
    listCustomers: (tenant, options) => pageOf<Customer>(s.listCustomers, s.listCustomersAfter, tenant, options),
    deleteCustomer: (tenant, idOrReference, at) =>
      run.transaction(async (query) => {
        const customer = await findCustomer(query, tenant, idOrReference, true);
        if (customer === undefined) return undefined;
        const deleted: Customer = { ...customer, deletedAt: at };
        await query(s.replaceCustomer, customerRow(tenant, deleted));
        return deleted;
      }),

    async insertMerchant(tenant, merchant) {
      await run.write(s.insertMerchant, merchantRow(tenant, merchant), (index) =>
        index === 'merchants_reference_unique' ? duplicateMerchant(merchant) : idTaken('merchant', merchant.id),
      );
    },
    getMerchant: (tenant, idOrReference) => findMerchant(reading, tenant, idOrReference, false),
    listMerchants: (tenant, options) => pageOf<Merchant>(s.listMerchants, s.listMerchantsAfter, tenant, options),
    updateMerchant: (tenant, idOrReference, update) =>
      run.transaction(async (query) => {
        const current = await findMerchant(query, tenant, idOrReference, true);
        if (current === undefined) throw merchantNotFound(idOrReference);
        const next = callPlanner(() => update(current));
        if (next.id !== current.id) throw merchantIdChanged(current.id);
        const row = merchantRow(tenant, next);
        try {
          await query(s.replaceMerchant, row);
        } catch (error) {
          if (uniqueViolation(error) === undefined) throw error;
          throw duplicateMerchant(next);
        }
        return JSON.parse(row.body as string) as Merchant;
      }),
    deleteMerchant: (tenant, idOrReference, at) =>
      run.transaction(async (query) => {
        const merchant = await findMerchant(query, tenant, idOrReference, true);
        if (merchant === undefined) return undefined;
        const deleted: Merchant = { ...merchant, deletedAt: at };
        await query(s.replaceMerchant, merchantRow(tenant, deleted));
        return deleted;
      }),
  };
}

/** 1..100 as the port says; NaN counts as the smallest page rather than an error. */
function clampLimit(limit: number): number {
  const whole = Math.trunc(limit);
  if (!(whole >= 1)) return 1;
  return Math.min(whole, 100);
}
