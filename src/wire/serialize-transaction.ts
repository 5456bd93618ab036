import type { Mode, Transaction } from '../core/types.ts';
import type { ApiVersion } from './api-version.ts';
import { serializeLine } from './serialize-line.ts';

/** A transaction as POST /tax/transactions and GET /tax/transactions/{id} return it (docs/interface.md §2.6). */
export function serializeTransaction(
  transaction: Transaction,
  version: ApiVersion,
  mode: Mode,
): Record<string, unknown> {
  const platform = transaction.platform;
  return {
    id: transaction.id,
    object: 'tax.transaction',
    calculation_id: transaction.calculationId,
    reference_order_id: transaction.referenceOrderId,
    // Platform transactions (docs/interface.md §4.15): which part of the sale, for whom, and the payment.
    ...(platform === undefined
      ? {}
      : {
          type: transaction.type,
          client_role: platform.clientRoles,
          merchant: { id: platform.merchantId, reference_merchant_id: platform.referenceMerchantId },
          reference_payment_id: platform.referencePaymentId,
        }),
    transaction_processed_at: transaction.processedAt,
    customer_currency_code: transaction.currency,
    filing_currency_code: transaction.filingCurrency,
    line_items: transaction.lines.map((line) => serializeLine(line, version, 'transaction')),
    testmode: mode === 'test',
    metadata: transaction.metadata,
  };
}

/** The answer to DELETE /tax/transactions/{id}. */
export function serializeDeletedTransaction(transaction: Transaction): Record<string, unknown> {
  return { id: transaction.id, object: 'tax.transaction', deleted: true, deleted_at: transaction.deletedAt ?? null };
}
