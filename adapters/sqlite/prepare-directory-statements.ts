import type Database from 'better-sqlite3';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { customers, merchants, products } from './schema.ts';
import { bound, prepareInsert, tenantIs } from './statement-parts.ts';

const p = sql.placeholder;

/**
 * The statements over products, customers and merchants, prepared once per store. Each list
 * has two forms, from the start and after a cursor, rather than one with `(:after IS NULL OR
 * id > :after)`, which SQLite cannot answer from the index.
 */
export function prepareDirectoryStatements(db: BetterSQLite3Database, client: Database.Database) {
  const liveProduct = and(tenantIs(products), isNull(products.deletedAt));
  const liveCustomer = and(tenantIs(customers), isNull(customers.deletedAt));
  const liveMerchant = and(tenantIs(merchants), isNull(merchants.deletedAt));
  const productPage = (after: boolean) =>
    db
      .select({ body: products.body })
      .from(products)
      .where(and(liveProduct, after ? gt(products.referenceProductId, p('after')) : undefined))
      .orderBy(asc(products.referenceProductId))
      .limit(p('limit'))
      .prepare();
  const customerPage = (after: boolean) =>
    db
      .select({ body: customers.body })
      .from(customers)
      .where(and(liveCustomer, after ? gt(customers.id, p('after')) : undefined))
      .orderBy(asc(customers.id))
      .limit(p('limit'))
      .prepare();
  const merchantPage = (after: boolean) =>
    db
      .select({ body: merchants.body })
      .from(merchants)
      .where(and(liveMerchant, after ? gt(merchants.id, p('after')) : undefined))
      .orderBy(asc(merchants.id))
      .limit(p('limit'))
      .prepare();

  return {
    insertProduct: prepareInsert(client, products),
    getLiveProduct: db
      .select({ body: products.body })
      .from(products)
      .where(and(liveProduct, eq(products.referenceProductId, p('referenceProductId'))))
      .prepare(),
    listProducts: productPage(false),
    listProductsAfter: productPage(true),
    deleteLiveProduct: db
      .update(products)
      .set({ deletedAt: bound('deletedAt'), body: bound('body') })
      .where(and(liveProduct, eq(products.referenceProductId, p('referenceProductId'))))
      .prepare(),

    insertCustomer: prepareInsert(client, customers),
    getLiveCustomer: db
      .select({ body: customers.body })
      .from(customers)
      .where(and(liveCustomer, eq(customers.id, p('id'))))
      .prepare(),
    // `<> ''` repeats the partial index's condition, so SQLite can use the index, and keeps
    // an empty reference ("none given") from finding anything.
    getLiveCustomerByReference: db
      .select({ body: customers.body })
      .from(customers)
      .where(
        and(
          liveCustomer,
          eq(customers.referenceCustomerId, p('reference')),
          ne(customers.referenceCustomerId, sql`''`),
        ),
      )
      .prepare(),
    listCustomers: customerPage(false),
    listCustomersAfter: customerPage(true),
    replaceCustomer: db
      .update(customers)
      .set({ referenceCustomerId: bound('referenceCustomerId'), deletedAt: bound('deletedAt'), body: bound('body') })
      .where(and(tenantIs(customers), eq(customers.id, p('id'))))
      .prepare(),

    insertMerchant: prepareInsert(client, merchants),
    getLiveMerchant: db
      .select({ body: merchants.body })
      .from(merchants)
      .where(and(liveMerchant, eq(merchants.id, p('id'))))
      .prepare(),
    getLiveMerchantByReference: db
      .select({ body: merchants.body })
      .from(merchants)
      .where(and(liveMerchant, eq(merchants.referenceMerchantId, p('reference'))))
      .prepare(),
    listMerchants: merchantPage(false),
    listMerchantsAfter: merchantPage(true),
    replaceMerchant: db
      .update(merchants)
      .set({
        referenceMerchantId: bound('referenceMerchantId'),
        createdAt: bound('createdAt'),
        updatedAt: bound('updatedAt'),
        deletedAt: bound('deletedAt'),
        body: bound('body'),
      })
      .where(and(tenantIs(merchants), eq(merchants.id, p('id'))))
      .prepare(),
  };
}

/** What {@link prepareDirectoryStatements} returns. */
export type DirectoryStatements = ReturnType<typeof prepareDirectoryStatements>;
