/**
 * taxkit: an embeddable tax engine. The root entry holds the engine, the pure core and the
 * ports; the HTTP interface is `taxkit/http`, the stores `taxkit/memory` and `taxkit/sqlite`,
 * the GeoIP adapter `taxkit/maxmind`.
 *
 * @module
 */
export {
  createTaxEngine,
  type CalculationsApi,
  type CustomersApi,
  type MerchantsApi,
  type PlatformApi,
  type ProductsApi,
  type RefundReversalsApi,
  type RefundsApi,
  type TaxEngine,
  type TaxEngineOptions,
  type TransactionsApi,
} from './engine.ts';
export type { CallContext } from './api/call-context.ts';
// The request and response JSON of every operation, per version (from the zod schemas).
export type * from './wire/api-types.ts';
export { TaxError, TAX_ERROR_STATUS, isTaxError, type TaxErrorType } from './core/errors.ts';
// The domain records (what a TaxStore keeps) share names with the wire responses above, so
// they come as one namespace: `domain.Calculation`, `domain.Transaction`, …; the names that
// do not clash are exported directly too.
export type * as domain from './core/types.ts';
export type {
  Address,
  AddressResolutionStatus,
  AuthorityType,
  AutomaticTax,
  CalculationCustomer,
  CustomerType,
  JsonValue,
  JurisdictionTax,
  LocationSource,
  LocationUsed,
  Metadata,
  Mode,
  Page,
  PlatformDetails,
  RefundLine,
  RefundReversal,
  RefundType,
  ResolutionPrecision,
  TaxId,
  TaxLine,
  TaxType,
  Tenant,
} from './core/types.ts';

export { compileRateIndex } from './core/rates/compile-rate-index.ts';
export { lookupRates } from './core/rates/lookup-rates.ts';
export { parseDay, dayNumber, dayOfUnixSeconds } from './core/rates/day-number.ts';
export type { RateIndex, ResolvedRate } from './core/rates/rate-index.ts';
export type { CategoryRule, JurisdictionDef, LocationDef, RatePeriod, RateTable } from './core/rates/rate-table.ts';
export { loadDefaultRateTables, loadDefaultTaxability } from './defaults/load-default-rate-tables.ts';
export type {
  HolidayEvidenceField,
  SalesTaxHoliday,
  SourceQuote,
  TaxabilityRule,
  TaxabilityTable,
  Treatment,
} from './core/taxability/taxability-rule.ts';
export { taxabilityAsRateTable } from './core/taxability/taxability-as-rate-table.ts';
export { PRODUCT_CATEGORY_TABLE, type ProductCategory, type ProductCategoryCode } from './core/product-categories.ts';
export type { VendorTaxCode } from './core/product-tax-codes/product-tax-code-table.ts';
export type { OrderFee, OrderFeeTable } from './core/order-fees/order-fee-table.ts';
export { loadDefaultOrderFees } from './defaults/load-default-order-fees.ts';
export type { VatNumberCheck, VatNumberValidator } from './core/tax-ids/vat-number-check.ts';
export { checkVatNumber } from './check-vat-number.ts';
export { loadDefaultLocations } from './defaults/load-default-locations.ts';
export type { LocationTables } from './core/location/location-tables.ts';

export { applyRate, allocate, excludeTax, formatScaled, parseRate } from './core/money/index.ts';

export { API_VERSIONS, DEFAULT_API_VERSION, LATEST_API_VERSION, type ApiVersion } from './wire/api-version.ts';
export { createCountingIds, createRandomIds } from './random-ids.ts';
export { createSeededIds } from './create-seeded-ids.ts';
export { createSettableClock, type SettableClock } from './create-settable-clock.ts';
export type { Clock } from './ports/clock.ts';
export type { IdPrefix, Ids } from './ports/ids.ts';
export type { GeoLocation, GeoLookup } from './ports/geo.ts';
export type {
  CertificateQuery,
  ListOptions,
  RefundPlanner,
  RequestFulfiller,
  ReversalPlanner,
  StoreRates,
  TaxStore,
} from './ports/store.ts';

export {
  importRates,
  type ImportedFile,
  type ImportRatesOptions,
  type RateFileFormat,
  type RateImportReport,
} from './rate-import/import-rates.ts';
export type { RateInput } from './rate-import/rate-input.ts';
export type { RateSource } from './create-rate-source.ts';
export type {
  ActiveRateTables,
  RateImportOptions,
  RateImportOutcome,
  RateRemovalOutcome,
  RateSnapshot,
  RateTableFormat,
  RateTableRecord,
  RateTableSummary,
} from './core/rates/rate-table-record.ts';
export { hashRateTable } from './core/rates/hash-rate-table.ts';
export { snapshotId } from './core/rates/snapshot-id.ts';

// Filing currency (docs/filing-currency.md): reference exchange rates and the engine option.
export {
  importFxFiles,
  type FxImportOptions,
  type FxImportReport,
  type ImportedFxFile,
} from './fx-import/import-fx-files.ts';
export { parseFxFile, type FxFileFormat, type ParsedFxFile } from './fx-import/parse-fx-file.ts';
export type { StoreExchangeRates } from './ports/store.ts';
export type {
  ExchangeRate,
  ExchangeRateImportOutcome,
  ExchangeRateQuery,
  ExchangeRateSeries,
  ExchangeRateSource,
} from './core/fx/exchange-rate.ts';
export type { FilingOptions, FilingPending, FilingRule } from './core/fx/filing-rules.ts';
export { filingRate } from './core/fx/filing-rate.ts';
