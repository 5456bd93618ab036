import { z } from 'zod';
import { OSS_LEFT_OUT_REASONS, type OssLeftOutReason } from '../core/reports/oss-return.ts';
import { API_VERSIONS, type ApiVersion } from './api-version.ts';

/**
 * The responses of the service interface, per operation and version, as zod schemas. They are
 * the source of the exported response types (`Calculation<'2025-05-12'>` …), and the test suite
 * parses every serializer's real output with them, strictly: a field a serializer adds, drops
 * or retypes without changing its schema fails a test, so the types cannot drift from the JSON.
 *
 * Versions that answer alike share a schema: `2026-01-01` and `2026-03-01` differ only in the
 * calculation's `location_source` and `resolution_precision`.
 *
 * @module
 */

const metadata = z.record(z.string(), z.unknown());
const taxId = z.strictObject({ type: z.string(), value: z.string() });

/** `address_used`, a merchant's `default_address`: every field, empty when unknown. */
export const addressResponseSchema = z.strictObject({
  address_line_1: z.string(),
  address_line_2: z.string(),
  address_city: z.string(),
  address_province: z.string(),
  address_postal_code: z.string(),
  address_country: z.string(),
});

// --- jurisdiction entries (docs/interface.md §2.5) -----------------------------------------

const jurisdictionBase = z.strictObject({
  tax_rate: z.number(),
  rate_type: z.string(),
  jurisdiction_name: z.string(),
  fee_amount: z.number(),
});
const authority = {
  // taxkit extension: the stable jurisdiction id ("US-KS", "US-KS:COUNTY:091", "DE"), the key
  // the liability report groups by, so a caller can match a line's tax to a report row.
  jurisdiction_id: z.string(),
  tax_authority_name: z.string(),
  tax_authority_type: z.string(),
  tax_type: z.string(),
};
const note = { note: z.string() };
const taxDue = { tax_due_decimal: z.number() };

/**
 * Calculations: `note` in every version (the hosted API has it from 2025-05-12; taxkit tells a
 * 2024-09-01 caller why a rate is what it is too), exact tax and authority from 2026-01-01.
 */
const calculationJurisdiction = {
  '2024': jurisdictionBase.extend(note),
  '2025': jurisdictionBase.extend(note),
  '2026': jurisdictionBase.extend({ ...note, ...taxDue, ...authority }),
};
/** Transactions and refunds: `note` always, authority from 2026-01-01. */
const recordJurisdiction = {
  '2024': jurisdictionBase.extend(note),
  '2025': jurisdictionBase.extend(note),
  '2026': jurisdictionBase.extend({ ...note, ...authority }),
};
/** Refund list entries: `note` and exact tax always, authority from 2026-01-01. */
const refundListJurisdiction = {
  '2024': jurisdictionBase.extend({ ...note, ...taxDue }),
  '2025': jurisdictionBase.extend({ ...note, ...taxDue }),
  '2026': jurisdictionBase.extend({ ...note, ...taxDue, ...authority }),
};

// --- line items (docs/interface.md §2.4) ----------------------------------------------------

const product = z.strictObject({
  reference_product_name: z.string(),
  reference_product_id: z.string(),
  product_tax_code: z.string(),
  reference_line_item_id: z.string(),
});

function lineSchema<J extends z.ZodType>(jurisdiction: J) {
  return z.strictObject({
    product,
    tax_jurisdictions: z.array(jurisdiction),
    quantity: z.number(),
    tax_amount: z.number(),
    amount_excluding_tax: z.number(),
    amount_including_tax: z.number(),
  });
}

const calculationLine = {
  '2024': lineSchema(calculationJurisdiction['2024']),
  '2025': lineSchema(calculationJurisdiction['2025']).extend({ line_item_id: z.string() }),
  '2026': lineSchema(calculationJurisdiction['2026']).extend({ line_item_id: z.string() }),
};
const recordLine = {
  '2024': lineSchema(recordJurisdiction['2024']),
  '2025': lineSchema(recordJurisdiction['2025']),
  '2026': lineSchema(recordJurisdiction['2026']),
};
const refundListLine = {
  '2024': lineSchema(refundListJurisdiction['2024']),
  '2025': lineSchema(refundListJurisdiction['2025']),
  '2026': lineSchema(refundListJurisdiction['2026']),
};

// --- calculations (docs/interface.md §2.3) --------------------------------------------------

const calculationBase = {
  id: z.string(),
  object: z.literal('tax.calculation'),
  customer_currency_code: z.string(),
  tax_included_in_amount: z.boolean(),
  total_tax_amount: z.number(),
  total_amount_excluding_tax: z.number(),
  total_amount_including_tax: z.number(),
  expires_at: z.number(),
  testmode: z.boolean(),
  metadata,
  /** taxkit extension, every version (docs/rates.md): the date rates were looked up for. */
  tax_date: z.number(),
  /** taxkit extension, every version: the rate snapshot used; replay recomputes with it. */
  rates_snapshot: z.string(),
  /** taxkit extension, every version, only when there is something to say (a US rate at state level only). */
  note: z.string().optional(),
};
const since2025 = {
  customer: z.strictObject({ type: z.enum(['CONSUMER', 'BUSINESS']), id: z.string().optional() }),
  automatic_tax: z.enum(['auto', 'disabled']),
  address_resolution_status: z.enum(['EXACT', 'POSTAL_FALLBACK_1', 'POSTAL_ONLY']),
  address_used: addressResponseSchema,
};
const since202603 = {
  location_source: z.enum(['address', 'ip']),
  /** `null` when nothing was resolved (an IP answered with zero rates). */
  resolution_precision: z.enum(['STREET', 'POSTAL_PLUS', 'POSTAL', 'PROVINCE', 'COUNTRY', 'APPROXIMATED']).nullable(),
};

/** The answer of POST /tax/calculations, per version. */
export const calculationResponseSchemas = {
  '2024-09-01': z.strictObject({ ...calculationBase, line_items: z.array(calculationLine['2024']) }),
  '2025-05-12': z.strictObject({ ...calculationBase, ...since2025, line_items: z.array(calculationLine['2025']) }),
  '2026-01-01': z.strictObject({ ...calculationBase, ...since2025, line_items: z.array(calculationLine['2026']) }),
  '2026-03-01': z.strictObject({
    ...calculationBase,
    ...since2025,
    ...since202603,
    line_items: z.array(calculationLine['2026']),
  }),
} as const satisfies Record<ApiVersion, z.ZodType>;

const groupTotals = z.strictObject({
  tax_amount: z.number(),
  amount_excluding_tax: z.number(),
  amount_including_tax: z.number(),
});
const platformParts = {
  merchant: z.strictObject({ id: z.string(), reference_merchant_id: z.string() }),
  roles: z.array(z.enum(['marketplace_provider', 'payment_processor', 'merchant_of_record'])),
  totals: z.strictObject({ order: groupTotals, fees: groupTotals.optional() }),
  fee_line_items: z.array(calculationLine['2026']).optional(),
};

/** The answer of POST /tax/platform/calculations (2026-01-01+). */
export const platformCalculationResponseSchemas = {
  '2026-01-01': calculationResponseSchemas['2026-01-01'].extend(platformParts),
  '2026-03-01': calculationResponseSchemas['2026-03-01'].extend(platformParts),
} as const;

// --- transactions and refunds (docs/interface.md §2.6, §2.7) --------------------------------

function transactionSchema<L extends z.ZodType>(line: L) {
  return z.strictObject({
    id: z.string(),
    object: z.literal('tax.transaction'),
    calculation_id: z.string(),
    reference_order_id: z.string(),
    /** Platform transactions only (2026-01-01+). */
    type: z.enum(['order', 'fee']).optional(),
    client_role: z.array(z.string()).optional(),
    merchant: z.strictObject({ id: z.string(), reference_merchant_id: z.string() }).optional(),
    reference_payment_id: z.string().optional(),
    transaction_processed_at: z.number(),
    customer_currency_code: z.string(),
    filing_currency_code: z.string(),
    line_items: z.array(line),
    testmode: z.boolean(),
    metadata,
  });
}

function refundSchema<L extends z.ZodType>(line: L) {
  return z.strictObject({
    id: z.string(),
    object: z.literal('tax.refund'),
    refund_type: z.enum(['full', 'partial']),
    testmode: z.boolean(),
    refund_processed_at: z.number(),
    line_items: z.array(line),
    reversed_at: z.number().optional(),
  });
}

function refundListSchema<L extends z.ZodType>(line: L) {
  return z.strictObject({
    refunds: z.array(refundSchema(line).omit({ refund_type: true })),
    has_more: z.boolean(),
    last_refund_id: z.string().nullable(),
  });
}

/** The answer of POST /tax/transactions and GET /tax/transactions/{id}, per version. */
export const transactionResponseSchemas = {
  '2024-09-01': transactionSchema(recordLine['2024']),
  '2025-05-12': transactionSchema(recordLine['2025']),
  '2026-01-01': transactionSchema(recordLine['2026']),
  '2026-03-01': transactionSchema(recordLine['2026']),
} as const satisfies Record<ApiVersion, z.ZodType>;

/** The answer of POST /tax/refunds and POST /tax/refund_reversals, per version. */
export const refundResponseSchemas = {
  '2024-09-01': refundSchema(recordLine['2024']),
  '2025-05-12': refundSchema(recordLine['2025']),
  '2026-01-01': refundSchema(recordLine['2026']),
  '2026-03-01': refundSchema(recordLine['2026']),
} as const satisfies Record<ApiVersion, z.ZodType>;

/** The answer of GET /tax/transactions/{id}/refunds, per version. */
export const refundListResponseSchemas = {
  '2024-09-01': refundListSchema(refundListLine['2024']),
  '2025-05-12': refundListSchema(refundListLine['2025']),
  '2026-01-01': refundListSchema(refundListLine['2026']),
  '2026-03-01': refundListSchema(refundListLine['2026']),
} as const satisfies Record<ApiVersion, z.ZodType>;

function transactionListSchema<T extends z.ZodType>(transaction: T) {
  return z.strictObject({
    transactions: z.array(transaction),
    has_more: z.boolean(),
    last_transaction_id: z.string().nullable(),
  });
}

/** The answer of GET /tax/transactions (taxkit's extension): a page of the ledger's sales, per version. */
export const transactionListResponseSchemas = {
  '2024-09-01': transactionListSchema(transactionResponseSchemas['2024-09-01']),
  '2025-05-12': transactionListSchema(transactionResponseSchemas['2025-05-12']),
  '2026-01-01': transactionListSchema(transactionResponseSchemas['2026-01-01']),
  '2026-03-01': transactionListSchema(transactionResponseSchemas['2026-03-01']),
} as const satisfies Record<ApiVersion, z.ZodType>;

function ledgerRefundListSchema<L extends z.ZodType>(line: L) {
  return z.strictObject({
    refunds: z.array(refundSchema(line).extend({ transaction_id: z.string() })),
    has_more: z.boolean(),
    last_refund_id: z.string().nullable(),
  });
}

/**
 * The answer of GET /tax/refunds and GET /tax/refund_reversals (taxkit's extensions): a page of
 * refunds by period, each as POST /tax/refunds answers it plus its `transaction_id`.
 */
export const ledgerRefundListResponseSchemas = {
  '2024-09-01': ledgerRefundListSchema(recordLine['2024']),
  '2025-05-12': ledgerRefundListSchema(recordLine['2025']),
  '2026-01-01': ledgerRefundListSchema(recordLine['2026']),
  '2026-03-01': ledgerRefundListSchema(recordLine['2026']),
} as const satisfies Record<ApiVersion, z.ZodType>;

/** The answer of POST /tax/platform/transactions (2026-01-01+). */
export const platformTransactionsResponseSchemas = {
  '2026-01-01': z.strictObject({
    object: z.literal('list'),
    transactions: z.array(transactionResponseSchemas['2026-01-01']),
  }),
  '2026-03-01': z.strictObject({
    object: z.literal('list'),
    transactions: z.array(transactionResponseSchemas['2026-03-01']),
  }),
} as const;

// --- stored records (docs/interface.md §2.8, §2.9, §2.11): the same in every version ---------

export const productResponseSchema = z.strictObject({
  object: z.literal('tax.product'),
  reference_product_id: z.string(),
  reference_product_name: z.string(),
  product_category: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
  testmode: z.boolean(),
});

export const customerResponseSchema = z.strictObject({
  id: z.string(),
  object: z.literal('tax.customer'),
  reference_customer_id: z.string(),
  name: z.string(),
  email: z.string(),
  is_tax_exempt: z.boolean(),
});

export const merchantResponseSchema = z.strictObject({
  id: z.string(),
  object: z.literal('tax.merchant'),
  reference_merchant_id: z.string(),
  name: z.string(),
  email: z.string(),
  default_address: addressResponseSchema.nullable(),
  tax_ids: z.array(taxId),
  status: z.literal('active'),
  testmode: z.boolean(),
  created_at: z.number(),
  updated_at: z.number(),
  metadata,
});

export const productListResponseSchema = z.strictObject({
  last_product_id: z.string().nullable(),
  products: z.array(productResponseSchema),
  has_more: z.boolean(),
});
export const customerListResponseSchema = z.strictObject({
  customers: z.array(customerResponseSchema),
  has_more: z.boolean(),
  last_customer_id: z.string().nullable(),
});
export const merchantListResponseSchema = z.strictObject({
  merchants: z.array(merchantResponseSchema),
  has_more: z.boolean(),
  last_merchant_id: z.string().nullable(),
});

const deletedAt = { deleted: z.literal(true), deleted_at: z.number().nullable() };
export const deletedTransactionResponseSchema = z.strictObject({
  id: z.string(),
  object: z.literal('tax.transaction'),
  ...deletedAt,
});
export const deletedProductResponseSchema = z.strictObject({
  reference_product_id: z.string(),
  object: z.literal('tax.product'),
  ...deletedAt,
});
export const deletedCustomerResponseSchema = z.strictObject({
  id: z.string(),
  object: z.literal('tax.customer'),
  ...deletedAt,
});
export const deletedMerchantResponseSchema = z.strictObject({
  id: z.string(),
  object: z.literal('tax.merchant'),
  ...deletedAt,
});

export const registrationResponseSchema = z.strictObject({
  id: z.string(),
  object: z.literal('tax.registration'),
  country: z.string(),
  province: z.string().nullable(),
  type: z.string(),
  registration_number: z.string().nullable(),
  active_from: z.number(),
  expires_at: z.number().nullable(),
  testmode: z.boolean(),
  created_at: z.number(),
  updated_at: z.number(),
});
export const registrationListResponseSchema = z.strictObject({
  object: z.literal('list'),
  registrations: z.array(registrationResponseSchema),
  has_more: z.boolean(),
  /** The next page's cursor: the last id listed (on an empty page the cursor asked with, else null). */
  last_registration_id: z.string().nullable(),
});
export const deletedRegistrationResponseSchema = z.strictObject({
  id: z.string(),
  object: z.literal('tax.registration'),
  ...deletedAt,
});

/** One jurisdiction of GET /tax/nexus; amounts in minor units of `currency` (the threshold's). */
export const nexusJurisdictionSchema = z.strictObject({
  jurisdiction: z.string(),
  name: z.string(),
  status: z.enum(['registered', 'exceeded', 'approaching', 'below', 'no_sales_tax']),
  sales_amount: z.number(),
  transaction_count: z.number(),
  threshold_amount: z.number().nullable(),
  threshold_transactions: z.number().nullable(),
  currency: z.string().nullable(),
  combine: z.enum(['amount_only', 'amount_or_transactions', 'amount_and_transactions']).nullable(),
  period: z.string().nullable(),
  period_start: z.number().nullable(),
  period_end: z.number().nullable(),
  basis: z.enum(['gross', 'retail', 'taxable', 'consumer']).nullable(),
  marketplace_sales: z.enum(['included', 'excluded', 'unstated']).nullable(),
  progress: z.number(),
  crossed_at: z.number().nullable(),
  crossed_by_transaction_id: z.string().nullable(),
  unconverted_transaction_count: z.number(),
  source: z.string(),
  doubt: z.string().nullable(),
  note: z.string(),
});
export const nexusResponseSchema = z.strictObject({
  object: z.literal('tax.nexus'),
  at: z.number(),
  jurisdictions: z.array(nexusJurisdictionSchema),
});

/** One rate table of GET /tax/rates; the import's facts are null for a table embedded in taxkit. */
export const rateTableResponseSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  source: z.string(),
  effective_date: z.string(),
  origin: z.enum(['embedded', 'imported']),
  in_snapshot: z.boolean(),
  format: z.string().nullable(),
  file_name: z.string().nullable(),
  row_count: z.number().nullable(),
  imported_at: z.number().nullable(),
  revision: z.number().nullable(),
  source_url: z.string().nullable(),
  /** An SST rate or boundary file's state, kind and quarter; null for other tables. */
  sst: z.strictObject({ state: z.string(), kind: z.enum(['rates', 'boundaries']), quarter: z.string() }).nullable(),
});
/** GET /tax/rates (taxkit extension): the rate snapshot new calculations use, and its tables. */
export const ratesResponseSchema = z.strictObject({
  object: z.literal('tax.rates'),
  snapshot: z.string(),
  revision: z.number(),
  tables: z.array(rateTableResponseSchema),
});

/** DELETE /tax/rates/{id} (taxkit extension): the imported tables taken out of use (kept for replay). */
export const removedRateTablesResponseSchema = z.strictObject({
  object: z.literal('tax.rate_table_removal'),
  removed: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      file_name: z.string(),
      effective_date: z.string(),
      format: z.string(),
    }),
  ),
  revision: z.number(),
});

// --- exemption certificates and certificate requests (2026-03-01; docs/exemptions.md) ---------

/** A customer link: taxkit's id and the caller's reference id (null when none was given). */
const customerLink = z.strictObject({ id: z.string(), reference_customer_id: z.string().nullable() });
/** A calendar day, YYYY-MM-DD (UTC). */
const day = z.string();
/** A moment, ISO 8601 in UTC to the second ("2026-03-01T12:00:00Z"). */
const moment = z.string();

export const certificateResponseSchema = z.strictObject({
  id: z.string(),
  object: z.literal('tax.exemption_certificate'),
  status: z.enum(['processing', 'needs_info', 'active', 'expiring', 'expired', 'invalid']),
  certificate_type: z.strictObject({ id: z.string(), name: z.string(), certificate_identifier: z.string() }).nullable(),
  customer: customerLink,
  jurisdictions: z.array(
    z.strictObject({ jurisdiction_id: z.string(), effective_date: day, expiration_date: day.nullable() }),
  ),
  effective_date: day,
  expiration_date: day.nullable(),
  created_at: moment,
  updated_at: moment,
  livemode: z.boolean(),
  /** taxkit keeps no documents: always null, as the interface answers before one is attached. */
  download_url: z.string().nullable(),
  // taxkit's additions
  reason: z.enum([
    'resale',
    'government',
    'nonprofit',
    'agricultural',
    'industrial_production',
    'educational',
    'direct_pay',
    'other',
  ]),
  certificate_number: z.string().nullable(),
  exempt_percentage: z.number().nullable(),
  certificate_request_id: z.string().nullable(),
  revoked_at: moment.nullable(),
});

export const certificateListResponseSchema = z.strictObject({
  object: z.literal('list'),
  certificates: z.array(certificateResponseSchema),
  has_more: z.boolean(),
  /** The last id of the page; left out (not null) on the last page. */
  next_cursor: z.string().optional(),
});

export const certificateRequestResponseSchema = z.strictObject({
  id: z.string(),
  object: z.literal('tax.certificate_request'),
  status: z.enum(['pending', 'fulfilled', 'canceled', 'invalid']),
  customer: customerLink.nullable(),
  certificate_id: z.string().nullable(),
  certificate_type_id: z.string().nullable(),
  jurisdictions: z.array(z.string()),
  created_at: moment,
  updated_at: moment,
  expires_at: moment.nullable(),
  livemode: z.boolean(),
});

export const certificateRequestListResponseSchema = z.strictObject({
  object: z.literal('list'),
  certificate_requests: z.array(certificateRequestResponseSchema),
  has_more: z.boolean(),
  next_cursor: z.string().optional(),
});

/** The answer of GET /tax/ping: the same in every version, which it echoes. */
export const pingResponseSchema = z.strictObject({
  status: z.literal('ok'),
  env: z.enum(['prod', 'test']),
  timestamp: z.string(),
  api_version: z.string(),
});

/** One response schema for every version from `since` on: stored records answer alike in all of them. */
export function inEveryVersion(
  schema: z.ZodType,
  since: ApiVersion = API_VERSIONS[0],
): Readonly<Partial<Record<ApiVersion, z.ZodType>>> {
  return Object.fromEntries(API_VERSIONS.filter((version) => version >= since).map((version) => [version, schema]));
}

/** One row of the liability report: a period, a jurisdiction, a tax type, a rate and a currency. */
export const liabilityRowSchema = z.strictObject({
  period_start: z.string(),
  period_end: z.string(),
  jurisdiction_id: z.string(),
  country: z.string(),
  subdivision: z.string(),
  level: z.enum(['COUNTRY', 'STATE', 'COUNTY', 'CITY', 'DISTRICT']),
  jurisdiction_name: z.string(),
  tax_type: z.string(),
  tax_rate: z.number(),
  currency: z.string(),
  gross_sales: z.number(),
  exempt_sales: z.number(),
  exempt_customer_sales: z.number(),
  exempt_certificate_sales: z.number(),
  exempt_category_sales: z.number(),
  reverse_charge_sales: z.number(),
  not_registered_sales: z.number(),
  not_collected_sales: z.number(),
  marketplace_facilitated_sales: z.number(),
  non_taxable_sales: z.number(),
  taxable_sales: z.number(),
  tax_calculated: z.number(),
  tax_collected: z.number(),
  refunded_sales: z.number(),
  tax_refunded: z.number(),
  tax_refunds_made: z.number(),
  tax_refunds_reversed: z.number(),
  net_tax: z.number(),
  transaction_count: z.number(),
});

/** The answer of GET /tax/reports/liability (taxkit's extension), the same in every version. */
export const liabilityReportResponseSchema = z.strictObject({
  object: z.literal('tax.liability_report'),
  from: z.string(),
  to: z.string(),
  period: z.enum(['month', 'quarter', 'year']),
  currency: z.string().nullable(),
  testmode: z.boolean(),
  rows: z.array(liabilityRowSchema),
  totals: z.array(
    z.strictObject({
      currency: z.string(),
      gross_sales: z.number(),
      tax_collected: z.number(),
      tax_refunded: z.number(),
      net_tax: z.number(),
      transaction_count: z.number(),
    }),
  ),
  /** Sales still waiting for their filing conversion, reported in their own currency meanwhile. */
  filing_pending: z.array(
    z.strictObject({
      currency: z.string(),
      filing_currency: z.string(),
      source: z.string(),
      rule: z.enum(['sale', 'period_end']),
      first_day: z.string(),
      last_day: z.string(),
      sale_count: z.number(),
    }),
  ),
});

/** The answer of POST /tax/manual_line_items: the backfilled sale as recorded, the same in every version. */
export const manualLineItemsResponseSchema = z.strictObject({
  object: z.literal('tax.manual_line_items'),
  /** The first line's id, as the hosted API answers. */
  line_item_id: z.string(),
  order_id: z.string(),
  /** taxkit's extension: the transaction the sale was recorded as (listed by GET /tax/transactions). */
  transaction_id: z.string(),
  transaction_processed_at: z.number(),
  currency_code: z.string(),
  line_items: z.array(
    z.strictObject({
      line_item_id: z.string(),
      sales: z.number(),
      total_taxes: z.number(),
      product_category: z.string(),
    }),
  ),
  testmode: z.boolean(),
});

/** One line of an OSS return: a kind of supply at one rate in one member state, in euro cents. */
export const ossSupplySchema = z.strictObject({
  kind: z.enum(['goods', 'services']),
  rate: z.number(),
  rate_type: z.enum(['STANDARD', 'REDUCED']),
  taxable_amount: z.number(),
  vat_amount: z.number(),
  /** Goods dispatched from another member state than the one of identification: that state; else null. */
  dispatched_from: z.string().nullable(),
  /** The seller's VAT or tax number in `dispatched_from`, from a `domestic` registration there; else null. */
  dispatched_from_vat_number: z.string().nullable(),
});

/** The answer of GET /tax/reports/oss (taxkit's extension): the EU one-stop-shop return of a quarter. */
export const ossReturnResponseSchema = z.strictObject({
  object: z.literal('tax.oss_return'),
  quarter: z.string(),
  currency: z.literal('EUR'),
  scheme: z.enum(['union', 'non_union']),
  member_state_of_identification: z.string(),
  vat_number: z.string(),
  reference: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  testmode: z.boolean(),
  member_states: z.array(
    z.strictObject({
      country: z.string(),
      supplies: z.array(ossSupplySchema),
      vat_amount: z.number(),
      corrections_vat_amount: z.number(),
      vat_due: z.number(),
    }),
  ),
  corrections: z.array(
    z.strictObject({
      country: z.string(),
      quarter: z.string(),
      taxable_amount: z.number(),
      vat_amount: z.number(),
    }),
  ),
  total_taxable_amount: z.number(),
  total_vat: z.number(),
  left_out: z.array(
    z.strictObject({
      reason: z.enum(OSS_LEFT_OUT_REASONS as [OssLeftOutReason, ...OssLeftOutReason[]]),
      sales: z.number(),
      refunds: z.number(),
    }),
  ),
  rounding: z.string(),
  /** How many BZSt upload files `format=bzst` makes (`part=1…n`). */
  bzst_parts: z.number(),
});

/** The answer of GET /tax/reports/ser (taxkit's extension): an SST Simplified Electronic Return's figures, in cents. */
export const serReturnResponseSchema = z.strictObject({
  object: z.literal('tax.ser_return'),
  state: z.string(),
  state_fips: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  currency: z.literal('USD'),
  seller_id: z.string(),
  testmode: z.boolean(),
  total_sales: z.number(),
  exempt_sales: z.number(),
  taxable_sales: z.number(),
  state_tax_due: z.number(),
  jurisdictions: z.array(
    z.strictObject({
      jurisdiction_id: z.string(),
      level: z.string(),
      name: z.string(),
      code: z.string().nullable(),
      tax_due: z.number(),
    }),
  ),
  total_tax_due: z.number(),
  /** Per-order fees charged in the state in the period (in the liability report, not on the SER). */
  fees_due: z.number(),
  /** The XML (`format=xml`) is a draft: its schema could not be confirmed in full (docs/filing.md). */
  draft: z.boolean(),
  draft_reasons: z.array(z.string()),
});
