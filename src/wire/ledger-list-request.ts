import { z } from 'zod';
import type { LedgerListInput } from '../operations/list-ledger.ts';
import { pageLimit, queryUnixSeconds } from './list-request.ts';
import { parseBody } from './parse-body.ts';
import { taxIssue, taxRule } from './tax-rule.ts';

/** A cursor: the last id of the previous page, so an id of the record listed. */
function cursorOf(prefix: string) {
  return z
    .string()
    .max(255)
    .refine(
      (value) => value.startsWith(`${prefix}_`) && /^[\w-]+$/.test(value),
      taxRule('INVALID_VALUE', `cursor must be the last id of the previous page (${prefix}_…)`),
    );
}

/** Refuses a period whose end is before its start, naming the end. */
function orderedPeriod(fromKey: string, toKey: string) {
  return (value: Record<string, unknown>, context: z.RefinementCtx) => {
    const from = value[fromKey];
    const to = value[toKey];
    if (typeof from === 'number' && typeof to === 'number' && to < from) {
      context.addIssue(taxIssue('INVALID_VALUE', `${toKey} (${to}) is before ${fromKey} (${from})`, [toKey]));
    }
  };
}

/**
 * Query of GET /tax/transactions (taxkit's extension): recorded sales by `transaction_processed_at`
 * (Unix seconds, both bounds inclusive), oldest first, filtered by kind (`sale`, `platform_order`,
 * `fee`), customer (its `cust_…` id) or reference order id.
 */
export const transactionListRequestSchema = z
  .strictObject({
    processed_from: queryUnixSeconds.optional(),
    processed_to: queryUnixSeconds.optional(),
    type: z.enum(['sale', 'platform_order', 'fee']).optional(),
    customer_id: z.string().min(1).max(255).optional(),
    reference_order_id: z.string().min(1).max(255).optional(),
    limit: pageLimit.optional(),
    cursor: cursorOf('tr').optional(),
  })
  .superRefine(orderedPeriod('processed_from', 'processed_to'));

/** Query of GET /tax/refunds (taxkit's extension): refunds by `refund_processed_at`, oldest first. */
export const refundListRequestSchema = z
  .strictObject({
    processed_from: queryUnixSeconds.optional(),
    processed_to: queryUnixSeconds.optional(),
    limit: pageLimit.optional(),
    cursor: cursorOf('ref').optional(),
  })
  .superRefine(orderedPeriod('processed_from', 'processed_to'));

/** Query of GET /tax/refund_reversals (taxkit's extension): refunds by when they were reversed, oldest first. */
export const reversalListRequestSchema = z
  .strictObject({
    reversed_from: queryUnixSeconds.optional(),
    reversed_to: queryUnixSeconds.optional(),
    limit: pageLimit.optional(),
    cursor: cursorOf('ref').optional(),
  })
  .superRefine(orderedPeriod('reversed_from', 'reversed_to'));

export type TransactionListRequest = z.input<typeof transactionListRequestSchema>;
export type RefundListRequest = z.input<typeof refundListRequestSchema>;
export type ReversalListRequest = z.input<typeof reversalListRequestSchema>;

/** The query string parameters of each list, for the router and the OpenAPI document. */

export function parseTransactionListQuery(query: unknown): LedgerListInput {
  const parsed = parseBody(transactionListRequestSchema, query ?? {});
  return {
    from: parsed.processed_from,
    to: parsed.processed_to,
    after: parsed.cursor,
    limit: parsed.limit,
    filters: { kind: parsed.type, customerId: parsed.customer_id, referenceOrderId: parsed.reference_order_id },
  };
}

export function parseRefundListQuery(query: unknown): LedgerListInput {
  const parsed = parseBody(refundListRequestSchema, query ?? {});
  return { from: parsed.processed_from, to: parsed.processed_to, after: parsed.cursor, limit: parsed.limit };
}

export function parseReversalListQuery(query: unknown): LedgerListInput {
  const parsed = parseBody(reversalListRequestSchema, query ?? {});
  return { from: parsed.reversed_from, to: parsed.reversed_to, after: parsed.cursor, limit: parsed.limit };
}
