import type { Mode, Transaction } from '../core/types.ts';
import type { ApiVersion } from './api-version.ts';
import { asVersioned } from './as-versioned.ts';
import type { DeletedTransaction, Transaction as TransactionJson } from './api-types.ts';
import { serializeLine } from './serialize-line.ts';

/** A transaction as POST /tax/transactions and GET /tax/transactions/{id} return it (docs/interface.md §2.6). */
export function serializeTransaction<V extends ApiVersion>(
  transaction: Transaction,
  version: V,
  mode: Mode,
): TransactionJson<V> {
  const platform = transaction.platform;
  const lineItems = transaction.lines.map((line) => serializeLine(line, version, 'transaction'));
  // Two literals rather than the platform fields spread into one: every sale is serialized,
  // and V8 defines each key that follows a spread through its slow generic path.
  if (platform === undefined) {
    return asVersioned<TransactionJson<V>>({
      id: transaction.id,
      object: 'tax.transaction',
      calculation_id: transaction.calculationId,
      reference_order_id: transaction.referenceOrderId,
      transaction_processed_at: transaction.processedAt,
      customer_currency_code: transaction.currency,
      filing_currency_code: transaction.filingCurrency,
      line_items: lineItems,
      testmode: mode === 'test',
      metadata: transaction.metadata,
    });
  }
  return asVersioned<TransactionJson<V>>({
    id: transaction.id,
    object: 'tax.transaction',
    calculation_id: transaction.calculationId,
    reference_order_id: transaction.referenceOrderId,
    // Platform transactions (docs/interface.md §4.15): which part of the sale, for whom, and the payment.
    type: transaction.type,
    client_role: platform.clientRoles,
    merchant: { id: platform.merchantId, reference_merchant_id: platform.referenceMerchantId },
    reference_payment_id: platform.referencePaymentId,
    transaction_processed_at: transaction.processedAt,
    customer_currency_code: transaction.currency,
    filing_currency_code: transaction.filingCurrency,
    line_items: lineItems,
    testmode: mode === 'test',
    metadata: transaction.metadata,
  });
}

/** The answer to DELETE /tax/transactions/{id}. */
export function serializeDeletedTransaction(transaction: Transaction): DeletedTransaction {
  return { id: transaction.id, object: 'tax.transaction', deleted: true, deleted_at: transaction.deletedAt ?? null };
}
