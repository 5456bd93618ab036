import type { Tenant } from './core/types.ts';
import type {
  Calculation,
  CalculationRequest,
  Customer,
  CustomerList,
  CustomerRequest,
  DeletedCustomer,
  DeletedMerchant,
  DeletedProduct,
  DeletedTransaction,
  LatestApiVersion,
  ListRequest,
  Merchant,
  MerchantCreateRequest,
  MerchantList,
  MerchantUpdateRequest,
  PlatformApiVersion,
  PlatformCalculation,
  PlatformCalculationRequest,
  PlatformTransactionRequest,
  PlatformTransactions,
  Product,
  ProductList,
  ProductRequest,
  Refund,
  RefundList,
  RefundRequest,
  RefundReversalRequest,
  Transaction,
  TransactionRequest,
} from './wire/api-types.ts';
import type { ApiVersion } from './wire/api-version.ts';

/**
 * The typed in-process API: each resource of the HTTP interface, taking its request JSON and
 * answering its response JSON, shaped by `context.version` (the newest when absent). The
 * types come from the zod schemas in src/wire (see api-types.ts); every body is still
 * validated at run time, so JavaScript callers get the same TaxErrors.
 *
 * @module
 */

/** Per call: whose records, and which API version's shapes. */
export interface CallContext<V extends ApiVersion = ApiVersion> {
  /** Account and mode; the engine's default tenant (test mode) when absent. */
  readonly tenant?: Tenant;
  /** The shape of the response (and the rules of the request); the newest when absent. */
  readonly version?: V;
  /**
   * The sale's date for rate lookup, Unix seconds (calculations only). A request's `tax_date`
   * field wins over it; default: the clock's now. Any date works: before the first imported
   * table the embedded rates apply, after the last one its rates stay in force, and a future
   * date gets the rates scheduled for it.
   */
  readonly taxDate?: number;
  /**
   * The call was made with a public key (HTTP: `pk_…`, which a browser holds). Such a
   * calculation reads no stored customer or product (docs/reliability.md). Default false.
   */
  readonly publicKey?: boolean;
}

export interface CalculationsApi {
  /**
   * POST /tax/calculations: tax for a customer location and line items (docs/interface.md §4.1).
   * Records the calculation so a transaction can be made from it until `expires_at`; records no sale.
   *
   * @example
   * const calculation = await engine.calculations.create({
   *   customer: { address: { address_country: 'US', address_province: 'IN', address_postal_code: '46122' } },
   *   order_details: {
   *     customer_currency_code: 'USD',
   *     tax_included_in_amount: false,
   *     line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 200, quantity: 2 }],
   *   },
   * });
   * calculation.total_tax_amount; // 14
   */
  create<V extends ApiVersion = LatestApiVersion>(
    request: CalculationRequest<V>,
    context?: CallContext<V>,
  ): Promise<Calculation<V>>;
  /**
   * POST /tax/calculations/{id}/replay (taxkit extension, docs/rates.md): recomputes a stored
   * calculation with the rate snapshot it used and returns it as `create` did. Records nothing.
   */
  replay<V extends ApiVersion = LatestApiVersion>(id: string, context?: CallContext<V>): Promise<Calculation<V>>;
}

export interface TransactionsApi {
  /** POST /tax/transactions: records a calculation as a sale, once (docs/interface.md §4.2). */
  create<V extends ApiVersion = LatestApiVersion>(
    request: TransactionRequest,
    context?: CallContext<V>,
  ): Promise<Transaction<V>>;
  /** GET /tax/transactions/{id}. */
  get<V extends ApiVersion = LatestApiVersion>(id: string, context?: CallContext<V>): Promise<Transaction<V>>;
  /** DELETE /tax/transactions/{id}: a soft delete; the record stays for audit. */
  delete(id: string, context?: CallContext): Promise<DeletedTransaction>;
  /**
   * GET /tax/transactions/{id}/refunds: its refunds, reversed ones with `reversed_at`, oldest
   * first, a page at a time (`limit` 1..100, default 10; `cursor` the previous `last_refund_id`).
   */
  listRefunds<V extends ApiVersion = LatestApiVersion>(
    id: string,
    query?: ListRequest,
    context?: CallContext<V>,
  ): Promise<RefundList<V>>;
}

export interface RefundsApi {
  /** POST /tax/refunds: a full or partial refund (docs/interface.md §4.5). */
  create<V extends ApiVersion = LatestApiVersion>(request: RefundRequest, context?: CallContext<V>): Promise<Refund<V>>;
}

export interface RefundReversalsApi {
  /** POST /tax/refund_reversals: reverses a refund, which stays listed with `reversed_at`. */
  create<V extends ApiVersion = LatestApiVersion>(
    request: RefundReversalRequest,
    context?: CallContext<V>,
  ): Promise<Refund<V>>;
}

export interface ProductsApi {
  /** POST /tax/products (docs/interface.md §4.7). */
  create(request: ProductRequest, context?: CallContext): Promise<Product>;
  /** GET /tax/products/{reference_product_id}; 404 PRODUCT_NOT_FOUND. */
  get(referenceProductId: string, context?: CallContext): Promise<Product>;
  /** GET /tax/products?cursor=&limit=: 50 a page by default. */
  list(query?: ListRequest, context?: CallContext): Promise<ProductList>;
  /** DELETE /tax/products/{reference_product_id}: soft delete; the reference id is free again. */
  delete(referenceProductId: string, context?: CallContext): Promise<DeletedProduct>;
}

export interface CustomersApi {
  /** POST /tax/customers (docs/interface.md §4.9). */
  create(request: CustomerRequest, context?: CallContext): Promise<Customer>;
  /** GET /tax/customers/{id}: by `cust_…` id or reference_customer_id; 404 CUSTOMER_NOT_FOUND. */
  get(idOrReference: string, context?: CallContext): Promise<Customer>;
  /** GET /tax/customers?cursor=&limit=: 50 a page by default. */
  list(query?: ListRequest, context?: CallContext): Promise<CustomerList>;
  /** DELETE /tax/customers/{id}: soft delete. */
  delete(idOrReference: string, context?: CallContext): Promise<DeletedCustomer>;
}

export interface MerchantsApi {
  /** POST /tax/merchants (2026-01-01+). */
  create(request: MerchantCreateRequest, context?: CallContext<PlatformApiVersion>): Promise<Merchant>;
  /** GET /tax/merchants?limit=&cursor=: 10 a page by default. */
  list(query?: ListRequest, context?: CallContext<PlatformApiVersion>): Promise<MerchantList>;
  /** GET /tax/merchants/{id}: by `merch_…` id or reference_merchant_id. */
  get(idOrReference: string, context?: CallContext<PlatformApiVersion>): Promise<Merchant>;
  /** POST /tax/merchants/{id}: changes the given fields; tax_ids replaces the whole list. */
  update(
    idOrReference: string,
    request: MerchantUpdateRequest,
    context?: CallContext<PlatformApiVersion>,
  ): Promise<Merchant>;
  /** DELETE /tax/merchants/{id}: soft delete. */
  delete(idOrReference: string, context?: CallContext<PlatformApiVersion>): Promise<DeletedMerchant>;
}

export interface PlatformApi {
  readonly calculations: {
    /** POST /tax/platform/calculations (2026-01-01+): `amount` is the unit price. */
    create<V extends PlatformApiVersion = LatestApiVersion>(
      request: PlatformCalculationRequest,
      context?: CallContext<V>,
    ): Promise<PlatformCalculation<V>>;
  };
  readonly transactions: {
    /** POST /tax/platform/transactions (2026-01-01+): the order, plus the fee for payment processors. */
    create<V extends PlatformApiVersion = LatestApiVersion>(
      request: PlatformTransactionRequest,
      context?: CallContext<V>,
    ): Promise<PlatformTransactions<V>>;
  };
}
