import { z } from 'zod';
import type { Metadata } from '../core/types.ts';
import type { RecordPlatformSaleInput } from '../operations/platform-transactions.ts';
import { type FieldMap, fieldMap } from './field-map.ts';
import { parseBody } from './parse-body.ts';
import { metadata, referenceId, requiredString, unixSeconds } from './common-schemas.ts';

/** Body of POST /tax/platform/transactions (docs/interface.md §4.15). */
export const platformTransactionRequestSchema = z.strictObject({
  platform_calculation_id: requiredString(255),
  reference_order_id: referenceId,
  reference_payment_id: referenceId.optional(),
  transaction_processed_at: unixSeconds.optional(),
  metadata: metadata.optional(),
  /**
   * taxkit extension (docs/exemptions.md): a marketplace facilitator collected and remitted the
   * tax on this sale. Recorded with zero tax charged by the seller; returns report it in gross
   * and deduct it.
   */
  marketplace_facilitated: z.boolean().optional(),
});

export type PlatformTransactionRequest = z.input<typeof platformTransactionRequestSchema>;

/** A platform transaction request as the engine's `createPlatformTransactions` takes it. */
export function parsePlatformTransactionRequest(body: unknown): RecordPlatformSaleInput {
  const request = parseBody(platformTransactionRequestSchema, body);
  return {
    calculationId: request.platform_calculation_id,
    referenceOrderId: request.reference_order_id,
    referencePaymentId: request.reference_payment_id ?? '',
    processedAt: request.transaction_processed_at,
    metadata: (request.metadata ?? {}) as Metadata,
    ...(request.marketplace_facilitated === true ? { marketplaceFacilitated: true } : {}),
  };
}

/** Where the platform transaction operation's domain keys sit in a request. */
export const platformTransactionFields: FieldMap = fieldMap({
  calculationId: 'platform_calculation_id',
  referenceOrderId: 'reference_order_id',
  referencePaymentId: 'reference_payment_id',
  processedAt: 'transaction_processed_at',
  metadata: 'metadata',
  marketplaceFacilitated: 'marketplace_facilitated',
});
