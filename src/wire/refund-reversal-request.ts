import { z } from 'zod';
import { type FieldMap, fieldMap } from './field-map.ts';
import { parseBody } from './parse-body.ts';
import { requiredString } from './common-schemas.ts';

/** Body of POST /tax/refund_reversals (docs/interface.md §4.6). */
export const refundReversalRequestSchema = z.strictObject({
  refund_id: requiredString(255),
});

export type RefundReversalRequest = z.input<typeof refundReversalRequestSchema>;

/** A refund reversal request as the engine's `reverseRefund` takes it: the refund's id. */
export function parseRefundReversalRequest(body: unknown): string {
  return parseBody(refundReversalRequestSchema, body).refund_id;
}

/** Where the refund reversal operation's domain keys sit in a request. */
export const refundReversalFields: FieldMap = fieldMap({ refundId: 'refund_id' });
