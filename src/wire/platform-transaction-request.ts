import { z } from 'zod';
import { metadata, referenceId, unixSeconds } from './common-schemas.ts';

/** Body of POST /tax/platform/transactions (spec §4.15). */
export const platformTransactionRequestSchema = z.strictObject({
  platform_calculation_id: z.string().min(1, { message: 'MISSING_FIELD: must not be empty' }),
  reference_order_id: referenceId,
  reference_payment_id: referenceId.optional(),
  transaction_processed_at: unixSeconds.optional(),
  metadata: metadata.optional(),
});

export type PlatformTransactionRequest = z.input<typeof platformTransactionRequestSchema>;
