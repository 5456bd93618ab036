/**
 * The storage port. taxkit's engine keeps every record through it; `adapters/memory`,
 * `adapters/sqlite` and `adapters/postgres` implement it, and one conformance suite
 * (`test/conformance/store.suite.ts`) holds them to the same contract.
 *
 * Contract, for every method:
 * - Every call is scoped by a {@link Tenant}: a record written for one (account, mode) is
 *   invisible to every other.
 * - Absence is a value: `get*` returns `undefined`, never throws, for a missing or deleted record.
 * - Check-then-write happens inside one method, atomically (SQLite: one IMMEDIATE transaction;
 *   memory: no `await` between check and write). A failed call throws a `TaxError` and writes
 *   nothing.
 * - Returned objects are copies: mutating one never changes the store.
 * - Lists are ordered by id (byte order), and `after` is an exclusive cursor on that id.
 * - `close()` may be called more than once.
 * - Every method returns a promise, but for the one documented fast path of `insertCalculation`.
 *
 * @module
 */
import type {
  ActiveRateTables,
  RateImportOptions,
  RateImportOutcome,
  RateRemovalOutcome,
  RateSnapshot,
  RateTableRecord,
  RateTableSummary,
} from '../core/rates/rate-table-record.ts';
import type {
  Calculation,
  CertificateRequest,
  Customer,
  ExemptionCertificate,
  Merchant,
  Page,
  Product,
  Refund,
  RefundReversal,
  Registration,
  Tenant,
  Transaction,
} from '../core/types.ts';
import type {
  ExchangeRate,
  ExchangeRateImportOutcome,
  ExchangeRateQuery,
  ExchangeRateSeries,
} from '../core/fx/exchange-rate.ts';
import type { LineBalance } from '../core/ledger/remaining-balance.ts';
import type { EncodedJson } from '../rate-import/encode-json.ts';
import type { TransactionKind } from './transaction-kind.ts';

export interface ListOptions {
  /** Exclusive cursor: return records whose id sorts after this one. */
  readonly after?: string;
  /** Page size; adapters clamp it to 1..100. */
  readonly limit: number;
}

/**
 * A read of the ledger over a period, a page at a time, for lists, reports and nexus: records
 * whose time (a transaction's `processedAt`, a refund's `processedAt`, a reversal's
 * `reversedAt`) is within `from..to` (Unix seconds, both inclusive; either may be absent), in
 * order of that time and then id, after the record whose id is `after` (the last of the
 * previous page, deleted or not; an id the store does not have gives an empty page).
 */
export interface LedgerQuery {
  readonly from?: number | undefined;
  readonly to?: number | undefined;
  readonly after?: string | undefined;
  /** Page size; adapters clamp it to 1..{@link MAX_LEDGER_PAGE}. */
  readonly limit: number;
}

/** The largest page of a ledger read: a report reads a year of sales in pages this size. */
export const MAX_LEDGER_PAGE = 1000;

/** A ledger read's page size, 1..{@link MAX_LEDGER_PAGE}; NaN counts as the smallest page. */
export function clampLedgerLimit(limit: number): number {
  const whole = Math.trunc(limit);
  return whole >= 1 ? Math.min(whole, MAX_LEDGER_PAGE) : 1;
}

/** Which transactions a {@link LedgerQuery} of transactions returns; live ones only. */
export interface TransactionQuery extends LedgerQuery {
  /** Of this kind only (see `transactionKind`); all when absent. */
  readonly kind?: TransactionKind | undefined;
  /** Made for this stored customer (its `cust_…` id). */
  readonly customerId?: string | undefined;
  readonly referenceOrderId?: string | undefined;
}

/**
 * Builds the refund to record from the transaction and what remains of it: its running
 * balance after every refund recorded so far, reversed ones given back (`remainingBalance` of
 * src/core/ledger). Pure; throws a `TaxError` (REFUND_EXCEEDS_REMAINING,
 * TRANSACTION_FULLY_REFUNDED, …) to refuse. The adapter calls it inside its write transaction,
 * so the check sees the latest balance.
 *
 * Adapters keep that balance with the transaction and update it with `applyRefund` when they
 * record a refund ('take') or a reversal ('give back'), so no call reads every earlier refund.
 */
export type RefundPlanner = (transaction: Transaction, remaining: readonly LineBalance[]) => Refund;

/**
 * Builds the reversal of `refund`. Pure; throws REFUND_ALREADY_REVERSED to refuse.
 * Called inside the adapter's write transaction.
 */
export type ReversalPlanner = (refund: Refund, transaction: Transaction) => RefundReversal;

/**
 * Builds the registration to write from the live one with the same id (`undefined` when there
 * is none) and the tenant's other live registrations. Pure; throws a `TaxError` to refuse (an
 * overlap, REGISTRATION_NOT_FOUND for an update of a missing one). The adapter calls it inside
 * its write transaction, so two writers cannot both pass an overlap check.
 */
export type RegistrationPlanner = (current: Registration | undefined, others: readonly Registration[]) => Registration;
/**
 * The most exemption certificates one customer may have, revoked ones included: a calculation
 * naming the customer reads all of them, so this bounds what one calculation can cost. A
 * seller in every US state with a renewal or two is well under it.
 */
export const MAX_CERTIFICATES_PER_CUSTOMER = 500;

/** The most certificate requests one customer may have, whatever their status. */
export const MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER = 500;

/** Which certificates or certificate requests a list returns: a page in id order, of one customer when given. */
export interface CertificateQuery extends ListOptions {
  /** The stored customer's `cust_…` id. */
  readonly customerId?: string | undefined;
}

/**
 * Builds the fulfilled form of the certificate request a new certificate names
 * (`requestId`). Pure; throws a `TaxError` (REQUEST_ALREADY_FULFILLED, …) to refuse. Called
 * inside the adapter's write transaction, so the certificate and the request change together.
 */
export type RequestFulfiller = (request: CertificateRequest) => CertificateRequest;

export interface InsertCalculationOptions {
  readonly randomId?: boolean;
}

export interface TaxStore {
  /** A short name for logs and test titles: "memory", "sqlite". */
  readonly name: string;

  /**
   * Throws STORAGE_UNAVAILABLE (`idTaken`) when `calculation.id` is already kept.
   * The calculation's top-level `note` is derived from the rate lookup (a replay builds it
   * again) and is not kept: `getCalculation` returns the rest. The engine hands over the
   * calculation it answers with rather than a copy without the note, which cost 4–6 % of a
   * calculation (measured A/B, memory and discarding stores).
   * `options.randomId`: the engine drew the id at random (`Ids.random`), so an adapter whose
   * check costs a read of its file may skip it; the id cannot be taken.
   *
   * The port's one synchronous fast path: an adapter that keeps the calculation before it
   * returns may return nothing, and then throws its errors (memory, SQLite); one that must wait
   * returns a promise, and rejects (PostgreSQL). The engine waits only on a promise. Measured
   * on this path, one process, alternating rounds, CPU time per 3-line calculation through the
   * engine: returning a resolved promise instead cost the memory store 3.9 % (8.55 → 8.91 µs)
   * and the SQLite store 2.5 % (13.73 → 13.97 µs), and a calculation is made on every checkout
   * (`bench/insert-fast-path.mjs` measures it again). Every other method returns a promise.
   */
  insertCalculation(tenant: Tenant, calculation: Calculation, options?: InsertCalculationOptions): Promise<void> | void;
  getCalculation(tenant: Tenant, id: string): Promise<Calculation | undefined>;
  /**
   * Housekeeping across every tenant: deletes the calculations whose `expiresAt` is before
   * `before` (Unix seconds), at most `limit` of them when given (which ones is the adapter's
   * choice), and returns how many went. The engine sweeps in small batches, so no one call
   * holds a write lock for long. Transactions keep their own copy of the lines, so recorded
   * sales are untouched.
   */
  deleteCalculationsExpiredBefore(before: number, limit?: number): Promise<number>;

  /**
   * Records transactions all-or-nothing (a platform sale records an order and a fee together).
   * Throws DUPLICATE_REFERENCE_ORDER_ID when a live (not deleted) transaction of the tenant has
   * the same `referenceOrderId` and `type`, and CALCULATION_ALREADY_RECORDED when a transaction
   * was already made from the same calculation id.
   */
  insertTransactions(tenant: Tenant, transactions: readonly Transaction[]): Promise<void>;
  getTransaction(tenant: Tenant, id: string): Promise<Transaction | undefined>;
  /** Soft delete; returns the deleted record, or `undefined` when there was none. */
  deleteTransaction(tenant: Tenant, id: string, at: number): Promise<Transaction | undefined>;

  /**
   * Records the refund `plan` builds. Throws TRANSACTION_NOT_FOUND when the transaction does
   * not exist (or was deleted); whatever `plan` throws propagates and nothing is written.
   */
  insertRefund(tenant: Tenant, transactionId: string, plan: RefundPlanner): Promise<Refund>;
  getRefund(tenant: Tenant, id: string): Promise<Refund | undefined>;
  /**
   * One page of a transaction's refunds, reversed ones included, in creation order (not id
   * order). `after` is the id of the last refund of the previous page; an id that is not a
   * refund of this transaction gives an empty page.
   */
  listRefunds(tenant: Tenant, transactionId: string, options: ListOptions): Promise<Page<Refund>>;
  /**
   * Records the reversal `plan` builds and marks the refund reversed (`reversedAt`,
   * `reversalId`). Throws REFUND_NOT_FOUND when there is no such refund.
   * Returns the refund as it is after the reversal.
   */
  reverseRefund(tenant: Tenant, refundId: string, plan: ReversalPlanner): Promise<Refund>;

  /** Live transactions in the query's period ({@link TransactionQuery}), by `processedAt` then id. */
  listTransactions(tenant: Tenant, query: TransactionQuery): Promise<Page<Transaction>>;
  /**
   * Refunds processed in the query's period, reversed ones included, by `processedAt` then id,
   * whatever became of their transaction (a refund stays in the ledger when the sale is deleted).
   */
  listRefundsProcessed(tenant: Tenant, query: LedgerQuery): Promise<Page<Refund>>;
  /** Refunds reversed in the query's period, by `reversedAt` then id. */
  listRefundsReversed(tenant: Tenant, query: LedgerQuery): Promise<Page<Refund>>;

  /** Throws DUPLICATE_PRODUCT when a live product has the same reference id. */
  insertProduct(tenant: Tenant, product: Product): Promise<void>;
  getProduct(tenant: Tenant, referenceProductId: string): Promise<Product | undefined>;
  listProducts(tenant: Tenant, options: ListOptions): Promise<Page<Product>>;
  deleteProduct(tenant: Tenant, referenceProductId: string, at: number): Promise<Product | undefined>;

  /** Throws DUPLICATE_CUSTOMER when a live customer has the same non-empty reference id. */
  insertCustomer(tenant: Tenant, customer: Customer): Promise<void>;
  /** Finds a live customer by taxkit id or by the caller's reference id. */
  getCustomer(tenant: Tenant, idOrReference: string): Promise<Customer | undefined>;
  listCustomers(tenant: Tenant, options: ListOptions): Promise<Page<Customer>>;
  deleteCustomer(tenant: Tenant, idOrReference: string, at: number): Promise<Customer | undefined>;

  /** Throws DUPLICATE_MERCHANT when a live merchant has the same reference id. */
  insertMerchant(tenant: Tenant, merchant: Merchant): Promise<void>;
  /** Finds a live merchant by taxkit id or by the caller's reference id. */
  getMerchant(tenant: Tenant, idOrReference: string): Promise<Merchant | undefined>;
  listMerchants(tenant: Tenant, options: ListOptions): Promise<Page<Merchant>>;
  /**
   * Replaces a live merchant with `update(current)`, atomically. Throws MERCHANT_NOT_FOUND when
   * there is none; whatever `update` throws propagates and nothing is written.
   */
  updateMerchant(tenant: Tenant, idOrReference: string, update: (current: Merchant) => Merchant): Promise<Merchant>;
  deleteMerchant(tenant: Tenant, idOrReference: string, at: number): Promise<Merchant | undefined>;

  /** The tenant's live registrations (deleted ones left out), in id order. An account has few: no pages. */
  listRegistrations(tenant: Tenant): Promise<readonly Registration[]>;
  /** The live registration with that id, or `undefined`. */
  getRegistration(tenant: Tenant, id: string): Promise<Registration | undefined>;
  /**
   * Writes (inserts or replaces) the registration `plan` builds for `id`, atomically; whatever
   * `plan` throws propagates and nothing is written. The record it returns must have that id.
   */
  writeRegistration(tenant: Tenant, id: string, plan: RegistrationPlanner): Promise<Registration>;
  /** Soft delete; returns the deleted record, or `undefined` when there was none. */
  deleteRegistration(tenant: Tenant, id: string, at: number): Promise<Registration | undefined>;
  // Exemption certificates and certificate requests (docs/exemptions.md). Never deleted:
  // a certificate is revoked and a request canceled by an update, so sales can name them.

  /**
   * Stores a certificate. When it names a `requestId`, the request is replaced by
   * `fulfil(request)` in the same write: CERTIFICATE_REQUEST_NOT_FOUND (keyed
   * `certificateRequestId`) when there is no such request; whatever `fulfil` throws propagates
   * and nothing is written. INVALID_VALUE (keyed `customerId`, `tooManyForCustomer`) when the
   * customer already has {@link MAX_CERTIFICATES_PER_CUSTOMER}, counted in the same write.
   */
  insertCertificate(tenant: Tenant, certificate: ExemptionCertificate, fulfil?: RequestFulfiller): Promise<void>;
  getCertificate(tenant: Tenant, id: string): Promise<ExemptionCertificate | undefined>;
  /** Revoked ones included. */
  listCertificates(tenant: Tenant, query: CertificateQuery): Promise<Page<ExemptionCertificate>>;
  /**
   * Replaces a certificate with `update(current)`, atomically. CERTIFICATE_NOT_FOUND when
   * there is none; whatever `update` throws propagates and nothing is written.
   */
  updateCertificate(
    tenant: Tenant,
    id: string,
    update: (current: ExemptionCertificate) => ExemptionCertificate,
  ): Promise<ExemptionCertificate>;

  /** INVALID_VALUE (keyed `customerId`) when the customer already has {@link MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER}. */
  insertCertificateRequest(tenant: Tenant, request: CertificateRequest): Promise<void>;
  getCertificateRequest(tenant: Tenant, id: string): Promise<CertificateRequest | undefined>;
  listCertificateRequests(tenant: Tenant, query: CertificateQuery): Promise<Page<CertificateRequest>>;
  /** As {@link TaxStore.updateCertificate}; CERTIFICATE_REQUEST_NOT_FOUND when there is none. */
  updateCertificateRequest(
    tenant: Tenant,
    id: string,
    update: (current: CertificateRequest) => CertificateRequest,
  ): Promise<CertificateRequest>;

  // Rate tables (`taxkit rates import`). Not scoped by tenant: every account of a store
  // calculates with the same rates. Nothing here ever deletes a table or a snapshot: removing
  // a table only takes it out of the active ones, so a snapshot that names it still replays.

  /**
   * Stores and activates `tables`, all or nothing, in the given order. A table whose id is
   * already active is skipped (re-importing a file changes nothing); one stored but inactive
   * (a base table saved with a snapshot) is activated. When anything was activated, the
   * revision goes up by exactly one.
   *
   * `tableJson`: the JSON of tables' `table` as UTF-8, by table id, as the importer made it to
   * hash them (a nationwide import is about 10 MB of it). A store that writes a table's JSON
   * writes these bytes instead of encoding the table again; one that does not ignores them.
   */
  importRateTables(
    tables: readonly RateTableRecord[],
    tableJson?: ReadonlyMap<string, EncodedJson>,
    options?: RateImportOptions,
  ): Promise<RateImportOutcome>;
  /**
   * Takes the active tables `ids` out of the active ones (in one transaction): they stay stored
   * (a snapshot naming one still replays, and importing it again activates it). Ids that are not
   * active are ignored. When anything was removed, the revision goes up by exactly one, as an
   * import's does, so every engine on the store reloads.
   */
  removeRateTables(ids: readonly string[]): Promise<RateRemovalOutcome>;
  /**
   * The revision of the active tables: 0 before the first import, +1 per import that activated
   * something and per removal that removed something; it never goes down. Cheap, so an engine can ask before every calculation whether to reload.
   */
  rateRevision(): Promise<number>;
  /** The active tables with their rows, in activation order, and the revision they make up. */
  loadRateTables(): Promise<ActiveRateTables>;
  /** The active tables without their rows, in activation order. */
  listRateTables(): Promise<readonly RateTableSummary[]>;
  /**
   * Records which tables snapshot `snapshot.id` is made of, and stores those of `tables` that
   * are not stored yet without activating them (the engine's base tables). Idempotent: a
   * snapshot already recorded is left as it was. Throws INVALID_VALUE, writing nothing, when
   * one of its table ids is neither stored nor among `tables`: a snapshot must be replayable.
   */
  saveRateSnapshot(snapshot: RateSnapshot, tables: readonly RateTableRecord[]): Promise<void>;
  /** A recorded snapshot with its tables in order, or `undefined` when it was never saved. */
  getRateSnapshot(
    id: string,
  ): Promise<{ readonly snapshot: RateSnapshot; readonly tables: readonly RateTableRecord[] } | undefined>;

  // Exchange rates (`taxkit fx import`). Not scoped by tenant, like rate tables.

  /**
   * Stores reference exchange rates, all or nothing, after `checkExchangeRates` (INVALID_VALUE
   * for a bad one, or more than an import may hold). A rate already held with the same value is
   * skipped (re-importing a file changes nothing); one held with another value is refused
   * (INVALID_VALUE), and nothing is written.
   */
  importExchangeRates(rates: readonly ExchangeRate[]): Promise<ExchangeRateImportOutcome>;
  /**
   * The rate of `query.source` for base/quote nearest `query.day` in `query.direction`: with
   * 'onOrBefore' the one with the latest `from` ≤ day, never one after it; with 'onOrAfter' the
   * earliest `from` ≥ day. `undefined` when there is none.
   */
  findExchangeRate(query: ExchangeRateQuery): Promise<ExchangeRate | undefined>;
  /** What is held, per source and pair, ordered by source, base and quote. */
  listExchangeRateSeries(): Promise<readonly ExchangeRateSeries[]>;

  /**
   * Deletes every record of `tenant` for good (calculations, transactions, refunds, reversals,
   * products, customers, merchants, registrations): not a soft delete. All or nothing. Other tenants and the
   * products, customers, merchants, certificates, certificate requests): not a soft delete. All or nothing. Other tenants and the
   * rate tables are untouched. The engine uses it only for test mode (`resetTestData`).
   */
  deleteTenantRecords(tenant: Tenant): Promise<void>;

  /**
   * Optional, synchronous. Writes what this process holds back (an adapter may queue
   * calculations and write them in batches at the end of the event-loop turn), so that another
   * process sharing the store sees every calculation this one has already returned. The HTTP
   * layer calls it (through `engine.flush()`) before it sends the answers of a turn: a 200 for
   * a calculation never leaves before the calculation can be found by another process. An
   * adapter that keeps nothing back (memory, PostgreSQL) leaves it out. Never throws: a write
   * that fails is the adapter's to retry.
   */
  flush?(): void;

  close(): Promise<void>;
}

/** The store methods over imported rate tables and rate snapshots. */
export type StoreRates = Pick<
  TaxStore,
  | 'importRateTables'
  | 'removeRateTables'
  | 'rateRevision'
  | 'loadRateTables'
  | 'listRateTables'
  | 'saveRateSnapshot'
  | 'getRateSnapshot'
>;

/** The store methods over exchange rates. */
export type StoreExchangeRates = Pick<TaxStore, 'importExchangeRates' | 'findExchangeRate' | 'listExchangeRateSeries'>;

/** The store methods over calculations, transactions, refunds and reversals. */
export type StoreLedger = Pick<
  TaxStore,
  | 'insertCalculation'
  | 'getCalculation'
  | 'insertTransactions'
  | 'getTransaction'
  | 'deleteTransaction'
  | 'insertRefund'
  | 'getRefund'
  | 'listRefunds'
  | 'reverseRefund'
  | 'listTransactions'
  | 'listRefundsProcessed'
  | 'listRefundsReversed'
>;

/** The store methods over products, customers and merchants. */
export type StoreDirectory = Pick<
  TaxStore,
  | 'insertProduct'
  | 'getProduct'
  | 'listProducts'
  | 'deleteProduct'
  | 'insertCustomer'
  | 'getCustomer'
  | 'listCustomers'
  | 'deleteCustomer'
  | 'insertMerchant'
  | 'getMerchant'
  | 'listMerchants'
  | 'updateMerchant'
  | 'deleteMerchant'
>;

/** The store methods over registrations. */
export type StoreRegistrations = Pick<
  TaxStore,
  'listRegistrations' | 'getRegistration' | 'writeRegistration' | 'deleteRegistration'
>;

/** The store methods over exemption certificates and certificate requests. */
export type StoreCertificates = Pick<
  TaxStore,
  | 'insertCertificate'
  | 'getCertificate'
  | 'listCertificates'
  | 'updateCertificate'
  | 'insertCertificateRequest'
  | 'getCertificateRequest'
  | 'listCertificateRequests'
  | 'updateCertificateRequest'
>;
