/**
 * The PostgreSQL schema of taxkit's store, the source drizzle-kit generates `migrations/` from.
 *
 * It mirrors the SQLite schema: every table holds whole records as JSON text in `body`, which
 * is what the adapter reads back, beside the columns that something queries (tenant, ids, the
 * keys of lookups, uniqueness and ordering, timestamps, `deleted_at`, and `*_minor` totals a
 * report can `SUM()`).
 *
 * Ids and reference ids are `bytea` holding the UTF-8 bytes of the text: the port orders lists
 * by UTF-8 bytes whatever the database's collation, and allows any text as an id, NUL
 * included, which a PostgreSQL `text` value cannot hold. `body` is `text`, not `jsonb`: jsonb
 * refuses `\u0000` in strings and reorders keys, and the record must come back exactly.
 *
 * Uniqueness among live records is a partial unique index (`WHERE deleted_at IS NULL`), so a
 * deleted record keeps its row for audit and frees its reference id. These indexes are what
 * keep two instances from recording the same reference at the same moment.
 *
 * @module
 */
import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Mode, Refund, Transaction } from '../../src/core/types.ts';

/**
 * A key column: text kept as its UTF-8 bytes. The adapter binds `Buffer`s (see `keyOf` in
 * `record-rows.ts`); a string is encoded here too, for queries built another way.
 */
export const key = customType<{ data: string | Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => (typeof value === 'string' ? Buffer.from(value, 'utf8') : value),
});

/** Bytes, bound and read as a `Buffer`. */
const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A whole number of minor units or of Unix seconds; sums of safe amounts can pass 2^53. */
function int8(name: string) {
  return bigint(name, { mode: 'bigint' });
}

/** Fresh builders for the columns every table starts with: who owns the row. */
function tenantColumns() {
  return {
    accountId: text('account_id').notNull(),
    mode: text('mode').$type<Mode>().notNull(),
  };
}

/** Keeps a mode other than test/live out even when a row is written by hand. */
const MODE_CHECK = sql`mode IN ('test', 'live')`;
const LIVE = sql`deleted_at IS NULL`;

/** Calculations: looked up by id; usable until expiry, deleted by housekeeping a week after. */
export const calculations = pgTable(
  'calculations',
  {
    ...tenantColumns(),
    id: key('id').notNull(),
    kind: text('kind').$type<'standard' | 'platform'>().notNull(),
    currency: text('currency').notNull(),
    totalExcludingTaxMinor: int8('total_excluding_tax_minor').notNull(),
    totalTaxMinor: int8('total_tax_minor').notNull(),
    totalIncludingTaxMinor: int8('total_including_tax_minor').notNull(),
    createdAt: int8('created_at').notNull(),
    expiresAt: int8('expires_at').notNull(),
    deletedAt: int8('deleted_at'),
    /**
     * The keyed JSON earlier versions wrote. NULL in every row once the store has opened: the
     * one-time rewrite (`migrate-calculation-records.ts`) turns each into `record` and
     * `templates`, which are all the store reads.
     */
    body: text('body'),
    /**
     * The calculation as a record of the codec every store uses (`adapters/shared/calculation-codec.ts`),
     * without the jurisdictions' fixed parts, which are `templates`.
     */
    record: bytes('record'),
    /** The record's templates: the fixed parts of the jurisdictions it taxes, as JSON text. */
    templates: text('templates'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode, t.id] }),
    check('calculations_mode_check', MODE_CHECK),
    // The engine's housekeeping deletes calculations long past expiry, across tenants.
    index('calculations_expires_at').on(t.expiresAt),
  ],
);

/**
 * Transactions. `reference_order_id` is unique per type among live ones (a platform sale has an
 * order and a fee under one reference). A calculation is recorded at most once per type, deleted
 * or not: the order and the fee of one platform calculation share its id.
 */
export const transactions = pgTable(
  'transactions',
  {
    ...tenantColumns(),
    id: key('id').notNull(),
    calculationId: key('calculation_id').notNull(),
    referenceOrderId: key('reference_order_id').notNull(),
    type: text('type').$type<Transaction['type']>().notNull(),
    merchantId: key('merchant_id'),
    currency: text('currency').notNull(),
    filingCurrency: text('filing_currency').notNull(),
    amountExcludingTaxMinor: int8('amount_excluding_tax_minor').notNull(),
    taxMinor: int8('tax_minor').notNull(),
    amountIncludingTaxMinor: int8('amount_including_tax_minor').notNull(),
    processedAt: int8('processed_at').notNull(),
    createdAt: int8('created_at').notNull(),
    deletedAt: int8('deleted_at'),
    body: text('body').notNull(),
    /**
     * The running refund balance (JSON `LineBalance[]`) after every refund so far, updated with
     * each refund and reversal under the transaction's row lock, so a refund never re-reads the
     * earlier ones. NULL until the first refund: then it is the transaction's opening balance
     * (worked out from the refunds, should a row with refunds ever lack it).
     */
    remaining: text('remaining'),
    /** The stored customer the sale was made for (`Transaction.customerId`), for lists by customer. */
    customerId: key('customer_id'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode, t.id] }),
    /** Ledger reads by period (lists, reports, nexus): a tenant's sales in time order. */
    index('transactions_processed_at').on(t.accountId, t.mode, t.processedAt, t.id),
    uniqueIndex('transactions_reference_order_unique').on(t.accountId, t.mode, t.referenceOrderId, t.type).where(LIVE),
    uniqueIndex('transactions_calculation_unique').on(t.accountId, t.mode, t.calculationId, t.type),
    check('transactions_mode_check', MODE_CHECK),
  ],
);

/**
 * Refunds. `seq` records creation order, which `listRefunds` returns. Refunds of one
 * transaction are written while its row is locked, so their `seq` order is their commit order.
 */
export const refunds = pgTable(
  'refunds',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    id: key('id').notNull(),
    transactionId: key('transaction_id').notNull(),
    type: text('type').$type<Refund['type']>().notNull(),
    amountExcludingTaxMinor: int8('amount_excluding_tax_minor').notNull(),
    taxMinor: int8('tax_minor').notNull(),
    amountIncludingTaxMinor: int8('amount_including_tax_minor').notNull(),
    processedAt: int8('processed_at').notNull(),
    createdAt: int8('created_at').notNull(),
    reversedAt: int8('reversed_at'),
    reversalId: key('reversal_id'),
    deletedAt: int8('deleted_at'),
    body: text('body').notNull(),
  },
  (t) => [
    uniqueIndex('refunds_id_unique').on(t.accountId, t.mode, t.id),
    index('refunds_transaction_index').on(t.accountId, t.mode, t.transactionId, t.seq),
    /** Ledger reads by period: refunds when they were made, and when they were reversed. */
    index('refunds_processed_at').on(t.accountId, t.mode, t.processedAt, t.id),
    index('refunds_reversed_at').on(t.accountId, t.mode, t.reversedAt, t.id),
    check('refunds_mode_check', MODE_CHECK),
  ],
);

/** Refund reversals: the audit record of each reversal; the refund itself is marked too. */
export const refundReversals = pgTable(
  'refund_reversals',
  {
    ...tenantColumns(),
    id: key('id').notNull(),
    refundId: key('refund_id').notNull(),
    transactionId: key('transaction_id').notNull(),
    createdAt: int8('created_at').notNull(),
    deletedAt: int8('deleted_at'),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode, t.id] }),
    index('refund_reversals_refund_index').on(t.accountId, t.mode, t.refundId),
    check('refund_reversals_mode_check', MODE_CHECK),
  ],
);

/**
 * Products. Their only key is the caller's reference id, which a deleted product gives up, so
 * rows get a surrogate `seq` key and the reference id is unique among live rows only.
 */
export const products = pgTable(
  'products',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    referenceProductId: key('reference_product_id').notNull(),
    category: text('category').notNull(),
    createdAt: int8('created_at').notNull(),
    updatedAt: int8('updated_at').notNull(),
    deletedAt: int8('deleted_at'),
    body: text('body').notNull(),
  },
  (t) => [
    // Also the index listProducts walks: live rows in reference-id order.
    uniqueIndex('products_reference_unique').on(t.accountId, t.mode, t.referenceProductId).where(LIVE),
    check('products_mode_check', MODE_CHECK),
  ],
);

/** Customers: an empty reference id means "none given" and never clashes. */
export const customers = pgTable(
  'customers',
  {
    ...tenantColumns(),
    id: key('id').notNull(),
    referenceCustomerId: key('reference_customer_id').notNull(),
    createdAt: int8('created_at').notNull(),
    deletedAt: int8('deleted_at'),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode, t.id] }),
    uniqueIndex('customers_reference_unique')
      .on(t.accountId, t.mode, t.referenceCustomerId)
      .where(sql`deleted_at IS NULL AND reference_customer_id <> ''::bytea`),
    check('customers_mode_check', MODE_CHECK),
  ],
);

/** Merchants: found by id or by the caller's reference id, unique among live ones. */
export const merchants = pgTable(
  'merchants',
  {
    ...tenantColumns(),
    id: key('id').notNull(),
    referenceMerchantId: key('reference_merchant_id').notNull(),
    createdAt: int8('created_at').notNull(),
    updatedAt: int8('updated_at').notNull(),
    deletedAt: int8('deleted_at'),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode, t.id] }),
    uniqueIndex('merchants_reference_unique').on(t.accountId, t.mode, t.referenceMerchantId).where(LIVE),
    check('merchants_mode_check', MODE_CHECK),
  ],
);

/**
 * Exemption certificates: never deleted (a revoked one keeps its row, `revokedAt` in the body).
 * Read by id, and by customer for every calculation that names one.
 */
export const certificates = pgTable(
  'certificates',
  {
    ...tenantColumns(),
    id: key('id').notNull(),
    customerId: key('customer_id').notNull(),
    createdAt: int8('created_at').notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode, t.id] }),
    index('certificates_customer_index').on(t.accountId, t.mode, t.customerId, t.id),
    check('certificates_mode_check', MODE_CHECK),
  ],
);

/** Certificate requests: never deleted (a canceled one keeps its row, its status in the body). */
export const certificateRequests = pgTable(
  'certificate_requests',
  {
    ...tenantColumns(),
    id: key('id').notNull(),
    customerId: key('customer_id').notNull(),
    createdAt: int8('created_at').notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode, t.id] }),
    index('certificate_requests_customer_index').on(t.accountId, t.mode, t.customerId, t.id),
    check('certificate_requests_mode_check', MODE_CHECK),
  ],
);

/**
 * Housekeeping runs shared by every instance on the database: when each job last ran and up to
 * when, so an instance that gets the job's lock just after another finished it skips the run.
 * One-time jobs (the rewrite of calculation rows) leave a row here once done.
 */
export const housekeeping = pgTable('housekeeping', {
  job: text('job').primaryKey(),
  /** The job's own watermark; for the calculation sweep, the `before` of its last run. */
  watermark: int8('watermark').notNull(),
  ranAt: bigint('ran_at', { mode: 'number' }).notNull(),
});

/**
 * Rate tables (`taxkit rates import`), shared by every account and every instance: one row per
 * distinct table content (`id` is its content hash), the whole record as JSON in `body`. An
 * imported table is active: `active_seq` orders the active ones (later overrides earlier) and
 * `active_revision` is the rate revision its import produced, which every instance polls to
 * notice a newer import. A base table saved only for a snapshot has both null; a removed one
 * (`taxkit rates remove`) has `active_seq` null and `active_revision` the revision of its
 * removal, so the revision never goes down. Rows are never deleted: snapshots name them.
 */
export const rateTables = pgTable(
  'rate_tables',
  {
    id: text('id').primaryKey(),
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    name: text('name').notNull(),
    effectiveDate: text('effective_date').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
    importedAt: bigint('imported_at', { mode: 'number' }).notNull(),
    activeSeq: bigint('active_seq', { mode: 'number' }),
    activeRevision: bigint('active_revision', { mode: 'number' }),
    body: text('body').notNull(),
  },
  (t) => [
    uniqueIndex('rate_tables_active_seq_unique').on(t.activeSeq),
    // rateRevision() is MAX(active_revision): one index probe, so instances may ask often.
    index('rate_tables_active_revision').on(t.activeRevision),
  ],
);

/** Rate snapshots: which tables (content ids, in compile order, as a JSON array) each is made of. */
export const rateSnapshots = pgTable('rate_snapshots', {
  id: text('id').primaryKey(),
  tableIds: text('table_ids').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/**
 * Registrations (where an account collects, and from when). An account has few, so the store
 * reads all of a tenant's live ones at once, by the primary key's prefix; writes take a
 * transaction-scoped advisory lock on the tenant, so the overlap check sees every other writer's rows.
 */
export const registrations = pgTable(
  'registrations',
  {
    ...tenantColumns(),
    id: key('id').notNull(),
    createdAt: int8('created_at').notNull(),
    deletedAt: int8('deleted_at'),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.mode, t.id] }), check('registrations_mode_check', MODE_CHECK)],
);

/**
 * Reference exchange rates (`taxkit fx import`), shared by every account: one row per source,
 * currency pair and first day, as published (`rate` the exact decimal text). Reads look up the
 * nearest `valid_from` of a pair, which the primary key orders (the values are ASCII, so every
 * collation orders them alike). Rows are never changed: a sale may have been converted with one,
 * and an import that disagrees is refused.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    source: text('source').notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    validFrom: text('valid_from').notNull(),
    validTo: text('valid_to').notNull(),
    rate: text('rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.base, t.quote, t.validFrom] })],
);
