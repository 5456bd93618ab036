import type { Mode, Transaction } from '../core/types.ts';
import type { ManualLineItems } from './api-types.ts';

/** POST /tax/manual_line_items: the backfilled sale, with the transaction it was recorded as. */
export function serializeManualLineItems(transaction: Transaction, mode: Mode): ManualLineItems {
  return {
    object: 'tax.manual_line_items',
    line_item_id: transaction.lines[0]?.referenceLineItemId ?? '',
    order_id: transaction.referenceOrderId,
    transaction_id: transaction.id,
    transaction_processed_at: transaction.processedAt,
    currency_code: transaction.currency,
    line_items: transaction.lines.map((line) => ({
      line_item_id: line.referenceLineItemId,
      sales: line.amountExcludingTaxMinor,
      total_taxes: line.taxMinor,
      product_category: line.productTaxCode,
    })),
    testmode: mode === 'test',
  };
}
