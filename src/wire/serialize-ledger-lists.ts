import type { Mode, Refund, Transaction } from '../core/types.ts';
import type { ApiVersion } from './api-version.ts';
import type { LedgerRefundList, TransactionList } from './api-types.ts';
import { asVersioned } from './as-versioned.ts';
import { serializeRefund } from './serialize-refund.ts';
import type { PageOf } from './serialize-lists.ts';
import { serializeTransaction } from './serialize-transaction.ts';

/** GET /tax/transactions: `{ transactions, has_more, last_transaction_id }`, each as GET /tax/transactions/{id} answers it. */
export function serializeTransactionPage<V extends ApiVersion>(
  page: PageOf<Transaction>,
  version: V,
  mode: Mode,
): TransactionList<V> {
  return asVersioned<TransactionList<V>>({
    transactions: page.items.map((transaction) => serializeTransaction(transaction, version, mode)),
    has_more: page.hasMore,
    last_transaction_id: page.lastId,
  });
}

/** GET /tax/refunds and GET /tax/refund_reversals: refunds as POST /tax/refunds answers them, with `transaction_id`. */
export function serializeLedgerRefundPage<V extends ApiVersion>(
  page: PageOf<Refund>,
  version: V,
  mode: Mode,
): LedgerRefundList<V> {
  return asVersioned<LedgerRefundList<V>>({
    refunds: page.items.map((refund) => ({
      ...serializeRefund(refund, version, mode),
      transaction_id: refund.transactionId,
    })),
    has_more: page.hasMore,
    last_refund_id: page.lastId,
  });
}
