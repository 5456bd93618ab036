import { z } from 'zod';
import type { PartialRefundLineInput } from '../core/ledger/plan-refund.ts';
import type { CreateRefundInput } from '../operations/refunds.ts';
import { type FieldMap, fieldMap, listFields } from './field-map.ts';
import { parseBody } from './parse-body.ts';
import { minorAmount, requiredString, unixSeconds } from './common-schemas.ts';
import { REFERENCE_ID_MAX_LENGTH } from './request-bounds.ts';
import { taxIssue, taxRule } from './tax-rule.ts';

/** One line of a partial refund (docs/interface.md §4.5): amounts are sent negative. */
export const refundLineItemSchema = z.strictObject({
  reference_product_id: z.string().max(REFERENCE_ID_MAX_LENGTH).optional(),
  reference_line_item_id: z.string().max(REFERENCE_ID_MAX_LENGTH).optional(),
  sales_amount_refunded: minorAmount('nonpositive'),
  tax_amount_refunded: minorAmount('nonpositive'),
  quantity: z
    .number()
    .int()
    .refine(
      (value) => value >= 0 && Number.isSafeInteger(value),
      taxRule('POSITIVE_NUMBER_REQUIRED', 'quantity must be zero or a positive integer'),
    ),
});

/**
 * Body of POST /tax/refunds (docs/interface.md §4.5). `line_items` is required for a partial refund and
 * must be absent (or empty) for a full one: a full refund with lines is ambiguous, so it is
 * refused rather than guessed.
 */
export const refundRequestSchema = z
  .strictObject({
    transaction_id: requiredString(255),
    type: z.enum(['full', 'partial']),
    refund_processed_at: unixSeconds.optional(),
    line_items: z.array(refundLineItemSchema).max(1000, { message: 'at most 1000 line items per refund' }).optional(),
  })
  .superRefine((value, context) => {
    if (value.type === 'partial' && (value.line_items === undefined || value.line_items.length === 0)) {
      context.addIssue(
        taxIssue('MISSING_FIELD', 'Missing required field: line_items (required when type is partial).', [
          'line_items',
        ]),
      );
    }
    if (value.type === 'full' && value.line_items !== undefined && value.line_items.length > 0) {
      context.addIssue(
        taxIssue(
          'INVALID_VALUE',
          'line_items are not allowed when type is full (a full refund takes everything left); use type partial.',
          ['line_items'],
        ),
      );
    }
  });

export type RefundRequest = z.input<typeof refundRequestSchema>;
export type ParsedRefundLineItem = z.output<typeof refundLineItemSchema>;

/** A refund request as the engine's `createRefund` takes it; throws the TaxError of the first problem. */
export function parseRefundRequest(body: unknown): CreateRefundInput {
  const request = parseBody(refundRequestSchema, body);
  const processedAt = request.refund_processed_at;
  return {
    transactionId: request.transaction_id,
    refund:
      request.type === 'full'
        ? { type: 'full', processedAt }
        : { type: 'partial', processedAt, lines: (request.line_items ?? []).map(toLineInput) },
  };
}

function toLineInput(item: ParsedRefundLineItem): PartialRefundLineInput {
  return {
    referenceLineItemId: item.reference_line_item_id,
    referenceProductId: item.reference_product_id,
    salesMinor: item.sales_amount_refunded,
    taxMinor: item.tax_amount_refunded,
    quantity: item.quantity,
  };
}

/** Where a refund line's domain keys sit in a request line. */
const refundLineFields: FieldMap = fieldMap({
  referenceLineItemId: 'reference_line_item_id',
  referenceProductId: 'reference_product_id',
  salesMinor: 'sales_amount_refunded',
  taxMinor: 'tax_amount_refunded',
  quantity: 'quantity',
});

/** Where the refund operation's domain keys sit in a request. */
export const refundFields: FieldMap = fieldMap(
  { transactionId: 'transaction_id', lines: 'line_items', processedAt: 'refund_processed_at' },
  { lines: listFields(refundLineFields) },
);
