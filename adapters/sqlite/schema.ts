/**
 * The SQLite schema of taxkit's store, the source drizzle-kit generates `migrations/` from.
 *
 * Every table holds whole records as JSON in `body`, which is what the adapter reads back: the
 * record types are nested (lines, jurisdictions, metadata) and change more often than their
 * lookup keys. Beside it sit only the columns that something queries: the tenant
 * (`account_id`, `mode`), the record id, the keys of lookups, uniqueness and ordering,
 * timestamps, `deleted_at` for soft deletes, and integer `*_minor` totals a report can `SUM()`
 * without parsing JSON.
 *
 * Uniqueness among live records is a partial unique index (`WHERE deleted_at IS NULL`), so a
 * deleted record keeps its row for audit and frees its reference id.
 *
 * @module
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Mode, Refund, Transaction } from '../../src/core/types.ts';

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
export const calculations = sqliteTable(
  'calculations',
  {
    ...tenantColumns(),
    id: text('id').notNull(),
    kind: text('kind').$type<'standard' | 'platform'>().notNull(),
    currency: text('currency').notNull(),
    totalExcludingTaxMinor: integer('total_excluding_tax_minor').notNull(),
    totalTaxMinor: integer('total_tax_minor').notNull(),
    totalIncludingTaxMinor: integer('total_including_tax_minor').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    deletedAt: integer('deleted_at'),
    /**
     * The calculation's record of bytes as a BLOB (`adapters/shared/calculation-codec.ts`;
     * SQLite keeps a BLOB as it is in a TEXT column), without the jurisdictions' fixed parts:
     * those are the `calculation_templates` row `templates_id` names. Rows earlier versions wrote
     * as text (compact or keyed JSON) are rewritten so once (`migrate-calculation-bodies.ts`).
     */
    body: text('body').notNull(),
    /**
     * The `calculation_templates` row holding this calculation's templates text: set in every
     * row once the file is migrated (NULL only in rows of versions before the templates table,
     * until then). A column rather than a field inside the body, so one statement reads a row
     * with its templates by a join.
     */
    templatesId: integer('templates_id'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode, t.id] }),
    check('calculations_mode_check', MODE_CHECK),
    // The engine's housekeeping deletes calculations long past expiry, across tenants.
    index('calculations_expires_at').on(t.expiresAt),
  ],
);

/**
 * Each distinct templates text of calculations (the fixed parts of the jurisdictions they tax:
 * id, name, rate type, authority, rate, fee, note) once, so the calculation rows that share it
 * are about 300 bytes smaller. Most calculations tax the same few places, so the table holds one
 * row per distinct set of jurisdictions and rates, shared by every account (it holds rate facts,
 * nothing of a tenant's).
 *
 * `id` is derived from the text (48 bits of its SHA-256), so processes sharing the file agree on
 * it without coordination; a text whose id is already held by a different text goes under the
 * next free id (`prepare-templates-write.ts`). Rows are never deleted (see `create-quote-writer.ts`).
 */
export const calculationTemplates = sqliteTable('calculation_templates', {
  id: integer('id').primaryKey(),
  body: text('body').notNull(),
});

/**
 * Transactions. `reference_order_id` is unique per type among live ones (a platform sale has an
 * order and a fee under one reference). A calculation is recorded at most once per type, deleted
 * or not: the order and the fee of one platform calculation share its id.
 */
export const transactions = sqliteTable(
  'transactions',
  {
    ...tenantColumns(),
    id: text('id').notNull(),
    calculationId: text('calculation_id').notNull(),
    referenceOrderId: text('reference_order_id').notNull(),
    type: text('type').$type<Transaction['type']>().notNull(),
    merchantId: text('merchant_id'),
    currency: text('currency').notNull(),
    filingCurrency: text('filing_currency').notNull(),
    amountExcludingTaxMinor: integer('amount_excluding_tax_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    amountIncludingTaxMinor: integer('amount_including_tax_minor').notNull(),
    processedAt: integer('processed_at').notNull(),
    createdAt: integer('created_at').notNull(),
    deletedAt: integer('deleted_at'),
    body: text('body').notNull(),
    /**
     * The running refund balance (JSON `LineBalance[]`) after every refund so far, updated with
     * each refund and reversal, so a refund never re-reads the earlier ones. NULL until the
     * first refund, and on rows written before the column existed: then it is computed once
     * from the refunds.
     */
    remaining: text('remaining'),
    /** The stored customer the sale was made for (`Transaction.customerId`), for lists by customer. */
    customerId: text('customer_id'),
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
 * Refunds. `seq` records creation order, which `listRefunds` returns (ids and timestamps can
 * tie or sort otherwise); AUTOINCREMENT so a number is never handed out twice.
 */
export const refunds = sqliteTable(
  'refunds',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    ...tenantColumns(),
    id: text('id').notNull(),
    transactionId: text('transaction_id').notNull(),
    type: text('type').$type<Refund['type']>().notNull(),
    amountExcludingTaxMinor: integer('amount_excluding_tax_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    amountIncludingTaxMinor: integer('amount_including_tax_minor').notNull(),
    processedAt: integer('processed_at').notNull(),
    createdAt: integer('created_at').notNull(),
    reversedAt: integer('reversed_at'),
    reversalId: text('reversal_id'),
    deletedAt: integer('deleted_at'),
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
export const refundReversals = sqliteTable(
  'refund_reversals',
  {
    ...tenantColumns(),
    id: text('id').notNull(),
    refundId: text('refund_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    createdAt: integer('created_at').notNull(),
    deletedAt: integer('deleted_at'),
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
export const products = sqliteTable(
  'products',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    ...tenantColumns(),
    referenceProductId: text('reference_product_id').notNull(),
    category: text('category').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    deletedAt: integer('deleted_at'),
    body: text('body').notNull(),
  },
  (t) => [
    // Also the index listProducts walks: live rows in reference-id order.
    uniqueIndex('products_reference_unique').on(t.accountId, t.mode, t.referenceProductId).where(LIVE),
    check('products_mode_check', MODE_CHECK),
  ],
);

/** Customers: an empty reference id means "none given" and never clashes. */
export const customers = sqliteTable(
  'customers',
  {
    ...tenantColumns(),
    id: text('id').notNull(),
    referenceCustomerId: text('reference_customer_id').notNull(),
    createdAt: integer('created_at').notNull(),
    deletedAt: integer('deleted_at'),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode, t.id] }),
    uniqueIndex('customers_reference_unique')
      .on(t.accountId, t.mode, t.referenceCustomerId)
      .where(sql`deleted_at IS NULL AND reference_customer_id <> ''`),
    check('customers_mode_check', MODE_CHECK),
  ],
);

/** Merchants: found by id or by the caller's reference id, unique among live ones. */
export const merchants = sqliteTable(
  'merchants',
  {
    ...tenantColumns(),
    id: text('id').notNull(),
    referenceMerchantId: text('reference_merchant_id').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    deletedAt: integer('deleted_at'),
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
export const certificates = sqliteTable(
  'certificates',
  {
    ...tenantColumns(),
    id: text('id').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: integer('created_at').notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode, t.id] }),
    index('certificates_customer_index').on(t.accountId, t.mode, t.customerId, t.id),
    check('certificates_mode_check', MODE_CHECK),
  ],
);

/** Certificate requests: never deleted (a canceled one keeps its row, its status in the body). */
export const certificateRequests = sqliteTable(
  'certificate_requests',
  {
    ...tenantColumns(),
    id: text('id').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: integer('created_at').notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode, t.id] }),
    index('certificate_requests_customer_index').on(t.accountId, t.mode, t.customerId, t.id),
    check('certificate_requests_mode_check', MODE_CHECK),
  ],
);

/**
 * Rate tables (`taxkit rates import`), shared by every account: one row per distinct table
 * content (`id` is its content hash), the whole record as JSON in `body`. An imported table is
 * active: `active_seq` orders the active ones (later overrides earlier) and `active_revision`
 * is the rate revision its import produced. A base table saved only for a snapshot has both
 * null; a removed one (`taxkit rates remove`) has `active_seq` null and `active_revision` the
 * revision of its removal, so the revision, MAX(active_revision), never goes down. Rows are
 * never deleted: snapshots name them.
 */
export const rateTables = sqliteTable(
  'rate_tables',
  {
    id: text('id').primaryKey(),
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    name: text('name').notNull(),
    effectiveDate: text('effective_date').notNull(),
    rowCount: integer('row_count').notNull(),
    importedAt: integer('imported_at').notNull(),
    activeSeq: integer('active_seq'),
    activeRevision: integer('active_revision'),
    body: text('body').notNull(),
  },
  (t) => [
    uniqueIndex('rate_tables_active_seq_unique').on(t.activeSeq),
    // rateRevision() is MAX(active_revision): one index probe, so engines may ask often.
    index('rate_tables_active_revision').on(t.activeRevision),
  ],
);

/** Rate snapshots: which tables (content ids, in compile order, as a JSON array) each is made of. */
export const rateSnapshots = sqliteTable('rate_snapshots', {
  id: text('id').primaryKey(),
  tableIds: text('table_ids').notNull(),
  createdAt: integer('created_at').notNull(),
});

/**
 * Registrations (where an account collects, and from when). An account has few, so the store
 * reads all of a tenant's live ones at once, by the primary key's prefix; the overlap check
 * runs on them inside the write transaction.
 */
export const registrations = sqliteTable(
  'registrations',
  {
    ...tenantColumns(),
    id: text('id').notNull(),
    createdAt: integer('created_at').notNull(),
    deletedAt: integer('deleted_at'),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.mode, t.id] }), check('registrations_mode_check', MODE_CHECK)],
);

/**
 * Reference exchange rates (`taxkit fx import`), shared by every account: one row per source,
 * currency pair and first day, as published (`rate` the exact decimal text). Reads look up the
 * nearest `valid_from` of a pair, which the primary key orders. Rows are never changed: a sale
 * may have been converted with one, and an import that disagrees is refused.
 */
export const exchangeRates = sqliteTable(
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
