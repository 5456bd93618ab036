/**
 * Records to rows and back: one function per table builds the INSERT parameters, whose `body`
 * is the record itself as JSON (for a calculation, its `record` and `templates` from the codec
 * every store uses) and whose other columns copy or total what lookups, constraints and reports
 * need; `recordOf` reads a record back from its `body`, `calculationOf` a calculation.
 *
 * @module
 */
import type {
  Calculation,
  Customer,
  Merchant,
  Product,
  Refund,
  RefundReversal,
  TaxLine,
  Tenant,
  Transaction,
} from '../../src/core/types.ts';
import type { CalculationCodec } from '../shared/calculation-codec.ts';
import { storageUnavailable } from './postgres-errors.ts';
import type { calculations, customers, merchants, products, refundReversals, refunds, transactions } from './schema.ts';
import type { RowOf } from './statement-parts.ts';

/** The bytes a key column holds for `text`: its UTF-8 encoding, which also orders it. */
export function keyOf(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}

/**
 * The INSERT parameters of a calculation: its record and templates from the store's codec
 * (`adapters/shared/calculation-codec.ts`), the codec every store keeps calculations with.
 */
export function calculationRow(
  tenant: Tenant,
  calculation: Calculation,
  codec: CalculationCodec,
): RowOf<typeof calculations> {
  const encoded = codec.encode(calculation);
  const record = Buffer.allocUnsafe(encoded.bytes);
  const written = codec.write(record, 0);
  return {
    ...tenantOf(tenant),
    id: keyOf(calculation.id),
    kind: calculation.kind,
    currency: calculation.currency,
    totalExcludingTaxMinor: calculation.totalExcludingTaxMinor,
    totalTaxMinor: calculation.totalTaxMinor,
    totalIncludingTaxMinor: calculation.totalIncludingTaxMinor,
    createdAt: calculation.createdAt,
    expiresAt: calculation.expiresAt,
    deletedAt: null,
    body: null,
    record: record.subarray(0, written),
    templates: encoded.templates,
  };
}

/** The calculation the first `SELECT record, templates` row holds, or `undefined` for no row. */
export function calculationOf(
  rows: readonly { readonly record?: unknown; readonly templates?: unknown }[],
  codec: CalculationCodec,
): Calculation | undefined {
  const row = rows[0];
  if (row === undefined) return undefined;
  const { record, templates } = row;
  if (!Buffer.isBuffer(record) || typeof templates !== 'string') {
    // Only a version older than the rewrite of calculation rows (or a hand) writes one without.
    throw storageUnavailable(new Error('no calculation record'), 'A stored calculation is not a record');
  }
  try {
    return codec.decode(record, 0, templates);
  } catch (error) {
    throw storageUnavailable(error, 'A stored calculation record cannot be read');
  }
}

/** The INSERT parameters of a transaction. */
export function transactionRow(tenant: Tenant, transaction: Transaction): RowOf<typeof transactions> {
  const merchantId = transaction.platform?.merchantId;
  return {
    ...tenantOf(tenant),
    id: keyOf(transaction.id),
    calculationId: keyOf(transaction.calculationId),
    referenceOrderId: keyOf(transaction.referenceOrderId),
    type: transaction.type,
    merchantId: merchantId === undefined ? null : keyOf(merchantId),
    currency: transaction.currency,
    filingCurrency: transaction.filingCurrency,
    ...lineTotals(transaction.lines),
    processedAt: transaction.processedAt,
    createdAt: transaction.createdAt,
    deletedAt: transaction.deletedAt ?? null,
    customerId: transaction.customerId === undefined ? null : keyOf(transaction.customerId),
    body: JSON.stringify(transaction),
    remaining: null,
  };
}

/** The INSERT parameters of a refund. */
export function refundRow(tenant: Tenant, refund: Refund): RowOf<typeof refunds> {
  return {
    ...tenantOf(tenant),
    id: keyOf(refund.id),
    transactionId: keyOf(refund.transactionId),
    type: refund.type,
    ...lineTotals(refund.lines),
    processedAt: refund.processedAt,
    createdAt: refund.createdAt,
    reversedAt: refund.reversedAt ?? null,
    reversalId: refund.reversalId === undefined ? null : keyOf(refund.reversalId),
    deletedAt: null,
    body: JSON.stringify(refund),
  };
}

/** The INSERT parameters of a refund reversal. */
export function reversalRow(tenant: Tenant, reversal: RefundReversal): RowOf<typeof refundReversals> {
  return {
    ...tenantOf(tenant),
    id: keyOf(reversal.id),
    refundId: keyOf(reversal.refundId),
    transactionId: keyOf(reversal.transactionId),
    createdAt: reversal.createdAt,
    deletedAt: null,
    body: JSON.stringify(reversal),
  };
}

/** The INSERT parameters of a product. */
export function productRow(tenant: Tenant, product: Product): RowOf<typeof products> {
  return {
    ...tenantOf(tenant),
    referenceProductId: keyOf(product.referenceProductId),
    category: product.category,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    deletedAt: product.deletedAt ?? null,
    body: JSON.stringify(product),
  };
}

/** The INSERT parameters of a customer. */
export function customerRow(tenant: Tenant, customer: Customer): RowOf<typeof customers> {
  return {
    ...tenantOf(tenant),
    id: keyOf(customer.id),
    referenceCustomerId: keyOf(customer.referenceCustomerId),
    createdAt: customer.createdAt,
    deletedAt: customer.deletedAt ?? null,
    body: JSON.stringify(customer),
  };
}

/** The INSERT parameters of a merchant. */
export function merchantRow(tenant: Tenant, merchant: Merchant): RowOf<typeof merchants> {
  return {
    ...tenantOf(tenant),
    id: keyOf(merchant.id),
    referenceMerchantId: keyOf(merchant.referenceMerchantId),
    createdAt: merchant.createdAt,
    updatedAt: merchant.updatedAt,
    deletedAt: merchant.deletedAt ?? null,
    body: JSON.stringify(merchant),
  };
}

/** The record the first `SELECT body` row holds, or `undefined` for no row. */
export function recordOf<T>(rows: readonly { readonly body?: unknown }[]): T | undefined {
  const body = rows[0]?.body;
  return body === undefined ? undefined : parseBody<T>(body);
}

/** Every `SELECT body` row's record, in row order. */
export function recordsOf<T>(rows: readonly { readonly body?: unknown }[]): T[] {
  return rows.map((row) => parseBody<T>(row.body));
}

/** A stored record; a row that is not JSON (written by hand, say) is STORAGE_UNAVAILABLE with the parse error as cause. */
function parseBody<T>(body: unknown): T {
  try {
    return JSON.parse(body as string) as T;
  } catch (error) {
    throw storageUnavailable(error, 'A stored record is not valid JSON');
  }
}

/** The tenant as the `accountId`/`mode` parameters every statement starts with. */
export function tenantOf(tenant: Tenant): { readonly accountId: string; readonly mode: Tenant['mode'] } {
  return { accountId: tenant.accountId, mode: tenant.mode };
}

/** Sums in bigint: safe amounts on many lines can add up past 2^53. */
function lineTotals(lines: readonly TaxLine[]) {
  let amountExcludingTaxMinor = 0n;
  let taxMinor = 0n;
  let amountIncludingTaxMinor = 0n;
  for (const line of lines) {
    amountExcludingTaxMinor += BigInt(line.amountExcludingTaxMinor);
    taxMinor += BigInt(line.taxMinor);
    amountIncludingTaxMinor += BigInt(line.amountIncludingTaxMinor);
  }
  return { amountExcludingTaxMinor, taxMinor, amountIncludingTaxMinor };
}
