import type { FilingPending } from './fx/filing-rules.ts';
/**
 * Domain records of taxkit. These are the engine's own, idiomatic shapes: camelCase, integer
 * minor units with a `Minor` suffix, exact decimal strings for rates. The wire shapes of the
 * service interface (snake_case, per API version) are produced from these in `src/wire/`.
 *
 * Every record is plain data (JSON-serialisable) so stores can keep it as it is.
 *
 * @module
 */

import type { VatNumberCheck } from './tax-ids/vat-number-check.ts';

/** Test records and live records never see each other. */
export type Mode = 'test' | 'live';

/** Who owns a record: one account in one mode. Every store call is scoped by it. */
export interface Tenant {
  readonly accountId: string;
  readonly mode: Mode;
}

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export type Metadata = Readonly<Record<string, JsonValue>>;

export interface Address {
  readonly line1: string;
  readonly line2: string;
  readonly city: string;
  /** State or province code without the country prefix ("CA", "ON"). */
  readonly province: string;
  readonly postalCode: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
}

export type AddressResolutionStatus = 'EXACT' | 'POSTAL_FALLBACK_1' | 'POSTAL_ONLY';
export type ResolutionPrecision = 'STREET' | 'POSTAL_PLUS' | 'POSTAL' | 'PROVINCE' | 'COUNTRY' | 'APPROXIMATED';
export type LocationSource = 'address' | 'ip';

export type TaxType = 'SALES' | 'USE' | 'VAT' | 'GST';
export type AuthorityType = 'STATE' | 'COUNTY' | 'CITY' | 'DISTRICT' | '';
export type CustomerType = 'CONSUMER' | 'BUSINESS';
export type AutomaticTax = 'auto' | 'disabled';

export interface TaxId {
  readonly type: string;
  readonly value: string;
}

/** One jurisdiction's part of one line's tax. */
export interface JurisdictionTax {
  readonly jurisdictionId: string;
  readonly name: string;
  readonly rateType: string;
  readonly authorityName: string;
  readonly authorityType: AuthorityType;
  readonly taxType: TaxType;
  /** The rate applied, as an exact decimal fraction ("0.0725"). "0" when nothing is due. */
  readonly rate: string;
  /** Flat fee in minor units charged on top of the percentage. */
  readonly feeMinor: number;
  /** Exact tax due to this jurisdiction, in minor units, as a decimal string ("656.25"). */
  readonly taxDue: string;
  /**
   * This jurisdiction's whole-unit share of the line's rounded tax (largest remainder), so the
   * parts of a line always sum to its `taxMinor`. Refunds allocate against it.
   */
  readonly taxMinor: number;
  readonly note: string;
}

export interface TaxLine {
  /** taxkit's id of this line (`li_…`). */
  readonly lineItemId: string;
  readonly referenceLineItemId: string;
  readonly referenceProductId: string;
  readonly productName: string;
  /** The product category the rates were chosen by. */
  readonly productTaxCode: string;
  readonly quantity: number;
  readonly amountExcludingTaxMinor: number;
  readonly taxMinor: number;
  readonly amountIncludingTaxMinor: number;
  readonly jurisdictions: readonly JurisdictionTax[];
}

export interface LocationUsed {
  readonly address: Address;
  readonly status: AddressResolutionStatus;
  /** Absent when nothing was resolved (an IP answered with zero rates and no country). */
  readonly precision?: ResolutionPrecision;
  readonly source: LocationSource;
}

export interface CalculationCustomer {
  readonly type: CustomerType;
  /** The stored customer this calculation was made for, when `customer.id` named one. */
  readonly customerId?: string;
  readonly taxIds: readonly TaxId[];
  readonly isTaxExempt: boolean;
  /**
   * The VAT number check of each tax id, in order, made when the calculation was created (kept
   * so a replay decides reverse charge the same way). Absent on records made before taxkit
   * checked numbers: those keep the old rule (any tax id).
   */
  readonly taxIdChecks?: readonly VatNumberCheck[];
}

export interface PlatformDetails {
  readonly merchantId: string;
  readonly referenceMerchantId: string;
  readonly roles: readonly string[];
  /** Tax lines of the platform's own fees, when fee_details were given. */
  readonly feeLines: readonly TaxLine[];
}

export interface Calculation {
  readonly id: string;
  readonly kind: 'standard' | 'platform';
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly currency: string;
  readonly taxIncluded: boolean;
  readonly automaticTax: AutomaticTax;
  readonly customer: CalculationCustomer;
  readonly lines: readonly TaxLine[];
  readonly totalTaxMinor: number;
  readonly totalExcludingTaxMinor: number;
  readonly totalIncludingTaxMinor: number;
  readonly location: LocationUsed;
  readonly origin?: Address;
  readonly metadata: Metadata;
  /** Snapshot id of the rate index used, so the calculation can be replayed exactly. */
  readonly rateSnapshot: string;
  /**
   * What the caller should know about the whole answer, shown as the top-level `note` (a taxkit
   * extension): today, that a US rate is state level only. Absent when there is nothing to say.
   */
  readonly note?: string;
  /**
   * The day rates were looked up for, as Unix seconds: the request's `tax_date`, else
   * `createdAt`. Absent on records made before taxkit recorded it (then `createdAt`).
   */
  readonly taxDate?: number;
  /**
   * The location keys rates were looked up under, most specific first ("US-CA-90002", "US-CA");
   * empty when the place was not resolved (IP modes that answer with zero rates). Kept so the
   * calculation can be replayed; absent on records made before taxkit kept it.
   */
  readonly rateKeys?: readonly string[];
  readonly platform?: PlatformDetails;
}

/** The country and state or province a sale was taxed in (`province` '' where there is none). */
export interface SalePlace {
  readonly country: string;
  readonly province: string;
}

/**
 * How a transaction's amounts convert to its filing currency: one dated reference rate,
 * decided once when the sale is recorded (docs/reports.md).
 */
export interface FilingConversion {
  /** Units of the filing currency for one unit of the transaction's currency, an exact decimal ("0.9211"). */
  readonly rate: string;
  /** The day the reference rate is for, YYYY-MM-DD. */
  readonly rateDate: string;
  /** Whose reference rate: "ECB", "HMRC", … */
  readonly source: string;
}

/** Why nothing was due on a whole sale, when that was so (the note on each jurisdiction says it too). */
export type SaleExemption =
  | 'exempt_customer'
  | 'automatic_tax_disabled'
  | 'no_nexus'
  | 'reverse_charge'
  /** A certificate of the customer exempted the whole sale (`Transaction.certificate` says which). */
  | 'certificate';

/**
 * Why a buyer is exempt, in the Streamlined Sales Tax reason codes (docs/exemptions.md):
 * resale, government, nonprofit or charitable, agricultural, industrial production or
 * manufacturing, educational, direct pay, other.
 */
export type ExemptionReason =
  | 'resale'
  | 'government'
  | 'nonprofit'
  | 'agricultural'
  | 'industrial_production'
  | 'educational'
  | 'direct_pay'
  | 'other';

/** One place an exemption certificate covers, and when (Unix seconds; whole UTC days count). */
export interface CertificateJurisdiction {
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** State or province code without the country prefix ("TX"); '' for a whole country without states. */
  readonly province: string;
  readonly effectiveDate: number;
  /** Absent: it does not expire. */
  readonly expirationDate?: number;
}

/**
 * An exemption certificate a customer gave the seller (docs/exemptions.md): it exempts the
 * customer's purchases in the places it lists, each from its effective date through its
 * expiration date, wholly or (`exemptPercentage`) in part. Revoked certificates stay, with
 * `revokedAt`, and exempt nothing.
 */
export interface ExemptionCertificate {
  readonly id: string;
  /** The stored customer (`cust_…` id). */
  readonly customerId: string;
  /** The customer's reference id when the certificate was made ('' for none), for answers that show both. */
  readonly referenceCustomerId: string;
  readonly reason: ExemptionReason;
  /** The number on the certificate (the buyer's permit or exemption number); '' when not given. */
  readonly certificateNumber: string;
  /** The form, e.g. "US-CA-CDTFA-230"; '' when not given. */
  readonly certificateType: string;
  /** The share of the price exempt, an exact decimal percentage ("50", "12.5"); absent: all of it. */
  readonly exemptPercentage?: string;
  readonly jurisdictions: readonly CertificateJurisdiction[];
  /** The certificate request this certificate fulfilled. */
  readonly requestId?: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly revokedAt?: number;
}

/** Where a certificate request stands; `invalid` is also what a pending one becomes when it expires. */
export type CertificateRequestStatus = 'pending' | 'fulfilled' | 'canceled' | 'invalid';

/** An ask to a customer for an exemption certificate (docs/exemptions.md). */
export interface CertificateRequest {
  readonly id: string;
  readonly customerId: string;
  /** The customer's reference id when the request was made ('' for none). */
  readonly referenceCustomerId: string;
  /** The form asked for, e.g. "US-CA-CDTFA-230"; '' when any will do. */
  readonly certificateType: string;
  /** Places asked for, as "US-CA". */
  readonly jurisdictions: readonly string[];
  /** The stored status: pending, fulfilled or canceled (an expired pending request reads as invalid). */
  readonly status: Exclude<CertificateRequestStatus, 'invalid'>;
  readonly certificateId?: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** When a pending request lapses (Unix seconds); absent: never. */
  readonly expiresAt?: number;
}

/** The certificate that exempted a recorded sale, in whole or in part. */
export interface SaleCertificate {
  readonly id: string;
  readonly reason: ExemptionReason;
  /** Absent: the whole price was exempt. */
  readonly exemptPercentage?: string;
}

export interface Transaction {
  readonly id: string;
  readonly calculationId: string;
  readonly referenceOrderId: string;
  readonly processedAt: number;
  readonly createdAt: number;
  readonly currency: string;
  readonly filingCurrency: string;
  readonly lines: readonly TaxLine[];
  readonly metadata: Metadata;
  /** Platform transactions are an `order` or a platform `fee`; standard ones are `order`. */
  readonly type: 'order' | 'fee';
  readonly platform?: {
    readonly merchantId: string;
    readonly referenceMerchantId: string;
    readonly referencePaymentId: string;
    readonly clientRoles: readonly string[];
  };
  readonly deletedAt?: number;
  /**
   * Kept from the calculation for reports and nexus (docs/reports.md); absent on transactions
   * recorded before taxkit kept them. The stored customer the sale was made for.
   */
  readonly customerId?: string;
  /** Where the sale was taxed: the customer's place (a platform fee's lines are the merchant's). */
  readonly place?: SalePlace;
  /** Why nothing was due on the whole sale, when that was so. */
  readonly exemption?: SaleExemption;
  /**
   * The rate to `filingCurrency` when it differs from `currency`; absent when they are the same
   * (or on transactions recorded before taxkit converted).
   */
  readonly filingConversion?: FilingConversion;
  /**
   * The filing rule's conversion this sale still waits for (its rate was not imported yet, or is
   * the rate of a period that has not ended): the sale is kept in its own currency
   * (`filingCurrency` = `currency`) and a report converts it once the rate is in the store.
   */
  readonly filingPending?: FilingPending;
  /**
   * A sale made outside taxkit and recorded afterwards (POST /tax/manual_line_items): its
   * amounts and taxes are what the caller reported, not calculated. Counts in reports and nexus.
   */
  readonly backfilled?: boolean;
  /**
   * A marketplace collected and remitted the tax on this sale: the seller charged none, reports
   * it in gross sales and deducts it, and nexus counts it only where the state's rule does.
   */
  readonly marketplaceFacilitated?: boolean;
  /**
   * The exemption certificate that exempted this sale, wholly (`exemption: 'certificate'`) or
   * in part, read from the calculation's jurisdiction notes when the sale was recorded.
   */
  readonly certificate?: SaleCertificate;
  /**
   * The country the sale was dispatched from (its calculation's origin address), absent when the
   * calculation had none or on transactions recorded before taxkit kept it.
   */
  readonly dispatchedFrom?: string;
}

/** A refunded part of one transaction line. Amounts are negative, as the API shows them. */
export interface RefundLine extends TaxLine {
  /** The transaction line this refunds (its `lineItemId`). */
  readonly refundsLineItemId: string;
}

export type RefundType = 'full' | 'partial';

export interface Refund {
  readonly id: string;
  readonly transactionId: string;
  readonly type: RefundType;
  readonly processedAt: number;
  readonly createdAt: number;
  readonly lines: readonly RefundLine[];
  /** Set when a refund reversal has been recorded for it; the refund then no longer counts. */
  readonly reversedAt?: number;
  readonly reversalId?: string;
}

export interface RefundReversal {
  readonly id: string;
  readonly refundId: string;
  readonly transactionId: string;
  readonly createdAt: number;
}

export interface Product {
  readonly referenceProductId: string;
  readonly name: string;
  readonly category: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly deletedAt?: number;
}

export interface Customer {
  readonly id: string;
  readonly referenceCustomerId: string;
  readonly name: string;
  readonly email: string;
  readonly isTaxExempt: boolean;
  readonly createdAt: number;
  readonly deletedAt?: number;
}

export interface Merchant {
  readonly id: string;
  readonly referenceMerchantId: string;
  readonly name: string;
  readonly email: string;
  readonly defaultAddress?: Address;
  readonly taxIds: readonly TaxId[];
  readonly metadata: Metadata;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly deletedAt?: number;
}

/** One page of a cursor-paginated list. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly hasMore: boolean;
}

/**
 * Where an account collects: one registration with a tax authority, from `activeFrom` until
 * `expiresAt` (exclusive; open-ended when absent). Live `automatic_tax: auto` calculations
 * collect where one is active on the sale's tax date (docs/nexus.md).
 */
export interface Registration {
  /** `taxreg_…`. */
  readonly id: string;
  /** ISO 3166-1 alpha-2 of the authority (for the EU schemes, the member state of identification). */
  readonly country: string;
  /** State or province code without the country prefix; '' where the scheme is national. */
  readonly province: string;
  /** The scheme, one of `REGISTRATION_TYPES` (src/core/registrations/registration-types.ts). */
  readonly type: string;
  /** The number the authority issued; '' when not given. */
  readonly registrationNumber: string;
  readonly activeFrom: number;
  readonly expiresAt?: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly deletedAt?: number;
}
