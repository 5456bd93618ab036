import { planRefundAgainst, type RefundInput } from '../core/ledger/plan-refund.ts';
import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { parseBody } from '../wire/parse-body.ts';
import { refundRequestSchema, type ParsedRefundLineItem, type RefundRequest } from '../wire/refund-request.ts';
import { serializeRefund } from '../wire/serialize-refund.ts';
import { callScope, callTime } from './call-scope.ts';

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
  return {
    async create(body, context) {
      const { tenant, version } = callScope(deps, context);
      const request = parseBody(refundRequestSchema, body);
      const { nowMs, now } = callTime(deps);
      const input: RefundInput =
        request.type === 'full'
          ? { type: 'full', processedAt: request.refund_processed_at }
          : {
              type: 'partial',
              processedAt: request.refund_processed_at,
              lines: (request.line_items ?? []).map(toLineInput),
            };
      const id = deps.ids.next('ref', nowMs);
      // The balance check runs inside the store's write transaction, against the running
      // balance it keeps, so two refunds racing for the same remainder cannot both pass.
      const refund = await deps.store.insertRefund(tenant, request.transaction_id, (transaction, remaining) =>
        planRefundAgainst(transaction, remaining, input, id, now),
      );
      return serializeRefund(refund, version, tenant.mode);
    },
  };
}

function toLineInput(item: ParsedRefundLineItem) {
  return {
    referenceLineItemId: item.reference_line_item_id,
    referenceProductId: item.reference_product_id,
    salesMinor: item.sales_amount_refunded,
    taxMinor: item.tax_amount_refunded,
    quantity: item.quantity,
  };
}
