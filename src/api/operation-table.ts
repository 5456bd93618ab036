import { createCalculation, replayCalculation } from '../operations/calculations.ts';
import {
  cancelCertificateRequest,
  createCertificateRequest,
  getCertificateRequest,
  listCertificateRequests,
} from '../operations/certificate-requests.ts';
import {
  createCertificate,
  getCertificate,
  listCertificates,
  revokeCertificate,
  updateCertificate,
} from '../operations/certificates.ts';
import { createCustomer, deleteCustomer, getCustomer, listCustomers } from '../operations/customers.ts';
import { createMerchant, deleteMerchant, getMerchant, listMerchants, updateMerchant } from '../operations/merchants.ts';
import { createPlatformCalculation } from '../operations/platform-calculations.ts';
import { createPlatformTransactions } from '../operations/platform-transactions.ts';
import { createProduct, deleteProduct, getProduct, listProducts } from '../operations/products.ts';
import { createRefund, reverseRefund } from '../operations/refunds.ts';
import { getNexusStatus } from '../operations/nexus.ts';
import { getRates } from '../operations/rates.ts';
import { removeRateTables } from '../operations/remove-rate-tables.ts';
import {
  createRegistration,
  deleteRegistration,
  getRegistration,
  listRegistrations,
  updateRegistration,
} from '../operations/registrations.ts';
import { nexusQuerySchema, parseNexusQuery } from '../wire/nexus-request.ts';
import {
  parseRegistrationRequest,
  parseRegistrationUpdate,
  registrationFields,
  registrationRequestSchema,
  registrationUpdateSchema,
} from '../wire/registration-request.ts';
import { serializeNexus } from '../wire/serialize-nexus.ts';
import { serializeRates } from '../wire/serialize-rates.ts';
import { serializeRemovedRateTables } from '../wire/serialize-removed-rate-tables.ts';
import {
  serializeDeletedRegistration,
  serializeRegistration,
  serializeRegistrationList,
} from '../wire/serialize-registration.ts';
import {
  createTransaction,
  deleteTransaction,
  getTransaction,
  listRefunds,
  REFUNDS_PER_STREAMED_PAGE,
} from '../operations/transactions.ts';
import { calculationFields, parseCalculationInput } from '../wire/calculation-input.ts';
import {
  certificateRequestCreateSchema,
  certificateRequestFields,
  parseCertificateRequestCreate,
} from '../wire/certificate-request-request.ts';
import {
  certificateCreateSchema,
  certificateFields,
  certificateUpdateSchema,
  parseCertificateCreate,
  certificateListQuerySchema,
  parseCertificateListQuery,
  parseCertificateUpdate,
} from '../wire/exemption-certificate-request.ts';
import { serializeCertificate, serializeCertificateList } from '../wire/serialize-certificate.ts';
import { serializeCertificateRequest, serializeCertificateRequestList } from '../wire/serialize-certificate-request.ts';
import { calculationRequestSchema } from '../wire/calculation-request.ts';
import { customerFields, customerRequestSchema, parseCustomerRequest } from '../wire/customer-request.ts';
import {
  parseRefundListQuery,
  parseReversalListQuery,
  parseTransactionListQuery,
  refundListRequestSchema,
  reversalListRequestSchema,
  transactionListRequestSchema,
} from '../wire/ledger-list-request.ts';
import { listRequestSchema, parseListQuery } from '../wire/list-request.ts';
import {
  manualLineItemsFields,
  manualLineItemsRequestSchema,
  parseManualLineItems,
} from '../wire/manual-line-items-request.ts';
import { serializeManualLineItems } from '../wire/serialize-manual-line-items.ts';
import { createManualSale } from '../operations/record-manual-sale.ts';
import { liabilityReportRequestSchema, parseLiabilityReportQuery } from '../wire/liability-report-request.ts';
import { liabilityReportCsv } from '../wire/liability-report-csv.ts';
import { serializeLiabilityReport } from '../wire/serialize-liability-report.ts';
import { reportLiability } from '../operations/liability-report.ts';
import { reportOss } from '../operations/oss-return.ts';
import { ossReturnRequestSchema, parseOssReturnQuery } from '../wire/oss-return-request.ts';
import { ossReturnCsv } from '../wire/oss-return-csv.ts';
import { bzstFile } from '../wire/oss-bzst-csv.ts';
import { serializeOssReturn } from '../wire/serialize-oss-return.ts';
import { reportSer } from '../operations/ser-return.ts';
import { parseSerReturnQuery, serReturnRequestSchema } from '../wire/ser-return-request.ts';
import { serializeSerReturn } from '../wire/serialize-ser-return.ts';
import { serXmlFile } from '../wire/ser-xml.ts';
import { listRefundsMade, listRefundsReversed, listTransactions } from '../operations/list-ledger.ts';
import { serializeLedgerRefundPage, serializeTransactionPage } from '../wire/serialize-ledger-lists.ts';
import {
  merchantCreateSchema,
  merchantFields,
  merchantUpdateSchema,
  parseMerchantCreate,
  parseMerchantUpdate,
} from '../wire/merchant-request.ts';
import { parsePlatformCalculationInput, platformCalculationFields } from '../wire/platform-calculation-input.ts';
import { platformCalculationRequestSchema } from '../wire/platform-calculation-request.ts';
import {
  parsePlatformTransactionRequest,
  platformTransactionFields,
  platformTransactionRequestSchema,
} from '../wire/platform-transaction-request.ts';
import { parseProductRequest, productFields, productRequestSchema } from '../wire/product-request.ts';
import { parseRefundRequest, refundFields, refundRequestSchema } from '../wire/refund-request.ts';
import {
  parseRefundReversalRequest,
  refundReversalFields,
  refundReversalRequestSchema,
} from '../wire/refund-reversal-request.ts';
import {
  calculationResponseSchemas,
  certificateListResponseSchema,
  certificateRequestListResponseSchema,
  certificateRequestResponseSchema,
  certificateResponseSchema,
  customerListResponseSchema,
  customerResponseSchema,
  deletedCustomerResponseSchema,
  deletedMerchantResponseSchema,
  deletedProductResponseSchema,
  deletedRegistrationResponseSchema,
  deletedTransactionResponseSchema,
  inEveryVersion,
  ledgerRefundListResponseSchemas,
  liabilityReportResponseSchema,
  ossReturnResponseSchema,
  serReturnResponseSchema,
  manualLineItemsResponseSchema,
  merchantListResponseSchema,
  merchantResponseSchema,
  nexusResponseSchema,
  ratesResponseSchema,
  removedRateTablesResponseSchema,
  platformCalculationResponseSchemas,
  platformTransactionsResponseSchemas,
  productListResponseSchema,
  productResponseSchema,
  refundListResponseSchemas,
  refundResponseSchemas,
  transactionListResponseSchemas,
  registrationListResponseSchema,
  registrationResponseSchema,
  transactionResponseSchemas,
} from '../wire/response-schemas.ts';
import { serializeCalculation } from '../wire/serialize-calculation.ts';
import { serializeCustomer, serializeDeletedCustomer } from '../wire/serialize-customer.ts';
import {
  serializeCustomerList,
  serializeMerchantList,
  serializeProductList,
  serializeRefundList,
  serializeTransactionList,
} from '../wire/serialize-lists.ts';
import { serializeDeletedMerchant, serializeMerchant } from '../wire/serialize-merchant.ts';
import { serializePlatformCalculation } from '../wire/serialize-platform-calculation.ts';
import { serializeDeletedProduct, serializeProduct } from '../wire/serialize-product.ts';
import { serializeRefund } from '../wire/serialize-refund.ts';
import { serializeDeletedTransaction, serializeTransaction } from '../wire/serialize-transaction.ts';
import { parseTransactionRequest, transactionFields, transactionRequestSchema } from '../wire/transaction-request.ts';
import { CERTIFICATES_SINCE, PLATFORM_SINCE } from '../wire/version-rules.ts';
import { defineOperation } from './operation.ts';

/** A path parameter as the operations take it: what the caller gave (the router always gives a string). */
const idOf = (args: { readonly id?: unknown }): string => args.id as string;

/**
 * Every operation of the service interface, once. The nesting is the engine's
 * (`engine.transactions.listRefunds`); the rows' order is the routes' and the OpenAPI
 * document's. Adding an endpoint is one row here plus its parser (src/wire), its operation
 * (src/operations) and its serializer (src/wire): the engine method, its types, the HTTP route,
 * the version gate and the OpenAPI entry follow from the row (docs/architecture.md).
 *
 * Every operation answers 200 on success, creates and deletes included (docs/decisions.md).
 */
export const OPERATIONS = {
  calculations: {
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
    create: defineOperation({
      method: 'POST',
      path: '/tax/calculations',
      summary: 'Calculate tax for a customer location and line items (records no sale).',
      keys: 'secret-or-public',
      since: undefined,
      args: ['body'],
      request: 'calculation',
      requestSchema: calculationRequestSchema,
      response: 'calculation',
      responseSchemas: calculationResponseSchemas,
      fields: calculationFields,
      parse: ({ body }, scope) => parseCalculationInput(body, scope),
      run: createCalculation,
      serialize: serializeCalculation,
    }),
    /**
     * POST /tax/calculations/{id}/replay (taxkit extension, docs/rates.md): recomputes a stored
     * calculation with the rate snapshot it used (`rates_snapshot`) and returns it as `create`
     * did: same line items and totals, even after newer rate tables were imported. Records
     * nothing. Standard calculations only.
     *
     * @throws TaxError CALCULATION_NOT_FOUND; INVALID_VALUE for a platform calculation.
     */
    replay: defineOperation({
      method: 'POST',
      path: '/tax/calculations/:id/replay',
      summary:
        'taxkit extension: recompute a stored calculation with the rate snapshot it used (same line items and totals).',
      keys: 'secret',
      since: undefined,
      args: ['id'],
      request: undefined,
      response: 'calculation',
      responseSchemas: calculationResponseSchemas,
      fields: calculationFields,
      parse: idOf,
      run: replayCalculation,
      serialize: serializeCalculation,
    }),
  },
  /** Sales recorded from calculations (docs/interface.md §4.2–4.4). */
  transactions: {
    /**
     * POST /tax/transactions: records a calculation as a sale (docs/interface.md §4.2). One
     * transaction per calculation and per `reference_order_id`; the calculation must not have expired.
     *
     * @example
     * const transaction = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'order-1001' });
     * transaction.id; // "tr_…"
     */
    create: defineOperation({
      method: 'POST',
      path: '/tax/transactions',
      summary: 'Record a sale from a calculation.',
      keys: 'secret',
      since: undefined,
      args: ['body'],
      request: 'transaction',
      requestSchema: transactionRequestSchema,
      response: 'transaction',
      responseSchemas: transactionResponseSchemas,
      fields: transactionFields,
      parse: ({ body }) => parseTransactionRequest(body),
      run: createTransaction,
      serialize: serializeTransaction,
    }),
    /**
     * GET /tax/transactions (taxkit's extension): recorded sales, oldest first, a page at a time:
     * `processed_from`/`processed_to` (Unix seconds, inclusive), `type` (`sale`, `platform_order`,
     * `fee`), `customer_id`, `reference_order_id`, `limit` (1..100, default 50) and `cursor` (the
     * previous page's `last_transaction_id`). Deleted transactions are left out.
     */
    list: defineOperation({
      method: 'GET',
      path: '/tax/transactions',
      summary: 'taxkit extension: list recorded sales by when they were processed, oldest first, a page at a time.',
      keys: 'secret',
      since: undefined,
      args: ['query'],
      request: 'transactionList',
      querySchema: transactionListRequestSchema,
      response: 'transactionList',
      responseSchemas: transactionListResponseSchemas,
      parse: ({ query }) => parseTransactionListQuery(query),
      run: listTransactions,
      serialize: serializeTransactionPage,
    }),
    /** GET /tax/transactions/{id}; TRANSACTION_NOT_FOUND when missing or deleted. */
    get: defineOperation({
      method: 'GET',
      path: '/tax/transactions/:id',
      summary: 'Retrieve a transaction.',
      keys: 'secret',
      since: undefined,
      args: ['id'],
      request: undefined,
      response: 'transaction',
      responseSchemas: transactionResponseSchemas,
      fields: transactionFields,
      parse: idOf,
      run: getTransaction,
      serialize: serializeTransaction,
    }),
    /** DELETE /tax/transactions/{id}: a soft delete; the record stays for audit (docs/decisions.md). */
    delete: defineOperation({
      method: 'DELETE',
      path: '/tax/transactions/:id',
      summary: 'Delete a transaction (soft: kept for audit, gone from reads).',
      keys: 'secret',
      since: undefined,
      args: ['id'],
      request: undefined,
      response: 'deletedTransaction',
      responseSchemas: inEveryVersion(deletedTransactionResponseSchema),
      fields: transactionFields,
      parse: idOf,
      run: deleteTransaction,
      serialize: serializeDeletedTransaction,
    }),
    /**
     * GET /tax/transactions/{id}/refunds: its refunds, reversed ones with `reversed_at`, oldest
     * first. Without `cursor` and `limit` every refund (the hosted API's list has no cursor);
     * with either, a page: `limit` (1..100, default 10) and `cursor` (the `last_refund_id` of
     * the previous page), `has_more` saying whether another page follows.
     */
    listRefunds: defineOperation({
      method: 'GET',
      path: '/tax/transactions/:id/refunds',
      summary: "List a transaction's refunds, oldest first: all of them, or a page given a cursor or a limit.",
      keys: 'secret',
      since: undefined,
      args: ['id', 'query'],
      querySchema: listRequestSchema,
      request: undefined,
      response: 'refundList',
      responseSchemas: refundListResponseSchemas,
      fields: transactionFields,
      completeWithoutCursor: { pageSize: REFUNDS_PER_STREAMED_PAGE },
      parse: (args) => ({ id: idOf(args), page: parseListQuery(args.query) }),
      run: (deps, tenant, { id, page }) => listRefunds(deps, tenant, id, page),
      serialize: serializeRefundList,
    }),
  },
  /** Sales made outside taxkit, recorded so reports and nexus count them (docs/reports.md). */
  manualLineItems: {
    /**
     * POST /tax/manual_line_items: records a sale made outside taxkit (`order_id`, the customer's
     * `address_country`, `address_province` and `address_postal_code`, `transaction_date_time`,
     * `currency_code`, and `line_items` of `line_item_id`, `sales`, `total_taxes`,
     * `product_category`) as a backfilled transaction: its taxes are the ones reported, shared
     * among the jurisdictions of the address by their rates. One per `order_id` among live
     * transactions (409 DUPLICATE_REFERENCE_ORDER_ID).
     */
    create: defineOperation({
      method: 'POST',
      path: '/tax/manual_line_items',
      summary: 'Record a sale made outside the tax engine (backfill), counted in reports and nexus.',
      keys: 'secret',
      since: undefined,
      args: ['body'],
      request: 'manualLineItems',
      requestSchema: manualLineItemsRequestSchema,
      response: 'manualLineItems',
      responseSchemas: inEveryVersion(manualLineItemsResponseSchema),
      fields: manualLineItemsFields,
      parse: ({ body }, scope) => parseManualLineItems(body, scope.version),
      run: createManualSale,
      serialize: (transaction, _version, mode) => serializeManualLineItems(transaction, mode),
    }),
  },
  /** Full and partial refunds of transactions (docs/interface.md §4.5). */
  refunds: {
    /**
     * POST /tax/refunds: refunds all that is left of a transaction (`type: 'full'`) or the given
     * lines (`'partial'`, amounts negative), never more than remains (docs/interface.md §4.5).
     *
     * @example
     * const refund = await engine.refunds.create({
     *   transaction_id: transaction.id,
     *   type: 'partial',
     *   line_items: [{ reference_product_id: 'sku-1', sales_amount_refunded: -100, tax_amount_refunded: -7, quantity: 1 }],
     * });
     */
    create: defineOperation({
      method: 'POST',
      path: '/tax/refunds',
      summary: 'Refund a transaction, fully or partially.',
      keys: 'secret',
      since: undefined,
      args: ['body'],
      request: 'refund',
      requestSchema: refundRequestSchema,
      response: 'refund',
      responseSchemas: refundResponseSchemas,
      fields: refundFields,
      parse: ({ body }) => parseRefundRequest(body),
      run: createRefund,
      serialize: serializeRefund,
    }),
    /**
     * GET /tax/refunds (taxkit's extension): refunds made in a period (`processed_from`,
     * `processed_to`, Unix seconds inclusive), reversed ones included, oldest first, each with its
     * `transaction_id`; `limit` (1..100, default 50) and `cursor` (the previous `last_refund_id`).
     */
    list: defineOperation({
      method: 'GET',
      path: '/tax/refunds',
      summary: 'taxkit extension: list refunds by when they were made, oldest first, a page at a time.',
      keys: 'secret',
      since: undefined,
      args: ['query'],
      request: 'refundList',
      querySchema: refundListRequestSchema,
      response: 'ledgerRefundList',
      responseSchemas: ledgerRefundListResponseSchemas,
      parse: ({ query }) => parseRefundListQuery(query),
      run: listRefundsMade,
      serialize: serializeLedgerRefundPage,
    }),
  },
  /** Reversals of refunds (docs/interface.md §4.6). */
  refundReversals: {
    /**
     * POST /tax/refund_reversals: reverses a refund (docs/interface.md §4.6). Nothing is deleted:
     * the reversal is recorded, the refund no longer counts against the transaction, and the
     * answer is the refund with `reversed_at`. Works in every API version.
     *
     * @example
     * const reversed = await engine.refundReversals.create({ refund_id: refund.id });
     * reversed.reversed_at; // Unix seconds
     */
    create: defineOperation({
      method: 'POST',
      path: '/tax/refund_reversals',
      summary: 'Reverse a refund.',
      keys: 'secret',
      since: undefined,
      args: ['body'],
      request: 'refundReversal',
      requestSchema: refundReversalRequestSchema,
      response: 'refund',
      responseSchemas: refundResponseSchemas,
      fields: refundReversalFields,
      parse: ({ body }) => parseRefundReversalRequest(body),
      run: reverseRefund,
      serialize: serializeRefund,
    }),
    /**
     * GET /tax/refund_reversals (taxkit's extension): refunds reversed in a period
     * (`reversed_from`, `reversed_to`, Unix seconds inclusive) by when they were reversed, each
     * with `reversed_at` and its `transaction_id`; `limit` and `cursor` as GET /tax/refunds.
     */
    list: defineOperation({
      method: 'GET',
      path: '/tax/refund_reversals',
      summary: 'taxkit extension: list refunds by when they were reversed, oldest first, a page at a time.',
      keys: 'secret',
      since: undefined,
      args: ['query'],
      request: 'reversalList',
      querySchema: reversalListRequestSchema,
      response: 'ledgerRefundList',
      responseSchemas: ledgerRefundListResponseSchemas,
      parse: ({ query }) => parseReversalListQuery(query),
      run: listRefundsReversed,
      serialize: serializeLedgerRefundPage,
    }),
  },
  /** Products and their tax categories (docs/interface.md §4.7, §4.8). */
  products: {
    /**
     * POST /tax/products: stores a product with its tax category (docs/interface.md §4.7). There
     * is no update: delete and create again to change the category.
     *
     * @example
     * await engine.products.create({ reference_product_id: 'sku-1', reference_product_name: 'T-shirt', product_category: 'CLOTHING' });
     */
    create: defineOperation({
      method: 'POST',
      path: '/tax/products',
      summary: 'Create a product with a tax category.',
      keys: 'secret',
      since: undefined,
      args: ['body'],
      request: 'product',
      requestSchema: productRequestSchema,
      response: 'product',
      responseSchemas: inEveryVersion(productResponseSchema),
      fields: productFields,
      parse: ({ body }) => parseProductRequest(body),
      run: createProduct,
      serialize: (product, _version, mode) => serializeProduct(product, mode),
    }),
    /**
     * GET /tax/products?cursor=: 50 a page (in process, `limit` 1..100 may change that) in
     * `reference_product_id` byte order, after the exclusive cursor. `last_product_id` is the
     * next cursor: the last id of the page; on an empty page the request's cursor, or null when
     * there was none (nothing stored at all).
     */
    list: defineOperation({
      method: 'GET',
      path: '/tax/products',
      summary: 'List products, 50 per page; `cursor` is the previous last_product_id.',
      keys: 'secret',
      since: undefined,
      args: ['query'],
      querySchema: listRequestSchema,
      request: undefined,
      response: 'productList',
      responseSchemas: inEveryVersion(productListResponseSchema),
      parse: ({ query }) => parseListQuery(query),
      run: listProducts,
      serialize: (page, _version, mode) => serializeProductList(page, mode),
    }),
    /** GET /tax/products/{reference_product_id}; 404 PRODUCT_NOT_FOUND when missing or deleted. */
    get: defineOperation({
      method: 'GET',
      path: '/tax/products/:id',
      summary: 'Retrieve a product by reference_product_id.',
      keys: 'secret',
      since: undefined,
      args: ['id'],
      request: undefined,
      response: 'product',
      responseSchemas: inEveryVersion(productResponseSchema),
      fields: productFields,
      parse: idOf,
      run: getProduct,
      serialize: (product, _version, mode) => serializeProduct(product, mode),
    }),
    /** DELETE /tax/products/{reference_product_id}: soft delete; the reference id is free again. */
    delete: defineOperation({
      method: 'DELETE',
      path: '/tax/products/:id',
      summary: 'Delete a product.',
      keys: 'secret',
      since: undefined,
      args: ['id'],
      request: undefined,
      response: 'deletedProduct',
      responseSchemas: inEveryVersion(deletedProductResponseSchema),
      fields: productFields,
      parse: idOf,
      run: deleteProduct,
      serialize: serializeDeletedProduct,
    }),
  },
  /** Customers and their tax exemption (docs/interface.md §4.9–4.11). */
  customers: {
    /**
     * POST /tax/customers (docs/interface.md §4.9). A calculation naming the customer
     * (`customer.id`, either id) gets zero tax when it is tax exempt.
     *
     * @example
     * const customer = await engine.customers.create({ email: 'buyer@example.com', is_tax_exempt: true, reference_customer_id: 'c-42' });
     * customer.id; // "cust_…"
     */
    create: defineOperation({
      method: 'POST',
      path: '/tax/customers',
      summary: 'Create a customer.',
      keys: 'secret',
      since: undefined,
      args: ['body'],
      request: 'customer',
      requestSchema: customerRequestSchema,
      response: 'customer',
      responseSchemas: inEveryVersion(customerResponseSchema),
      fields: customerFields,
      parse: ({ body }) => parseCustomerRequest(body),
      run: createCustomer,
      serialize: serializeCustomer,
    }),
    /**
     * GET /tax/customers?cursor=: 50 a page (in process, `limit` 1..100 may change that) in id
     * byte order, after the exclusive cursor; deleted customers are left out. `last_customer_id`
     * is the next cursor: the last id of the page; on an empty page the request's cursor, or
     * null when there was none (nothing stored at all).
     */
    list: defineOperation({
      method: 'GET',
      path: '/tax/customers',
      summary: 'List customers; `cursor` is the previous last_customer_id.',
      keys: 'secret',
      since: undefined,
      args: ['query'],
      querySchema: listRequestSchema,
      request: undefined,
      response: 'customerList',
      responseSchemas: inEveryVersion(customerListResponseSchema),
      parse: ({ query }) => parseListQuery(query),
      run: listCustomers,
      serialize: serializeCustomerList,
    }),
    /** GET /tax/customers/{id}: by `cust_…` id or by reference_customer_id; 404 CUSTOMER_NOT_FOUND. */
    get: defineOperation({
      method: 'GET',
      path: '/tax/customers/:id',
      summary: "Retrieve a customer by id or the caller's reference_customer_id.",
      keys: 'secret',
      since: undefined,
      args: ['id'],
      request: undefined,
      response: 'customer',
      responseSchemas: inEveryVersion(customerResponseSchema),
      fields: customerFields,
      parse: idOf,
      run: getCustomer,
      serialize: serializeCustomer,
    }),
    /** DELETE /tax/customers/{id}: soft delete; the reference_customer_id is free again. */
    delete: defineOperation({
      method: 'DELETE',
      path: '/tax/customers/:id',
      summary: 'Delete a customer.',
      keys: 'secret',
      since: undefined,
      args: ['id'],
      request: undefined,
      response: 'deletedCustomer',
      responseSchemas: inEveryVersion(deletedCustomerResponseSchema),
      fields: customerFields,
      parse: idOf,
      run: deleteCustomer,
      serialize: serializeDeletedCustomer,
    }),
  },
  /** What the ledger says is owed (docs/reports.md). */
  reports: {
    /**
     * GET /tax/reports/liability (taxkit's extension): what the ledger says is owed, per period
     * (`month` by default, `quarter`, `year`) × jurisdiction (by its stable id) × tax type × rate
     * × currency, from `from` to `to` (YYYY-MM-DD, UTC, both inclusive), on the accrual basis:
     * sales in the period they were processed, refunds in the period they were made, reversals
     * in the period they were reversed. Amounts in minor units of each sale's filing currency;
     * `currency` keeps one. Over HTTP, `format=csv` (or `Accept: text/csv`) answers the rows as CSV.
     *
     * @example
     * const report = await engine.reports.liability({ from: '2026-11-01', to: '2026-11-30' });
     * report.totals; // [{ currency: 'USD', gross_sales: …, tax_collected: …, tax_refunded: …, net_tax: … }]
     */
    liability: defineOperation({
      method: 'GET',
      path: '/tax/reports/liability',
      summary:
        'taxkit extension: tax owed per period, jurisdiction, tax type, rate and currency, from the recorded sales, refunds and reversals (JSON, or CSV with format=csv).',
      keys: 'secret',
      since: undefined,
      args: ['query'],
      request: 'liabilityReport',
      querySchema: liabilityReportRequestSchema,
      response: 'liabilityReport',
      responseSchemas: inEveryVersion(liabilityReportResponseSchema),
      parse: ({ query }) => parseLiabilityReportQuery(query),
      run: async (deps, tenant, input) => ({ report: await reportLiability(deps, tenant, input), input }),
      serialize: ({ report, input }, _version, mode) => serializeLiabilityReport(report, mode, input.currency),
      csv: liabilityReportCsv,
    }),
    /**
     * GET /tax/reports/oss?quarter=YYYY-Qn (taxkit's extension): the EU one-stop-shop return of a
     * quarter under the seller's OSS registration (docs/filing.md): per member state of
     * consumption, the taxable amount and VAT per kind and rate, goods dispatched from another
     * member state apart, corrections of earlier quarters apart, in euro cents at each sale's
     * recorded ECB conversion. `format=csv` answers it as CSV, `format=bzst` as the German BZSt
     * upload (a draft; `part` picks the file when there are several).
     *
     * @example
     * const filed = await engine.reports.oss({ quarter: '2026-Q3' });
     * filed.total_vat; // euro cents
     */
    oss: defineOperation({
      method: 'GET',
      path: '/tax/reports/oss',
      summary:
        'taxkit extension: the EU one-stop-shop VAT return of a quarter, from the recorded sales, refunds and reversals (JSON, CSV with format=csv, the BZSt upload with format=bzst).',
      keys: 'secret',
      since: undefined,
      args: ['query'],
      request: 'ossReturn',
      querySchema: ossReturnRequestSchema,
      response: 'ossReturn',
      responseSchemas: inEveryVersion(ossReturnResponseSchema),
      parse: ({ query }) => parseOssReturnQuery(query),
      run: reportOss,
      serialize: (result, _version, mode) => serializeOssReturn(result, mode),
      csv: ossReturnCsv,
      files: { bzst: { contentType: 'text/csv; charset=utf-8', render: bzstFile } },
    }),
    /**
     * GET /tax/reports/ser?state=KS&from=YYYY-MM-DD&to=YYYY-MM-DD (taxkit's extension): the
     * figures of the SST Simplified Electronic Return of a state and period, built from the
     * liability report of the same period (its totals are the report's), for a seller registered
     * with the state and rates holding the state's SST data (docs/filing.md). `format=xml`
     * answers the SER XML, a draft.
     *
     * @example
     * const ser = await engine.reports.ser({ state: 'KS', from: '2026-07-01', to: '2026-07-31' });
     * ser.total_tax_due; // cents
     */
    ser: defineOperation({
      method: 'GET',
      path: '/tax/reports/ser',
      summary:
        'taxkit extension: the SST Simplified Electronic Return of a state and period, from the recorded sales (JSON, or the XML draft with format=xml).',
      keys: 'secret',
      since: undefined,
      args: ['query'],
      request: 'serReturn',
      querySchema: serReturnRequestSchema,
      response: 'serReturn',
      responseSchemas: inEveryVersion(serReturnResponseSchema),
      parse: ({ query }) => parseSerReturnQuery(query),
      run: reportSer,
      serialize: (filing, _version, mode) => serializeSerReturn(filing, mode),
      files: { xml: { contentType: 'application/xml; charset=utf-8', render: serXmlFile } },
    }),
  },
  /**
   * Exemption certificates (2026-03-01+, docs/exemptions.md): the interface's read routes, served
   * to test keys too, and taxkit's create, update and revoke. A calculation naming the customer
   * applies the certificate covering the place on the tax date.
   */
  certificates: {
    /**
     * POST /tax/certificates (taxkit extension): a certificate of a stored customer, with the
     * places it covers and their dates; `certificate_request_id` fulfils that request.
     *
     * @example
     * await engine.certificates.create({
     *   customer_id: 'c-42',
     *   reason: 'resale',
     *   jurisdictions: [{ country: 'US', province: 'TX', effective_date: 1767225600 }],
     * });
     */
    create: defineOperation({
      method: 'POST',
      path: '/tax/certificates',
      summary: "taxkit extension: record a customer's exemption certificate for the places it covers.",
      keys: 'secret',
      since: CERTIFICATES_SINCE,
      args: ['body'],
      request: 'certificateCreate',
      requestSchema: certificateCreateSchema,
      response: 'certificate',
      responseSchemas: inEveryVersion(certificateResponseSchema, CERTIFICATES_SINCE),
      fields: certificateFields,
      parse: ({ body }) => parseCertificateCreate(body),
      run: createCertificate,
      serialize: (view, _version, mode) => serializeCertificate(view, mode),
    }),
    /**
     * GET /tax/certificates?customer_id=&id_type=&limit=&cursor=: 50 a page by default in id
     * order, revoked ones included; `next_cursor` (only when more follow) is the last id.
     */
    list: defineOperation({
      method: 'GET',
      path: '/tax/certificates',
      summary: 'List exemption certificates, of one customer when customer_id is given.',
      keys: 'secret',
      since: CERTIFICATES_SINCE,
      args: ['query'],
      request: undefined,
      querySchema: certificateListQuerySchema,
      response: 'certificateList',
      responseSchemas: inEveryVersion(certificateListResponseSchema, CERTIFICATES_SINCE),
      fields: certificateFields,
      parse: ({ query }) => parseCertificateListQuery(query),
      run: listCertificates,
      serialize: (page, _version, mode) => serializeCertificateList(page, mode),
    }),
    /** GET /tax/certificates/{id}; 404 CERTIFICATE_NOT_FOUND. */
    get: defineOperation({
      method: 'GET',
      path: '/tax/certificates/:id',
      summary: 'Retrieve an exemption certificate.',
      keys: 'secret',
      since: CERTIFICATES_SINCE,
      args: ['id'],
      request: undefined,
      response: 'certificate',
      responseSchemas: inEveryVersion(certificateResponseSchema, CERTIFICATES_SINCE),
      fields: certificateFields,
      parse: idOf,
      run: getCertificate,
      serialize: (view, _version, mode) => serializeCertificate(view, mode),
    }),
    /** POST /tax/certificates/{id} (taxkit extension): changes the given fields; `jurisdictions` replaces the list. */
    update: defineOperation({
      method: 'POST',
      path: '/tax/certificates/:id',
      summary: 'taxkit extension: update an exemption certificate; jurisdictions replaces the whole list.',
      keys: 'secret',
      since: CERTIFICATES_SINCE,
      args: ['id', 'body'],
      request: 'certificateUpdate',
      requestSchema: certificateUpdateSchema,
      response: 'certificate',
      responseSchemas: inEveryVersion(certificateResponseSchema, CERTIFICATES_SINCE),
      fields: certificateFields,
      parse: (args) => ({ id: idOf(args), patch: parseCertificateUpdate(args.body) }),
      run: (deps, tenant, { id, patch }) => updateCertificate(deps, tenant, id, patch),
      serialize: (view, _version, mode) => serializeCertificate(view, mode),
    }),
    /**
     * DELETE /tax/certificates/{id} (taxkit extension): revokes it. It stays, with status
     * `invalid` and `revoked_at`, and exempts no sale calculated afterwards.
     */
    revoke: defineOperation({
      method: 'DELETE',
      path: '/tax/certificates/:id',
      summary: 'taxkit extension: revoke an exemption certificate (kept, status invalid).',
      keys: 'secret',
      since: CERTIFICATES_SINCE,
      args: ['id'],
      request: undefined,
      response: 'certificate',
      responseSchemas: inEveryVersion(certificateResponseSchema, CERTIFICATES_SINCE),
      fields: certificateFields,
      parse: idOf,
      run: revokeCertificate,
      serialize: (view, _version, mode) => serializeCertificate(view, mode),
    }),
  },
  /** Requests to customers for exemption certificates (2026-03-01+, docs/exemptions.md). */
  certificateRequests: {
    /**
     * POST /tax/certificate-requests (taxkit extension; the hosted API opens requests from its
     * dashboard): a pending request, fulfilled by a certificate that names it.
     */
    create: defineOperation({
      method: 'POST',
      path: '/tax/certificate-requests',
      summary: 'taxkit extension: ask a customer for an exemption certificate (pending until one names it).',
      keys: 'secret',
      since: CERTIFICATES_SINCE,
      args: ['body'],
      request: 'certificateRequestCreate',
      requestSchema: certificateRequestCreateSchema,
      response: 'certificateRequest',
      responseSchemas: inEveryVersion(certificateRequestResponseSchema, CERTIFICATES_SINCE),
      fields: certificateRequestFields,
      parse: ({ body }) => parseCertificateRequestCreate(body),
      run: createCertificateRequest,
      serialize: (view, _version, mode) => serializeCertificateRequest(view, mode),
    }),
    /** GET /tax/certificate-requests: every status, of one customer when customer_id is given. */
    list: defineOperation({
      method: 'GET',
      path: '/tax/certificate-requests',
      summary: 'List certificate requests, canceled and fulfilled ones included.',
      keys: 'secret',
      since: CERTIFICATES_SINCE,
      args: ['query'],
      request: undefined,
      querySchema: certificateListQuerySchema,
      response: 'certificateRequestList',
      responseSchemas: inEveryVersion(certificateRequestListResponseSchema, CERTIFICATES_SINCE),
      fields: certificateFields,
      parse: ({ query }) => parseCertificateListQuery(query),
      run: listCertificateRequests,
      serialize: (page, _version, mode) => serializeCertificateRequestList(page, mode),
    }),
    /** GET /tax/certificate-requests/{id}; 404 CERTIFICATE_REQUEST_NOT_FOUND. */
    get: defineOperation({
      method: 'GET',
      path: '/tax/certificate-requests/:id',
      summary: 'Retrieve a certificate request.',
      keys: 'secret',
      since: CERTIFICATES_SINCE,
      args: ['id'],
      request: undefined,
      response: 'certificateRequest',
      responseSchemas: inEveryVersion(certificateRequestResponseSchema, CERTIFICATES_SINCE),
      fields: certificateRequestFields,
      parse: idOf,
      run: getCertificateRequest,
      serialize: (view, _version, mode) => serializeCertificateRequest(view, mode),
    }),
    /**
     * DELETE /tax/certificate-requests/{id}: cancels a pending request; idempotent. 409
     * REQUEST_ALREADY_FULFILLED or REQUEST_INVALID when it can no longer change.
     */
    cancel: defineOperation({
      method: 'DELETE',
      path: '/tax/certificate-requests/:id',
      summary: 'Cancel a pending certificate request (idempotent).',
      keys: 'secret',
      since: CERTIFICATES_SINCE,
      args: ['id'],
      request: undefined,
      response: 'certificateRequest',
      responseSchemas: inEveryVersion(certificateRequestResponseSchema, CERTIFICATES_SINCE),
      fields: certificateRequestFields,
      parse: idOf,
      run: cancelCertificateRequest,
      serialize: (view, _version, mode) => serializeCertificateRequest(view, mode),
    }),
  },
  /** Sellers on a platform (2026-01-01+). */
  merchants: {
    /** POST /tax/merchants (2026-01-01+). DUPLICATE_MERCHANT when the reference id is taken. */
    create: defineOperation({
      method: 'POST',
      path: '/tax/merchants',
      summary: 'Create a merchant (a seller on the platform).',
      keys: 'secret',
      since: PLATFORM_SINCE,
      args: ['body'],
      request: 'merchantCreate',
      requestSchema: merchantCreateSchema,
      response: 'merchant',
      responseSchemas: inEveryVersion(merchantResponseSchema, PLATFORM_SINCE),
      fields: merchantFields,
      parse: ({ body }) => parseMerchantCreate(body),
      run: createMerchant,
      serialize: (merchant, _version, mode) => serializeMerchant(merchant, mode),
    }),
    /** GET /tax/merchants?limit=&cursor= → `{ merchants, has_more, last_merchant_id }`, 10 a page by default. */
    list: defineOperation({
      method: 'GET',
      path: '/tax/merchants',
      summary: 'List merchants; `limit` 1..100 (default 10), `cursor` is the previous last_merchant_id.',
      keys: 'secret',
      since: PLATFORM_SINCE,
      args: ['query'],
      querySchema: listRequestSchema,
      request: undefined,
      response: 'merchantList',
      responseSchemas: inEveryVersion(merchantListResponseSchema, PLATFORM_SINCE),
      parse: ({ query }) => parseListQuery(query),
      run: listMerchants,
      serialize: (page, _version, mode) => serializeMerchantList(page, mode),
    }),
    /** GET /tax/merchants/{id}: by `merch_…` id or reference_merchant_id. */
    get: defineOperation({
      method: 'GET',
      path: '/tax/merchants/:id',
      summary: "Retrieve a merchant by id or the caller's reference_merchant_id.",
      keys: 'secret',
      since: PLATFORM_SINCE,
      args: ['id'],
      request: undefined,
      response: 'merchant',
      responseSchemas: inEveryVersion(merchantResponseSchema, PLATFORM_SINCE),
      parse: idOf,
      run: getMerchant,
      serialize: (merchant, _version, mode) => serializeMerchant(merchant, mode),
    }),
    /** POST /tax/merchants/{id}: changes the given fields; tax_ids replaces the whole list. */
    update: defineOperation({
      method: 'POST',
      path: '/tax/merchants/:id',
      summary: 'Update a merchant; tax_ids replaces the whole list.',
      keys: 'secret',
      since: PLATFORM_SINCE,
      args: ['id', 'body'],
      request: 'merchantUpdate',
      requestSchema: merchantUpdateSchema,
      response: 'merchant',
      responseSchemas: inEveryVersion(merchantResponseSchema, PLATFORM_SINCE),
      fields: merchantFields,
      parse: (args) => ({ id: idOf(args), patch: parseMerchantUpdate(args.body) }),
      run: (deps, tenant, { id, patch }) => updateMerchant(deps, tenant, id, patch),
      serialize: (merchant, _version, mode) => serializeMerchant(merchant, mode),
    }),
    /** DELETE /tax/merchants/{id}: soft delete; the merchant disappears from get, list and calculations. */
    delete: defineOperation({
      method: 'DELETE',
      path: '/tax/merchants/:id',
      summary: 'Delete a merchant.',
      keys: 'secret',
      since: PLATFORM_SINCE,
      args: ['id'],
      request: undefined,
      response: 'deletedMerchant',
      responseSchemas: inEveryVersion(deletedMerchantResponseSchema, PLATFORM_SINCE),
      parse: idOf,
      run: deleteMerchant,
      serialize: serializeDeletedMerchant,
    }),
  },
  /**
   * Registrations (taxkit extension, docs/nexus.md): where the account collects, from
   * `active_from` until `expires_at`. Once an account and mode has one, live `automatic_tax:
   * auto` calculations collect only where one is active on the tax date.
   */
  registrations: {
    /**
     * POST /tax/registrations: records a registration. 400 naming the field for an unknown
     * place or scheme, `expires_at` not after `active_from`, or an overlap with another of the
     * same place and scheme; nothing is written then.
     *
     * @example
     * await engine.registrations.create({ country: 'US', province: 'IN', active_from: 1767225600 });
     */
    create: defineOperation({
      method: 'POST',
      path: '/tax/registrations',
      summary: 'taxkit extension: record a registration (where the account collects, and from when).',
      keys: 'secret',
      since: undefined,
      args: ['body'],
      request: 'registration',
      requestSchema: registrationRequestSchema,
      response: 'registration',
      responseSchemas: inEveryVersion(registrationResponseSchema),
      fields: registrationFields,
      parse: ({ body }) => parseRegistrationRequest(body),
      run: createRegistration,
      serialize: (registration, _version, mode) => serializeRegistration(registration, mode),
    }),
    /**
     * GET /tax/registrations → `{ registrations, has_more, last_registration_id }`: the live ones
     * of the account and mode in id order; `limit` (1..100) and `cursor` page them like the other
     * lists, and with neither every one is listed (at most MAX_REGISTRATIONS_PER_ACCOUNT).
     */
    list: defineOperation({
      method: 'GET',
      path: '/tax/registrations',
      summary: "taxkit extension: list the account's registrations (all of them, or a page given a cursor or a limit).",
      keys: 'secret',
      since: undefined,
      args: ['query'],
      querySchema: listRequestSchema,
      request: undefined,
      response: 'registrationList',
      responseSchemas: inEveryVersion(registrationListResponseSchema),
      parse: ({ query }) => parseListQuery(query),
      run: listRegistrations,
      serialize: (page, _version, mode) => serializeRegistrationList(page, mode),
    }),
    /** GET /tax/registrations/{id}; 404 REGISTRATION_NOT_FOUND. */
    get: defineOperation({
      method: 'GET',
      path: '/tax/registrations/:id',
      summary: 'taxkit extension: retrieve a registration.',
      keys: 'secret',
      since: undefined,
      args: ['id'],
      request: undefined,
      response: 'registration',
      responseSchemas: inEveryVersion(registrationResponseSchema),
      fields: registrationFields,
      parse: idOf,
      run: getRegistration,
      serialize: (registration, _version, mode) => serializeRegistration(registration, mode),
    }),
    /** POST /tax/registrations/{id}: changes `active_from`, `expires_at` (null: no end) or the number. */
    update: defineOperation({
      method: 'POST',
      path: '/tax/registrations/:id',
      summary: 'taxkit extension: change the dates or the number of a registration.',
      keys: 'secret',
      since: undefined,
      args: ['id', 'body'],
      request: 'registrationUpdate',
      requestSchema: registrationUpdateSchema,
      response: 'registration',
      responseSchemas: inEveryVersion(registrationResponseSchema),
      fields: registrationFields,
      parse: (args) => ({ id: idOf(args), patch: parseRegistrationUpdate(args.body) }),
      run: (deps, tenant, { id, patch }) => updateRegistration(deps, tenant, id, patch),
      serialize: (registration, _version, mode) => serializeRegistration(registration, mode),
    }),
    /** DELETE /tax/registrations/{id}: soft delete; calculations stop collecting by it on every date. */
    delete: defineOperation({
      method: 'DELETE',
      path: '/tax/registrations/:id',
      summary: 'taxkit extension: delete a registration.',
      keys: 'secret',
      since: undefined,
      args: ['id'],
      request: undefined,
      response: 'deletedRegistration',
      responseSchemas: inEveryVersion(deletedRegistrationResponseSchema),
      fields: registrationFields,
      parse: idOf,
      run: deleteRegistration,
      serialize: serializeDeletedRegistration,
    }),
  },
  /** Economic nexus monitoring (taxkit extension, docs/nexus.md). */
  nexus: {
    /**
     * GET /tax/nexus[?at=]: per jurisdiction, the sales and transaction count in the rule's
     * measuring period, the threshold, progress, and a status: registered, exceeded (with the
     * crossing date and sale), approaching (80 % or more), below, or no_sales_tax.
     *
     * @example
     * const { jurisdictions } = await engine.nexus.status({});
     */
    status: defineOperation({
      method: 'GET',
      path: '/tax/nexus',
      summary: 'taxkit extension: economic nexus per jurisdiction, from the recorded sales.',
      keys: 'secret',
      since: undefined,
      args: ['query'],
      querySchema: nexusQuerySchema,
      request: 'nexusQuery',
      response: 'nexus',
      responseSchemas: inEveryVersion(nexusResponseSchema),
      fields: (key) => (key[0] === 'at' ? 'at' : undefined),
      parse: ({ query }) => parseNexusQuery(query),
      run: getNexusStatus,
      serialize: serializeNexus,
    }),
  },
  /** The rates in use (taxkit extension, docs/rates.md). */
  /** (Named `rateTables`: `engine.rates` is the engine's own rate source.) */
  rateTables: {
    /**
     * GET /tax/rates → the snapshot new calculations use, its tables in compile order (embedded
     * or imported, with the import's file, rows and date), then imported tables not in use yet.
     * The same for every key: rate tables are the engine's, not an account's.
     *
     * @example
     * const { snapshot, tables } = await engine.rateTables.list();
     */
    list: defineOperation({
      method: 'GET',
      path: '/tax/rates',
      summary: 'taxkit extension: the rate snapshot in use and its embedded and imported tables.',
      keys: 'secret',
      since: undefined,
      args: [],
      request: undefined,
      response: 'rates',
      responseSchemas: inEveryVersion(ratesResponseSchema),
      parse: () => undefined,
      run: (deps) => getRates(deps),
      serialize: serializeRates,
    }),
    /**
     * DELETE /tax/rates/{id} (taxkit extension): takes the imported tables whose content id,
     * name or file name is `id` out of use. They stay stored, so calculations made with them
     * still replay; importing one again puts it back. Every engine on the store picks the
     * change up at its next look at the rate revision. 404 RATE_TABLE_NOT_FOUND when none
     * matches (embedded tables cannot be removed).
     *
     * @example
     * await engine.rateTables.remove('TAXRATES_ZIP5_CO202603.csv');
     */
    remove: defineOperation({
      method: 'DELETE',
      path: '/tax/rates/:id',
      summary: 'taxkit extension: take an imported rate table out of use (kept for replay).',
      keys: 'secret',
      since: undefined,
      args: ['id'],
      request: undefined,
      response: 'removedRateTables',
      responseSchemas: inEveryVersion(removedRateTablesResponseSchema),
      parse: idOf,
      run: removeRateTables,
      serialize: serializeRemovedRateTables,
    }),
  },
  /** Marketplace taxes (2026-01-01+). */
  platform: {
    calculations: {
      /**
       * POST /tax/platform/calculations (2026-01-01+): tax on a merchant's sale through the
       * platform. `amount` is the unit price (taxable base = amount × quantity). Platform fees in
       * `fee_details` are taxed at the merchant's location, since the fee is the platform's sale
       * to the merchant.
       */
      create: defineOperation({
        method: 'POST',
        path: '/tax/platform/calculations',
        summary: "Calculate tax on a merchant's sale through the platform (amount is per unit).",
        keys: 'secret',
        since: PLATFORM_SINCE,
        args: ['body'],
        request: 'platformCalculation',
        requestSchema: platformCalculationRequestSchema,
        response: 'platformCalculation',
        responseSchemas: platformCalculationResponseSchemas,
        fields: platformCalculationFields,
        parse: ({ body }, scope) => parsePlatformCalculationInput(body, scope),
        run: createPlatformCalculation,
        serialize: serializePlatformCalculation,
      }),
    },
    transactions: {
      /**
       * POST /tax/platform/transactions (2026-01-01+): records a platform calculation; answers
       * `{ object: 'list', transactions }`: an order, plus a fee for payment processors.
       */
      create: defineOperation({
        method: 'POST',
        path: '/tax/platform/transactions',
        summary: 'Record the transactions of a platform sale (order, and fee for payment processors).',
        keys: 'secret',
        since: PLATFORM_SINCE,
        args: ['body'],
        request: 'platformTransaction',
        requestSchema: platformTransactionRequestSchema,
        response: 'platformTransactions',
        responseSchemas: platformTransactionsResponseSchemas,
        fields: platformTransactionFields,
        parse: ({ body }) => parsePlatformTransactionRequest(body),
        run: createPlatformTransactions,
        serialize: serializeTransactionList,
      }),
    },
  },
} as const;

/** The table's shape, for the types derived from it. */
export type OperationTable = typeof OPERATIONS;
