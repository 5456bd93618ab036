import { TaxError } from '../errors.ts';
import type { RefundAmounts } from './build-refund-line.ts';
import type { LineBalance } from './remaining-balance.ts';

/**
 * Checks one partial refund line against what remains of the transaction line it refunds:
 * amounts ≤ 0 (NEGATIVE_NUMBER_REQUIRED), quantity ≥ 0 (POSITIVE_NUMBER_REQUIRED), and no more
 * sales, tax or quantity than remains (REFUND_EXCEEDS_REMAINING, with the numbers in `details`).
 * `field` is the request path of the line ("line_items[0]").
 */
export function checkRefundLine(item: RefundAmounts, balance: LineBalance, field: string): void {
  checkSigns(item, field);
  checkRemaining(balance, item, field);
}

function checkSigns(item: RefundAmounts, field: string): void {
  for (const [name, value] of [
    ['sales_amount_refunded', item.salesMinor],
    ['tax_amount_refunded', item.taxMinor],
  ] as const) {
    if (!Number.isSafeInteger(value) || value > 0) {
      throw new TaxError(
        'NEGATIVE_NUMBER_REQUIRED',
        `${field}.${name} must be zero or a negative integer (refunded amounts are negative).`,
        {
          details: { field: `${field}.${name}` },
        },
      );
    }
  }
  if (!Number.isSafeInteger(item.quantity) || item.quantity < 0) {
    throw new TaxError('POSITIVE_NUMBER_REQUIRED', `${field}.quantity must be zero or a positive integer.`, {
      details: { field: `${field}.quantity` },
    });
  }
}

function checkRemaining(balance: LineBalance, item: RefundAmounts, field: string): void {
  const asks = [
    ['sales_amount_refunded', -item.salesMinor, balance.salesMinor],
    ['tax_amount_refunded', -item.taxMinor, balance.taxMinor],
    ['quantity', item.quantity, balance.quantity],
  ] as const;
  for (const [name, asked, left] of asks) {
    if (asked > left) {
      throw new TaxError(
        'REFUND_EXCEEDS_REMAINING',
        `${field}.${name}: ${asked} is more than the ${Math.max(0, left)} left to refund of transaction line ${balance.lineItemId}.`,
        { details: { field: `${field}.${name}`, requested: asked, remaining: Math.max(0, left) } },
      );
    }
  }
}
