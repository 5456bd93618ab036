import { z } from 'zod';
import { requiredString } from './common-schemas.ts';

/** Body of POST /tax/refund_reversals (docs/interface.md §4.6). */
export const refundReversalRequestSchema = z.strictObject({
  refund_id: requiredString(255),
});

export type RefundReversalRequest = z.input<typeof refundReversalRequestSchema>;
