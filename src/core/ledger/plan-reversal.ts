import { keyedError } from '../errors.ts';
import type { Refund, RefundReversal, Transaction } from '../types.ts';

/**
 * Plans the reversal of `refund` (POST /tax/refund_reversals; docs/decisions.md "refund reversal"):
 * a record of its own, nothing deleted; once the store marks the refund reversed it no longer
 * counts against the transaction's balance. Pure: `id` and `now` (Unix seconds) are given.
 *
 * Throws REFUND_ALREADY_REVERSED for a refund reversed before, and REFUND_NOT_FOUND when its
 * transaction was deleted (a deleted transaction's refunds disappear with it).
 */
export function planReversal(refund: Refund, transaction: Transaction, id: string, now: number): RefundReversal {
  if (refund.reversedAt !== undefined) {
    throw keyedError(
      'REFUND_ALREADY_REVERSED',
      ['refundId'],
      `Refund ${refund.id} was already reversed at ${refund.reversedAt}.`,
      { reversalId: refund.reversalId },
    );
  }
  if (transaction.deletedAt !== undefined) {
    throw keyedError(
      'REFUND_NOT_FOUND',
      ['refundId'],
      `No refund ${refund.id}: its transaction ${transaction.id} was deleted.`,
    );
  }
  return { id, refundId: refund.id, transactionId: refund.transactionId, createdAt: now };
}
