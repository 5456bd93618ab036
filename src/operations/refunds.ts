import { planRefundAgainst, type RefundInput } from '../core/ledger/plan-refund.ts';
import { planReversal } from '../core/ledger/plan-reversal.ts';
import type { Refund, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { callTime } from './call-time.ts';

/** A refund to make, as the wire layer parses it: of which transaction, and what. */
export interface CreateRefundInput {
  readonly transactionId: string;
  readonly refund: RefundInput;
}

/**
 * Refunds all that is left of a transaction or the given lines, never more than remains. The
 * balance check runs inside the store's write transaction, against the running balance it
 * keeps, so two refunds racing for the same remainder cannot both pass.
 */
export async function createRefund(deps: EngineDeps, tenant: Tenant, input: CreateRefundInput): Promise<Refund> {
  const { nowMs, now } = callTime(deps, tenant);
  const id = deps.ids.next('ref', nowMs);
  return deps.store.insertRefund(tenant, input.transactionId, (transaction, remaining) =>
    planRefundAgainst(transaction, remaining, input.refund, id, now),
  );
}

/**
 * Reverses a refund: nothing is deleted, the reversal is recorded and the refund no longer
 * counts against its transaction. Returns the refund as it is now (with its reversal).
 */
export async function reverseRefund(deps: EngineDeps, tenant: Tenant, refundId: string): Promise<Refund> {
  const { nowMs, now } = callTime(deps, tenant);
  const id = deps.ids.next('rev', nowMs);
  return deps.store.reverseRefund(tenant, refundId, (current, transaction) =>
    planReversal(current, transaction, id, now),
  );
}
