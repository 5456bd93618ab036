import type { z } from 'zod';
import type { ApiVersion, LATEST_API_VERSION } from './api-version.ts';
import type { calculationRequestSchema } from './calculation-request.ts';
import type { customerRequestSchema } from './customer-request.ts';
import type {
  refundListRequestSchema,
  reversalListRequestSchema,
  transactionListRequestSchema,
} from './ledger-list-request.ts';
import type { liabilityReportRequestSchema } from './liability-report-request.ts';
import type { ossReturnRequestSchema } from './oss-return-request.ts';
import type { serReturnRequestSchema } from './ser-return-request.ts';
import type { listRequestSchema } from './list-request.ts';
import type { manualLineItemsRequestSchema } from './manual-line-items-request.ts';
import type { merchantCreateSchema, merchantUpdateSchema } from './merchant-request.ts';
import type { platformCalculationRequestSchema } from './platform-calculation-request.ts';
import type { platformTransactionRequestSchema } from './platform-transaction-request.ts';
import type { productRequestSchema } from './product-request.ts';
import type { refundRequestSchema } from './refund-request.ts';
import type { refundReversalRequestSchema } from './refund-reversal-request.ts';
import type { certificateCreateSchema, certificateUpdateSchema } from './exemption-certificate-request.ts';
import type { certificateRequestCreateSchema } from './certificate-request-request.ts';
import type {
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
  ledgerRefundListResponseSchemas,
  liabilityReportResponseSchema,
  ossReturnResponseSchema,
  serReturnResponseSchema,
  manualLineItemsResponseSchema,
  transactionListResponseSchemas,
  registrationListResponseSchema,
  registrationResponseSchema,
  transactionResponseSchemas,
} from './response-schemas.ts';
import type { transactionRequestSchema } from './transaction-request.ts';
import type { registrationRequestSchema, registrationUpdateSchema } from './registration-request.ts';
import type { nexusQuerySchema } from './nexus-request.ts';

/**
 * The request and response types of every operation, per API version, derived from the zod
 * schemas that validate requests (src/wire/*-request.ts) and describe responses
 * (src/wire/response-schemas.ts). `V` is the `version` of the call's context; it defaults to
 * the newest, as the engine does.
 *
 * @example
 * import type { Calculation, CalculationRequest } from 'taxkit';
 * const request: CalculationRequest = { customer: { address: { address_country: 'DE' } }, order_details: { … } };
 * const calculation: Calculation = await engine.calculations.create(request);
 * const old: Calculation<'2024-09-01'> = await engine.calculations.create(request, { version: '2024-09-01' });
 *
 * @module
 */

/** The newest API version: what a call without `context.version` gets. */
export type LatestApiVersion = typeof LATEST_API_VERSION;
/** The versions merchants and platform operations exist in. */
export type PlatformApiVersion = Extract<ApiVersion, '2026-01-01' | '2026-03-01'>;

type FullCalculationRequest = z.input<typeof calculationRequestSchema>;
type WithoutIp<T extends { readonly customer: object }> = Omit<T, 'customer'> & {
  customer: Omit<T['customer'], 'ip'>;
};

/** Body of POST /tax/calculations; `customer.ip` exists from 2026-03-01. */
export type CalculationRequest<V extends ApiVersion = LatestApiVersion> = '2026-03-01' extends V
  ? FullCalculationRequest
  : WithoutIp<FullCalculationRequest>;
/** Body of POST /tax/transactions. */
export type TransactionRequest = z.input<typeof transactionRequestSchema>;
/** Body of POST /tax/refunds. */
export type RefundRequest = z.input<typeof refundRequestSchema>;
/** Body of POST /tax/refund_reversals. */
export type RefundReversalRequest = z.input<typeof refundReversalRequestSchema>;
/** Body of POST /tax/products. */
export type ProductRequest = z.input<typeof productRequestSchema>;
/** Body of POST /tax/customers. */
export type CustomerRequest = z.input<typeof customerRequestSchema>;
/** Body of POST /tax/merchants. */
export type MerchantCreateRequest = z.input<typeof merchantCreateSchema>;
/** Body of POST /tax/merchants/{id}. */
export type MerchantUpdateRequest = z.input<typeof merchantUpdateSchema>;
/** Body of POST /tax/platform/calculations. */
export type PlatformCalculationRequest = z.input<typeof platformCalculationRequestSchema>;
/** Body of POST /tax/platform/transactions. */
export type PlatformTransactionRequest = z.input<typeof platformTransactionRequestSchema>;
/** Query of GET /tax/transactions: a period of `transaction_processed_at`, filters, `cursor` and `limit`. */
export type TransactionListRequest = z.input<typeof transactionListRequestSchema>;
/** Query of GET /tax/refunds: a period of `refund_processed_at`, `cursor` and `limit`. */
export type RefundListRequest = z.input<typeof refundListRequestSchema>;
/** Query of GET /tax/refund_reversals: a period of `reversed_at`, `cursor` and `limit`. */
export type ReversalListRequest = z.input<typeof reversalListRequestSchema>;
/** A page of recorded sales (GET /tax/transactions) as `version` answers it. */
export type TransactionList<V extends ApiVersion = LatestApiVersion> = z.output<
  (typeof transactionListResponseSchemas)[V]
>;
/** A page of refunds by period (GET /tax/refunds, GET /tax/refund_reversals) as `version` answers it. */
export type LedgerRefundList<V extends ApiVersion = LatestApiVersion> = z.output<
  (typeof ledgerRefundListResponseSchemas)[V]
>;
/** Query of GET /tax/reports/liability: `from`, `to` (YYYY-MM-DD), `period`, `currency`. */
export type LiabilityReportRequest = z.input<typeof liabilityReportRequestSchema>;
/** The liability report (GET /tax/reports/liability), the same in every version. */
export type LiabilityReport = z.output<typeof liabilityReportResponseSchema>;
/** Query of GET /tax/reports/oss: `quarter` (YYYY-Qn), `scheme`, `format`, `part`. */
export type OssReturnRequest = z.input<typeof ossReturnRequestSchema>;
/** The EU one-stop-shop return (GET /tax/reports/oss), the same in every version. */
export type OssReturn = z.output<typeof ossReturnResponseSchema>;
/** Query of GET /tax/reports/ser: `state`, `from`, `to` (YYYY-MM-DD), `format`. */
export type SerReturnRequest = z.input<typeof serReturnRequestSchema>;
/** The SST Simplified Electronic Return's figures (GET /tax/reports/ser), the same in every version. */
export type SerReturn = z.output<typeof serReturnResponseSchema>;
/** Body of POST /tax/manual_line_items: a sale made outside taxkit. */
export type ManualLineItemsRequest = z.input<typeof manualLineItemsRequestSchema>;
/** The answer of POST /tax/manual_line_items. */
export type ManualLineItems = z.output<typeof manualLineItemsResponseSchema>;
/** Body of POST /tax/registrations. */
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;
/** Body of POST /tax/registrations/{id}. */
export type RegistrationUpdateRequest = z.input<typeof registrationUpdateSchema>;
/** Query of GET /tax/nexus: `at`. */
export type NexusRequest = z.input<typeof nexusQuerySchema>;
/** Body of POST /tax/certificates (taxkit extension). */
export type CertificateCreateRequest = z.input<typeof certificateCreateSchema>;
/** Body of POST /tax/certificates/{id} (taxkit extension). */
export type CertificateUpdateRequest = z.input<typeof certificateUpdateSchema>;
/** Body of POST /tax/certificate-requests (taxkit extension). */
export type CertificateRequestCreateRequest = z.input<typeof certificateRequestCreateSchema>;
/** Query of the list operations: `cursor` and `limit`. */
export type ListRequest = z.input<typeof listRequestSchema>;

/** A calculation as `version` answers it. */
export type Calculation<V extends ApiVersion = LatestApiVersion> = z.output<(typeof calculationResponseSchemas)[V]>;
/** A platform calculation as `version` (2026-01-01+) answers it. */
export type PlatformCalculation<V extends PlatformApiVersion = LatestApiVersion> = z.output<
  (typeof platformCalculationResponseSchemas)[V]
>;
/** A transaction as `version` answers it. */
export type Transaction<V extends ApiVersion = LatestApiVersion> = z.output<(typeof transactionResponseSchemas)[V]>;
/** The transactions a platform sale records, as `version` answers them. */
export type PlatformTransactions<V extends PlatformApiVersion = LatestApiVersion> = z.output<
  (typeof platformTransactionsResponseSchemas)[V]
>;
/** A refund (or a reversed one) as `version` answers it. */
export type Refund<V extends ApiVersion = LatestApiVersion> = z.output<(typeof refundResponseSchemas)[V]>;
/** A transaction's refunds as `version` answers them. */
export type RefundList<V extends ApiVersion = LatestApiVersion> = z.output<(typeof refundListResponseSchemas)[V]>;
export type Product = z.output<typeof productResponseSchema>;
export type ProductList = z.output<typeof productListResponseSchema>;
export type Customer = z.output<typeof customerResponseSchema>;
export type CustomerList = z.output<typeof customerListResponseSchema>;
export type Merchant = z.output<typeof merchantResponseSchema>;
export type MerchantList = z.output<typeof merchantListResponseSchema>;
export type DeletedTransaction = z.output<typeof deletedTransactionResponseSchema>;
export type DeletedProduct = z.output<typeof deletedProductResponseSchema>;
export type DeletedCustomer = z.output<typeof deletedCustomerResponseSchema>;
export type DeletedMerchant = z.output<typeof deletedMerchantResponseSchema>;
export type Registration = z.output<typeof registrationResponseSchema>;
export type RegistrationList = z.output<typeof registrationListResponseSchema>;
export type DeletedRegistration = z.output<typeof deletedRegistrationResponseSchema>;
export type NexusStatus = z.output<typeof nexusResponseSchema>;
/** GET /tax/rates (taxkit extension). */
export type RatesJson = z.output<typeof ratesResponseSchema>;
/** DELETE /tax/rates/{id} (taxkit extension). */
export type RemovedRateTablesJson = z.output<typeof removedRateTablesResponseSchema>;
/** A `tax.exemption_certificate` (2026-03-01). */
export type CertificateJson = z.output<typeof certificateResponseSchema>;
export type CertificateList = z.output<typeof certificateListResponseSchema>;
/** A `tax.certificate_request` (2026-03-01). */
export type CertificateRequestJson = z.output<typeof certificateRequestResponseSchema>;
export type CertificateRequestList = z.output<typeof certificateRequestListResponseSchema>;

/**
 * The request body of each kind of operation, by the key an operation row names in
 * `src/api/operation-table.ts`; the engine's method types are read from here.
 */
export interface RequestBodies<V extends ApiVersion = LatestApiVersion> {
  calculation: CalculationRequest<V>;
  transaction: TransactionRequest;
  refund: RefundRequest;
  refundReversal: RefundReversalRequest;
  product: ProductRequest;
  customer: CustomerRequest;
  merchantCreate: MerchantCreateRequest;
  merchantUpdate: MerchantUpdateRequest;
  platformCalculation: PlatformCalculationRequest;
  platformTransaction: PlatformTransactionRequest;
  transactionList: TransactionListRequest;
  refundList: RefundListRequest;
  reversalList: ReversalListRequest;
  liabilityReport: LiabilityReportRequest;
  ossReturn: OssReturnRequest;
  serReturn: SerReturnRequest;
  manualLineItems: ManualLineItemsRequest;
  registration: RegistrationRequest;
  registrationUpdate: RegistrationUpdateRequest;
  /** The query of GET /tax/nexus (a query, not a body: the row has no request schema). */
  nexusQuery: NexusRequest;
  certificateCreate: CertificateCreateRequest;
  certificateUpdate: CertificateUpdateRequest;
  certificateRequestCreate: CertificateRequestCreateRequest;
}

/** The success body of each kind of operation in version `V`, keyed as {@link RequestBodies}. */
export interface ResponseBodies<V extends ApiVersion = LatestApiVersion> {
  calculation: Calculation<V>;
  platformCalculation: PlatformCalculation<Extract<V, PlatformApiVersion>>;
  transaction: Transaction<V>;
  platformTransactions: PlatformTransactions<Extract<V, PlatformApiVersion>>;
  deletedTransaction: DeletedTransaction;
  refund: Refund<V>;
  refundList: RefundList<V>;
  product: Product;
  productList: ProductList;
  deletedProduct: DeletedProduct;
  customer: Customer;
  customerList: CustomerList;
  deletedCustomer: DeletedCustomer;
  merchant: Merchant;
  merchantList: MerchantList;
  deletedMerchant: DeletedMerchant;
  transactionList: TransactionList<V>;
  ledgerRefundList: LedgerRefundList<V>;
  liabilityReport: LiabilityReport;
  ossReturn: OssReturn;
  serReturn: SerReturn;
  manualLineItems: ManualLineItems;
  registration: Registration;
  registrationList: RegistrationList;
  deletedRegistration: DeletedRegistration;
  nexus: NexusStatus;
  rates: RatesJson;
  removedRateTables: RemovedRateTablesJson;
  certificate: CertificateJson;
  certificateList: CertificateList;
  certificateRequest: CertificateRequestJson;
  certificateRequestList: CertificateRequestList;
}
