import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { reverseRefund } from '../operations/refunds.ts';
import { withFields } from '../wire/field-map.ts';
import {
  parseRefundReversalRequest,
  refundReversalFields,
  type RefundReversalRequest,
} from '../wire/refund-reversal-request.ts';
import { serializeRefund } from '../wire/serialize-refund.ts';
import { callScope } from './call-scope.ts';

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
  // parse the wire body -> the engine operation on domain objects -> serialize.
  return {
    async create(body, context) {
      const { tenant, version } = callScope(deps, context);
      const refundId = parseRefundReversalRequest(body);
      const refund = await withFields(refundReversalFields, () => reverseRefund(deps, tenant, refundId));
      return serializeRefund(refund, version, tenant.mode);
    },
  };
}
