import { type DomainKey, keyedError } from '../errors.ts';
import type { RefundAmounts } from './build-refund-line.ts';
import type { LineBalance } from './remaining-balance.ts';

/**
 * Checks one partial refund line against what remains of the transaction line it refunds:
 * amounts ≤ 0 (NEGATIVE_NUMBER_REQUIRED), quantity ≥ 0 (POSITIVE_NUMBER_REQUIRED), and no more
 * sales, tax or quantity than remains (REFUND_EXCEEDS_REMAINING, with the numbers in `details`).
 * `key` is the domain key of the line (`['lines', 0]`); errors are keyed by its amounts.
 */
export function checkRefundLine(item: RefundAmounts, balance: LineBalance, key: DomainKey): void {
  checkSigns(item, key);
  checkRemaining(balance, item, key);
}

function checkSigns(item: RefundAmounts, key: DomainKey): void {
  for (const [name, value] of [
    ['salesMinor', item.salesMinor],
    ['taxMinor', item.taxMinor],
  ] as const) {
    if (!Number.isSafeInteger(value) || value > 0) {
      throw keyedError(
        'NEGATIVE_NUMBER_REQUIRED',
        [...key, name],
        '{field} must be zero or a negative integer (refunded amounts are negative).',
      );
    }
  }
  if (!Number.isSafeInteger(item.quantity) || item.quantity < 0) {
    throw keyedError('POSITIVE_NUMBER_REQUIRED', [...key, 'quantity'], '{field} must be zero or a positive integer.');
  }
}

function checkRemaining(balance: LineBalance, item: RefundAmounts, key: DomainKey): void {
  const asks = [
    ['salesMinor', -item.salesMinor, balance.salesMinor],
    ['taxMinor', -item.taxMinor, balance.taxMinor],
    ['quantity', item.quantity, balance.quantity],
  ] as const;
  for (const [name, asked, left] of asks) {
    if (asked > left) {
      throw keyedError(
        'REFUND_EXCEEDS_REMAINING',
        [...key, name],
        `{field}: ${asked} is more than the ${Math.max(0, left)} left to refund of transaction line ${balance.lineItemId}.`,
        { requested: asked, remaining: Math.max(0, left) },
      );
    }
  }
}
