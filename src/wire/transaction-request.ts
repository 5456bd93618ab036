import { z } from 'zod';
import type { Metadata } from '../core/types.ts';
import type { RecordSaleInput } from '../operations/transactions.ts';
import { type FieldMap, fieldMap } from './field-map.ts';
import { parseBody } from './parse-body.ts';
import { metadata, referenceId, requiredString, unixSeconds } from './common-schemas.ts';

/** Body of POST /tax/transactions (docs/interface.md §4.2). */
export const transactionRequestSchema = z.strictObject({
  calculation_id: requiredString(255),
  reference_order_id: referenceId,
  transaction_processed_at: unixSeconds.optional(),
  metadata: metadata.optional(),
  /**
   * taxkit extension (docs/exemptions.md): a marketplace facilitator collected and remitted the
   * tax on this sale. Recorded with zero tax charged by the seller; returns report it in gross
   * and deduct it.
   */
  marketplace_facilitated: z.boolean().optional(),
});

export type TransactionRequest = z.input<typeof transactionRequestSchema>;

/** A transaction request as the engine's `createTransaction` takes it; throws the TaxError of the first problem. */
export function parseTransactionRequest(body: unknown): RecordSaleInput {
  const request = parseBody(transactionRequestSchema, body);
  return {
    calculationId: request.calculation_id,
    referenceOrderId: request.reference_order_id,
    processedAt: request.transaction_processed_at,
    metadata: (request.metadata ?? {}) as Metadata,
    ...(request.marketplace_facilitated === true ? { marketplaceFacilitated: true } : {}),
  };
}

/** Where the transaction operations' domain keys sit in a request (or the path's transaction id). */
export const transactionFields: FieldMap = fieldMap({
  calculationId: 'calculation_id',
  transactionId: 'transaction_id',
  referenceOrderId: 'reference_order_id',
  processedAt: 'transaction_processed_at',
  metadata: 'metadata',
  marketplaceFacilitated: 'marketplace_facilitated',
});
