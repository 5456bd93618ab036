import { z } from 'zod';
import { metadata, referenceId, requiredString, unixSeconds } from './common-schemas.ts';

/** Body of POST /tax/platform/transactions (docs/interface.md §4.15). */
export const platformTransactionRequestSchema = z.strictObject({
  platform_calculation_id: requiredString(255),
  reference_order_id: referenceId,
  reference_payment_id: referenceId.optional(),
  transaction_processed_at: unixSeconds.optional(),
  metadata: metadata.optional(),
});

export type PlatformTransactionRequest = z.input<typeof platformTransactionRequestSchema>;
