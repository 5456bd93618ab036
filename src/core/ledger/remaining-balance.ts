import type { Refund, Transaction } from '../types.ts';

/** What is still refundable of one transaction line. Amounts are positive minor units. */
export interface LineBalance {
  /** The transaction line (`TaxLine.lineItemId`). */
  readonly lineItemId: string;
  readonly salesMinor: number;
  readonly taxMinor: number;
  readonly quantity: number;
  /** Per jurisdiction of the line, in the line's order: its `taxMinor` not yet refunded. */
  readonly jurisdictionTaxMinor: readonly number[];
}

/**
 * The refundable balance of every line of `transaction`, in line order: the original amounts
 * less what the refunds that are not reversed took (reversed refunds give theirs back).
 */
export function remainingBalance(transaction: Transaction, refunds: readonly Refund[]): LineBalance[] {
  let balances = openingBalance(transaction);
  for (const refund of refunds) {
    if (refund.reversedAt === undefined && refund.transactionId === transaction.id) {
      balances = applyRefund(balances, refund, 'take');
    }
  }
  return balances;
}

/** What a transaction with no refunds has left: all of every line. */
export function openingBalance(transaction: Transaction): LineBalance[] {
  return transaction.lines.map((line) => ({
    lineItemId: line.lineItemId,
    salesMinor: line.amountExcludingTaxMinor,
    taxMinor: line.taxMinor,
    quantity: line.quantity,
    jurisdictionTaxMinor: line.jurisdictions.map((entry) => entry.taxMinor),
  }));
}

/**
 * The balance after `refund` is recorded (`take`) or reversed (`give back`). Stores keep this
 * running balance with each transaction, so a refund never re-reads every earlier refund.
 * Pure: returns new balances; lines the refund does not touch are shared, not copied.
 */
export function applyRefund(
  balances: readonly LineBalance[],
  refund: Refund,
  direction: 'take' | 'give back',
): LineBalance[] {
  // Refund amounts are negative: adding them takes them off the balance.
  const sign = direction === 'take' ? 1 : -1;
  const next = [...balances];
  const indexOf = new Map(balances.map((balance, index) => [balance.lineItemId, index]));
  for (const line of refund.lines) {
    const index = indexOf.get(line.refundsLineItemId);
    if (index === undefined) continue;
    const balance = next[index] as LineBalance;
    next[index] = {
      lineItemId: balance.lineItemId,
      salesMinor: balance.salesMinor + sign * line.amountExcludingTaxMinor,
      taxMinor: balance.taxMinor + sign * line.taxMinor,
      quantity: balance.quantity - sign * line.quantity,
      jurisdictionTaxMinor: balance.jurisdictionTaxMinor.map(
        (part, at) => part + sign * (line.jurisdictions[at]?.taxMinor ?? 0),
      ),
    };
  }
  return next;
}

/** Whether anything of the line (sales, tax or quantity) is left to refund. */
export function hasRemaining(balance: LineBalance): boolean {
  return balance.salesMinor > 0 || balance.taxMinor > 0 || balance.quantity > 0;
}
