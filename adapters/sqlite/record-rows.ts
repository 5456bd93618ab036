/**
 * Records to rows and back: one function per table builds the INSERT parameters, whose `body`
 * is the record itself as JSON and whose other columns copy or total what lookups, constraints
 * and reports need; `recordOf` reads a record back from its `body`.
 *
 * @module
 */
import type {
  Customer,
  Merchant,
  Product,
  Refund,
  RefundReversal,
  TaxLine,
  Tenant,
  Transaction,
} from '../../src/core/types.ts';
import type { customers, merchants, products, refundReversals, refunds, transactions } from './schema.ts';
import type { RowOf } from './statement-parts.ts';

/**
 * The INSERT parameters of a transaction. A literal with every key written out, not the tenant
 * and the totals spread in: V8 defines each key after a spread through its generic runtime
 * path, which cost this row, built on every sale, more than the JSON of its body.
 */
export function transactionRow(tenant: Tenant, transaction: Transaction): RowOf<typeof transactions> {
  const totals = lineTotals(transaction.lines);
  return {
    accountId: tenant.accountId,
    mode: tenant.mode,
    id: transaction.id,
    calculationId: transaction.calculationId,
    referenceOrderId: transaction.referenceOrderId,
    type: transaction.type,
    merchantId: transaction.platform?.merchantId ?? null,
    currency: transaction.currency,
    filingCurrency: transaction.filingCurrency,
    amountExcludingTaxMinor: totals.amountExcludingTaxMinor,
    taxMinor: totals.taxMinor,
    amountIncludingTaxMinor: totals.amountIncludingTaxMinor,
    processedAt: transaction.processedAt,
    createdAt: transaction.createdAt,
    deletedAt: transaction.deletedAt ?? null,
    body: JSON.stringify(transaction),
    remaining: null,
    customerId: transaction.customerId ?? null,
  };
}

/** The INSERT parameters of a refund; a literal, like {@link transactionRow}. */
export function refundRow(tenant: Tenant, refund: Refund): RowOf<typeof refunds> {
  const totals = lineTotals(refund.lines);
  return {
    accountId: tenant.accountId,
    mode: tenant.mode,
    id: refund.id,
    transactionId: refund.transactionId,
    type: refund.type,
    amountExcludingTaxMinor: totals.amountExcludingTaxMinor,
    taxMinor: totals.taxMinor,
    amountIncludingTaxMinor: totals.amountIncludingTaxMinor,
    processedAt: refund.processedAt,
    createdAt: refund.createdAt,
    reversedAt: refund.reversedAt ?? null,
    reversalId: refund.reversalId ?? null,
    deletedAt: null,
    body: JSON.stringify(refund),
  };
}

/** The INSERT parameters of a refund reversal; a literal, like {@link transactionRow}. */
export function reversalRow(tenant: Tenant, reversal: RefundReversal): RowOf<typeof refundReversals> {
  return {
    accountId: tenant.accountId,
    mode: tenant.mode,
    id: reversal.id,
    refundId: reversal.refundId,
    transactionId: reversal.transactionId,
    createdAt: reversal.createdAt,
    deletedAt: null,
    body: JSON.stringify(reversal),
  };
}

/** The INSERT parameters of a product. */
export function productRow(tenant: Tenant, product: Product): RowOf<typeof products> {
  return {
    ...tenantOf(tenant),
    referenceProductId: product.referenceProductId,
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
    id: customer.id,
    referenceCustomerId: customer.referenceCustomerId,
    createdAt: customer.createdAt,
    deletedAt: customer.deletedAt ?? null,
    body: JSON.stringify(customer),
  };
}

/** The INSERT parameters of a merchant. */
export function merchantRow(tenant: Tenant, merchant: Merchant): RowOf<typeof merchants> {
  return {
    ...tenantOf(tenant),
    id: merchant.id,
    referenceMerchantId: merchant.referenceMerchantId,
    createdAt: merchant.createdAt,
    updatedAt: merchant.updatedAt,
    deletedAt: merchant.deletedAt ?? null,
    body: JSON.stringify(merchant),
  };
}

/** The record a `SELECT body` row holds, or `undefined` for no row. */
export function recordOf<T>(row: { readonly body: string } | undefined): T | undefined {
  return row === undefined ? undefined : (JSON.parse(row.body) as T);
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
