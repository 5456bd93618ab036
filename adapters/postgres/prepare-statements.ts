import { and, asc, eq, gt, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import {
  certificateRequests,
  certificates,
  calculations,
  customers,
  housekeeping,
  merchants,
  products,
  refundReversals,
  refunds,
  registrations,
  transactions,
} from './schema.ts';
import { bound, compile, insertAll, insertManyUnless, insertUnless, tenantIs } from './statement-parts.ts';

const p = sql.placeholder;

/** The tables whose rows carry the whole record as `body`. */
type BodyTable = typeof transactions | typeof refunds | typeof products | typeof customers | typeof merchants;

/**
 * Every statement of the PostgreSQL store, built once by drizzle (which needs no connection for
 * that) and run by name on each connection. Reads select only `body`, the whole record as JSON.
 * `lock*` statements take the row lock (`FOR UPDATE`) that serialises refunds and reversals of
 * one transaction across every instance on the database.
 */
export function prepareStatements() {
  const db = drizzle.mock();
  const liveProduct = and(tenantIs(products), isNull(products.deletedAt));
  const liveCustomer = and(tenantIs(customers), isNull(customers.deletedAt));
  const liveMerchant = and(tenantIs(merchants), isNull(merchants.deletedAt));
  const liveTransaction = and(tenantIs(transactions), eq(transactions.id, p('id')), isNull(transactions.deletedAt));
  const anyTransaction = and(tenantIs(transactions), eq(transactions.id, p('id')));
  const refundById = and(tenantIs(refunds), eq(refunds.id, p('id')));
  const productByReference = and(liveProduct, eq(products.referenceProductId, p('referenceProductId')));
  const customerById = and(liveCustomer, eq(customers.id, p('id')));
  // `<> ''` repeats the partial index's condition, so the planner can use the index, and
  // keeps an empty reference ("none given") from finding anything.
  const customerByReference = and(
    liveCustomer,
    eq(customers.referenceCustomerId, p('reference')),
    ne(customers.referenceCustomerId, sql`''::bytea`),
  );
  const merchantById = and(liveMerchant, eq(merchants.id, p('id')));
  const merchantByReference = and(liveMerchant, eq(merchants.referenceMerchantId, p('reference')));
  /**
   * The record (`body`) of the row `condition` finds: a fresh builder on every call, because
   * `.for('update')` changes the builder it is called on and each get has a locking twin.
   */
  const selectBody = (table: BodyTable, condition: SQL | undefined) =>
    db.select({ body: table.body }).from(table).where(condition);
  const page = <K extends 'products' | 'customers' | 'merchants'>(name: K, after: boolean) => {
    const [table, live, id] =
      name === 'products'
        ? ([products, liveProduct, products.referenceProductId] as const)
        : name === 'customers'
          ? ([customers, liveCustomer, customers.id] as const)
          : ([merchants, liveMerchant, merchants.id] as const);
    return compile(
      `list_${name}${after ? '_after' : ''}`,
      db
        .select({ body: table.body })
        .from(table)
        .where(and(live, after ? gt(id, p('after')) : undefined))
        .orderBy(asc(id))
        .limit(p('limit')),
    );
  };

  return {
    insertCalculation: compile('insert_calculation', insertAll(db, calculations)),
    getCalculation: compile(
      'get_calculation',
      db
        .select({ record: calculations.record, templates: calculations.templates })
        .from(calculations)
        .where(and(tenantIs(calculations), eq(calculations.id, p('id')))),
    ),
    /**
     * Housekeeping, across tenants, a bounded batch at a time so no statement holds many row
     * locks for long; served by the calculations_expires_at index.
     */
    deleteExpiredBatch: compile(
      'delete_expired_batch',
      db.delete(calculations).where(
        sql`ctid = ANY(ARRAY(${db
          .select({ ctid: sql`ctid` })
          .from(calculations)
          .where(lt(calculations.expiresAt, p('before')))
          .limit(p('batch'))}))`,
      ),
    ),
    getSweepWatermark: compile(
      'get_sweep_watermark',
      db
        .select({ watermark: housekeeping.watermark })
        .from(housekeeping)
        .where(eq(housekeeping.job, p('job'))),
    ),
    setSweepWatermark: compile(
      'set_sweep_watermark',
      db
        .insert(housekeeping)
        .values({ job: bound('job'), watermark: bound('watermark'), ranAt: bound('ranAt') })
        .onConflictDoUpdate({
          target: housekeeping.job,
          set: { watermark: sql`excluded.watermark`, ranAt: sql`excluded.ran_at` },
        }),
    ),

    insertTransaction: compile('insert_transaction', insertAll(db, transactions)),
    /** One sale on its own: inserted unless its calculation was already recorded (as any type). */
    insertUnrecordedTransaction: insertUnless(
      'insert_unrecorded_transaction',
      transactions,
      transactions.calculationId,
    ),
    /** Sales of separate calls committed together (group commit); see `createSaleGroups`. */
    insertUnrecordedTransactions: insertManyUnless(
      'insert_unrecorded_transactions',
      transactions,
      transactions.calculationId,
    ),
    getLiveTransaction: compile('get_live_transaction', selectBody(transactions, liveTransaction)),
    lockLiveTransaction: compile('lock_live_transaction', selectBody(transactions, liveTransaction).for('update')),
    /** The same, with the running refund balance a refund is planned against. */
    lockLiveTransactionBalance: compile(
      'lock_live_transaction_balance',
      db
        .select({ body: transactions.body, remaining: transactions.remaining })
        .from(transactions)
        .where(liveTransaction)
        .for('update'),
    ),
    /** The balance of a transaction the caller has locked already (a reversal's). */
    getTransactionBalance: compile(
      'get_transaction_balance',
      db.select({ remaining: transactions.remaining }).from(transactions).where(anyTransaction),
    ),
    setRemaining: compile(
      'set_remaining',
      db
        .update(transactions)
        .set({ remaining: bound('remaining') })
        .where(anyTransaction),
    ),
    /** Deleted ones too: a reversal planner still gets the transaction a refund belongs to. */
    lockAnyTransaction: compile('lock_any_transaction', selectBody(transactions, anyTransaction).for('update')),
    findByCalculation: compile(
      'find_by_calculation',
      db
        .select({ type: transactions.type })
        .from(transactions)
        .where(and(tenantIs(transactions), eq(transactions.calculationId, p('calculationId'))))
        .limit(1),
    ),
    deleteTransaction: compile(
      'delete_transaction',
      db
        .update(transactions)
        .set({ deletedAt: bound('deletedAt'), body: bound('body') })
        .where(liveTransaction),
    ),

    insertRefund: compile('insert_refund', insertAll(db, refunds)),
    getRefund: compile('get_refund', selectBody(refunds, refundById)),
    lockRefund: compile('lock_refund', selectBody(refunds, refundById).for('update')),
    listRefunds: compile(
      'list_refunds',
      db
        .select({ body: refunds.body })
        .from(refunds)
        .where(and(tenantIs(refunds), eq(refunds.transactionId, p('transactionId'))))
        .orderBy(asc(refunds.seq)),
    ),
    /** One page in creation order, `limit` + 1 rows to tell whether there is more. */
    listRefundsFirst: compile(
      'list_refunds_first',
      db
        .select({ body: refunds.body })
        .from(refunds)
        .where(and(tenantIs(refunds), eq(refunds.transactionId, p('transactionId'))))
        .orderBy(asc(refunds.seq))
        .limit(p('limit')),
    ),
    /** The page after refund `after` of the same transaction; an unknown `after` gives none. */
    listRefundsAfter: compile(
      'list_refunds_after',
      db
        .select({ body: refunds.body })
        .from(refunds)
        .where(
          and(
            tenantIs(refunds),
            eq(refunds.transactionId, p('transactionId')),
            sql`${refunds.seq} > (SELECT r.seq FROM ${refunds} AS r WHERE r.account_id = ${p('accountId')} AND r.mode = ${p('mode')} AND r.transaction_id = ${p('transactionId')} AND r.id = ${p('after')})`,
          ),
        )
        .orderBy(asc(refunds.seq))
        .limit(p('limit')),
    ),
    markRefundReversed: compile(
      'mark_refund_reversed',
      db
        .update(refunds)
        .set({ reversedAt: bound('reversedAt'), reversalId: bound('reversalId'), body: bound('body') })
        .where(and(tenantIs(refunds), eq(refunds.id, p('id')))),
    ),
    insertReversal: compile('insert_reversal', insertAll(db, refundReversals)),
    /** A test-mode reset: every row of one tenant, table by table (one transaction). */
    deleteTenantRows: [
      calculations,
      transactions,
      refunds,
      refundReversals,
      products,
      customers,
      merchants,
      registrations,
      certificates,
      certificateRequests,
    ].map((table, index) => compile(`delete_tenant_rows_${index}`, db.delete(table).where(tenantIs(table)))),

    insertProduct: compile('insert_product', insertAll(db, products)),
    getLiveProduct: compile('get_live_product', selectBody(products, productByReference)),
    lockLiveProduct: compile('lock_live_product', selectBody(products, productByReference).for('update')),
    deleteLiveProduct: compile(
      'delete_live_product',
      db
        .update(products)
        .set({ deletedAt: bound('deletedAt'), body: bound('body') })
        .where(and(liveProduct, eq(products.referenceProductId, p('referenceProductId')))),
    ),
    listProducts: page('products', false),
    listProductsAfter: page('products', true),

    insertCustomer: compile('insert_customer', insertAll(db, customers)),
    getLiveCustomer: compile('get_live_customer', selectBody(customers, customerById)),
    lockLiveCustomer: compile('lock_live_customer', selectBody(customers, customerById).for('update')),
    getLiveCustomerByReference: compile('get_live_customer_by_reference', selectBody(customers, customerByReference)),
    lockLiveCustomerByReference: compile(
      'lock_live_customer_by_reference',
      selectBody(customers, customerByReference).for('update'),
    ),
    replaceCustomer: compile(
      'replace_customer',
      db
        .update(customers)
        .set({ referenceCustomerId: bound('referenceCustomerId'), deletedAt: bound('deletedAt'), body: bound('body') })
        .where(and(tenantIs(customers), eq(customers.id, p('id')))),
    ),
    listCustomers: page('customers', false),
    listCustomersAfter: page('customers', true),

    insertMerchant: compile('insert_merchant', insertAll(db, merchants)),
    getLiveMerchant: compile('get_live_merchant', selectBody(merchants, merchantById)),
    lockLiveMerchant: compile('lock_live_merchant', selectBody(merchants, merchantById).for('update')),
    getLiveMerchantByReference: compile('get_live_merchant_by_reference', selectBody(merchants, merchantByReference)),
    lockLiveMerchantByReference: compile(
      'lock_live_merchant_by_reference',
      selectBody(merchants, merchantByReference).for('update'),
    ),
    replaceMerchant: compile(
      'replace_merchant',
      db
        .update(merchants)
        .set({
          referenceMerchantId: bound('referenceMerchantId'),
          createdAt: bound('createdAt'),
          updatedAt: bound('updatedAt'),
          deletedAt: bound('deletedAt'),
          body: bound('body'),
        })
        .where(and(tenantIs(merchants), eq(merchants.id, p('id')))),
    ),
    listMerchants: page('merchants', false),
    listMerchantsAfter: page('merchants', true),
  };
}

/** What {@link prepareStatements} returns. */
export type Statements = ReturnType<typeof prepareStatements>;
