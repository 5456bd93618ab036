import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { createRefund } from '../operations/refunds.ts';
import { withFields } from '../wire/field-map.ts';
import { parseRefundRequest, refundFields, type RefundRequest } from '../wire/refund-request.ts';
import { serializeRefund } from '../wire/serialize-refund.ts';
import { callScope } from './call-scope.ts';

export interface RefundsResource {
  /**
   * POST /tax/refunds: refunds all that is left of a transaction (`type: 'full'`) or the given
   * lines (`'partial'`, amounts negative), never more than remains (docs/interface.md §4.5, docs/decisions.md).
   *
   * @example
   * const refund = await engine.refunds.create({
   *   transaction_id: transaction.id,
   *   type: 'partial',
   *   line_items: [{ reference_product_id: 'sku-1', sales_amount_refunded: -100, tax_amount_refunded: -7, quantity: 1 }],
   * });
   */
  create(request: RefundRequest | unknown, context?: CallContext): Promise<Record<string, unknown>>;
}

export function createRefundsResource(deps: EngineDeps): RefundsResource {
  // parse the wire body -> the engine operation on domain objects -> serialize.
  return {
    async create(body, context) {
      const { tenant, version } = callScope(deps, context);
      const input = parseRefundRequest(body);
      const refund = await withFields(refundFields, () => createRefund(deps, tenant, input));
      return serializeRefund(refund, version, tenant.mode);
    },
  };
}
