import { planReversal } from '../core/ledger/plan-reversal.ts';
import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { parseBody } from '../wire/parse-body.ts';
import { refundReversalRequestSchema, type RefundReversalRequest } from '../wire/refund-reversal-request.ts';
import { serializeRefund } from '../wire/serialize-refund.ts';
import { callScope, callTime } from './call-scope.ts';

export interface RefundReversalsResource {
  /**
   * POST /tax/refund_reversals: reverses a refund (docs/interface.md §4.6). Nothing is deleted: the reversal
   * is recorded, the refund no longer counts against the transaction, and the answer is the
   * refund with `reversed_at`. Works in every API version (docs/interface.md §4.6).
   *
   * @example
   * const reversed = await engine.refundReversals.create({ refund_id: refund.id });
   * reversed.reversed_at; // Unix seconds
   */
  create(request: RefundReversalRequest | unknown, context?: CallContext): Promise<Record<string, unknown>>;
}

export function createRefundReversalsResource(deps: EngineDeps): RefundReversalsResource {
  return {
    async create(body, context) {
      const { tenant, version } = callScope(deps, context);
      const request = parseBody(refundReversalRequestSchema, body);
      const { nowMs, now } = callTime(deps);
      const id = deps.ids.next('rev', nowMs);
      const refund = await deps.store.reverseRefund(tenant, request.refund_id, (current, transaction) =>
        planReversal(current, transaction, id, now),
      );
      return serializeRefund(refund, version, tenant.mode);
    },
  };
}
