/**
 * Builders of valid domain records for tests: each returns a complete record with every
 * required field and no optional one, and takes overrides for the fields a test cares about.
 * Ids come from one counter, so records built later sort later.
 *
 * @module
 */
import type {
  Address,
  Calculation,
  Customer,
  JurisdictionTax,
  Merchant,
  Product,
  Refund,
  RefundLine,
  RefundReversal,
  TaxLine,
  Tenant,
  Transaction,
} from '../../src/core/types.ts';

/** The tenant tests write to unless they say otherwise. */
export const TENANT: Tenant = { accountId: 'acct_1', mode: 'test' };
/** Another account, same mode. */
export const OTHER_ACCOUNT: Tenant = { accountId: 'acct_2', mode: 'test' };
/** The same account in live mode. */
export const LIVE_MODE: Tenant = { accountId: 'acct_1', mode: 'live' };

/** A fixed instant (2025-06-01T12:00:00Z), so records do not depend on the clock. */
export const AT = 1_748_779_200_000;

let sequence = 0;

/** A fresh id with the given prefix; later ids sort after earlier ones. */
export function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}_${String(sequence).padStart(10, '0')}`;
}

export function makeAddress(overrides: Partial<Address> = {}): Address {
  return {
    line1: '600 Montgomery St',
    line2: '',
    city: 'San Francisco',
    province: 'CA',
    postalCode: '94111',
    country: 'US',
    ...overrides,
  };
}

export function makeJurisdictionTax(overrides: Partial<JurisdictionTax> = {}): JurisdictionTax {
  return {
    jurisdictionId: 'US-CA',
    name: 'CALIFORNIA',
    rateType: 'STATE SALES TAX',
    authorityName: 'California Department of Tax and Fee Administration',
    authorityType: 'STATE',
    taxType: 'SALES',
    rate: '0.0725',
    feeMinor: 0,
    taxDue: '72.5',
    taxMinor: 73,
    note: '',
    ...overrides,
  };
}

export function makeTaxLine(overrides: Partial<TaxLine> = {}): TaxLine {
  return {
    lineItemId: nextId('li'),
    referenceLineItemId: 'line-1',
    referenceProductId: 'sku-1',
    productName: 'Widget',
    productTaxCode: 'GENERAL_MERCHANDISE',
    quantity: 1,
    amountExcludingTaxMinor: 1000,
    taxMinor: 73,
    amountIncludingTaxMinor: 1073,
    jurisdictions: [makeJurisdictionTax()],
    ...overrides,
  };
}

export function makeCalculation(overrides: Partial<Calculation> = {}): Calculation {
  return {
    id: nextId('calc'),
    kind: 'standard',
    createdAt: AT,
    expiresAt: AT + 86_400_000,
    currency: 'USD',
    taxIncluded: false,
    automaticTax: 'auto',
    customer: { type: 'CONSUMER', taxIds: [], isTaxExempt: false },
    lines: [makeTaxLine()],
    totalTaxMinor: 73,
    totalExcludingTaxMinor: 1000,
    totalIncludingTaxMinor: 1073,
    location: { address: makeAddress(), status: 'EXACT', precision: 'POSTAL', source: 'address' },
    metadata: {},
    rateSnapshot: 'sha256:0f1e2d3c',
    ...overrides,
  };
}

export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: nextId('tr'),
    calculationId: nextId('calc'),
    referenceOrderId: nextId('order'),
    processedAt: AT,
    createdAt: AT,
    currency: 'USD',
    filingCurrency: 'USD',
    lines: [makeTaxLine()],
    metadata: {},
    type: 'order',
    ...overrides,
  };
}

/** A refund line giving back all of `line`: its amounts negated. */
export function makeRefundLine(line: TaxLine = makeTaxLine(), overrides: Partial<RefundLine> = {}): RefundLine {
  return {
    ...line,
    lineItemId: nextId('li'),
    refundsLineItemId: line.lineItemId,
    quantity: line.quantity,
    amountExcludingTaxMinor: -line.amountExcludingTaxMinor,
    taxMinor: -line.taxMinor,
    amountIncludingTaxMinor: -line.amountIncludingTaxMinor,
    jurisdictions: line.jurisdictions.map((part) => ({ ...part, taxMinor: -part.taxMinor })),
    ...overrides,
  };
}

export function makeRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: nextId('ref'),
    transactionId: nextId('tr'),
    type: 'full',
    processedAt: AT,
    createdAt: AT,
    lines: [makeRefundLine()],
    ...overrides,
  };
}

export function makeReversal(overrides: Partial<RefundReversal> = {}): RefundReversal {
  return {
    id: nextId('rev'),
    refundId: nextId('ref'),
    transactionId: nextId('tr'),
    createdAt: AT + 60_000,
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    referenceProductId: nextId('sku'),
    name: 'Widget',
    category: 'GENERAL_MERCHANDISE',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: nextId('cust'),
    referenceCustomerId: nextId('customer'),
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    isTaxExempt: false,
    createdAt: AT,
    ...overrides,
  };
}

export function makeMerchant(overrides: Partial<Merchant> = {}): Merchant {
  return {
    id: nextId('merch'),
    referenceMerchantId: nextId('merchant'),
    name: 'Acme Goods',
    email: 'tax@acme.example',
    taxIds: [],
    metadata: {},
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/**
 * A calculation as a store gives it back: without the top-level `note`, which is derived from
 * the rate lookup each time a calculation is built and is not part of a stored record.
 */
export function withoutNote(calculation: Calculation): Calculation {
  const { note: _derived, ...stored } = calculation;
  return stored;
}
