import type { Mode, Refund } from '../core/types.ts';
import type { ApiVersion } from './api-version.ts';
import { asVersioned } from './as-versioned.ts';
import type { Refund as RefundJson } from './api-types.ts';
import { serializeLine } from './serialize-line.ts';

/**
 * A refund as POST /tax/refunds and POST /tax/refund_reversals return it (docs/interface.md §2.7). Amounts
 * stay negative after a reversal; a reversed refund carries `reversed_at` (taxkit's addition:
 * the reversal is a record of its own and the refund is kept, docs/decisions.md).
 */
export function serializeRefund<V extends ApiVersion>(refund: Refund, version: V, mode: Mode): RefundJson<V> {
  const wire: Record<string, unknown> = {
    id: refund.id,
    object: 'tax.refund',
    refund_type: refund.type,
    testmode: mode === 'test',
    refund_processed_at: refund.processedAt,
    line_items: refund.lines.map((line) => serializeLine(line, version, 'refund')),
  };
  if (refund.reversedAt !== undefined) wire.reversed_at = refund.reversedAt;
  return asVersioned<RefundJson<V>>(wire);
}

/**
 * An entry of GET /tax/transactions/{id}/refunds (docs/interface.md §4.4): no `refund_type`, and
 * jurisdictions with `tax_due_decimal`. Reversed refunds stay in the list with `reversed_at`.
 */
export function serializeRefundListEntry(refund: Refund, version: ApiVersion, mode: Mode): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: refund.id,
    object: 'tax.refund',
    testmode: mode === 'test',
    refund_processed_at: refund.processedAt,
    line_items: refund.lines.map((line) => serializeLine(line, version, 'refund_list')),
  };
  if (refund.reversedAt !== undefined) wire.reversed_at = refund.reversedAt;
  return wire;
}
