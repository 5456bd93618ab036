import { z } from 'zod';

/** Body of POST /tax/refund_reversals (spec §4.6). */
export const refundReversalRequestSchema = z.strictObject({
  refund_id: z.string().min(1, { message: 'MISSING_FIELD: must not be empty' }),
});

export type RefundReversalRequest = z.input<typeof refundReversalRequestSchema>;
