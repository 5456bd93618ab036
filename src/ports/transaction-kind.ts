import type { Transaction } from '../core/types.ts';

/** `sale`: recorded from a standard calculation; `platform_order`: a platform sale's order; `fee`: a platform's fee. */
export type TransactionKind = 'sale' | 'platform_order' | 'fee';

/** Which of the three kinds a transaction is. */
export function transactionKind(transaction: Pick<Transaction, 'type' | 'platform'>): TransactionKind {
  if (transaction.type === 'fee') return 'fee';
  return transaction.platform === undefined ? 'sale' : 'platform_order';
}
