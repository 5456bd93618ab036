import { z } from 'zod';
import { metadata, referenceId, requiredString, unixSeconds } from './common-schemas.ts';

/** Body of POST /tax/transactions (docs/interface.md §4.2). */
export const transactionRequestSchema = z.strictObject({
  calculation_id: requiredString(255),
  reference_order_id: referenceId,
  transaction_processed_at: unixSeconds.optional(),
  metadata: metadata.optional(),
});

export type TransactionRequest = z.input<typeof transactionRequestSchema>;
