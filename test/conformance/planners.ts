/**
 * Small refund and reversal planners for the conformance cases: the store calls them inside
 * its write transaction, as it will call the engine's real ones.
 *
 * @module
 */
import { TaxError } from '../../src/core/errors.ts';
import { openingBalance } from '../../src/core/ledger/remaining-balance.ts';
import type { Refund } from '../../src/core/types.ts';
import type { RefundPlanner, ReversalPlanner } from '../../src/ports/store.ts';
import { makeRefund, makeRefundLine, makeReversal } from '../helpers/records.ts';

/** Refunds every line of the transaction in full. */
export function planFullRefund(overrides: Partial<Refund> = {}): RefundPlanner {
  return (transaction) =>
    makeRefund({
      transactionId: transaction.id,
      lines: transaction.lines.map((line) => makeRefundLine(line)),
      ...overrides,
    });
}

/**
 * `plan`, but refusing (TRANSACTION_FULLY_REFUNDED) while a refund that is not reversed exists:
 * while the balance the store passes differs from the untouched transaction's.
 */
export function refusingPriorRefunds(plan: RefundPlanner): RefundPlanner {
  return (transaction, remaining) => {
    if (JSON.stringify(remaining) !== JSON.stringify(openingBalance(transaction))) {
      throw new TaxError('TRANSACTION_FULLY_REFUNDED', `Transaction ${transaction.id} is already refunded.`);
    }
    return plan(transaction, remaining);
  };
}

/** Reverses a refund once; refuses (REFUND_ALREADY_REVERSED) a refund already reversed. */
export function planReversal(createdAt?: number): ReversalPlanner {
  return (refund, transaction) => {
    if (refund.reversedAt !== undefined) {
      throw new TaxError('REFUND_ALREADY_REVERSED', `Refund ${refund.id} is already reversed.`);
    }
    return makeReversal({
      refundId: refund.id,
      transactionId: transaction.id,
      ...(createdAt === undefined ? {} : { createdAt }),
    });
  };
}
