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
  const balances = transaction.lines.map((line) => ({
    lineItemId: line.lineItemId,
    salesMinor: line.amountExcludingTaxMinor,
    taxMinor: line.taxMinor,
    quantity: line.quantity,
    jurisdictionTaxMinor: line.jurisdictions.map((entry) => entry.taxMinor),
  }));
  const byLine = new Map(balances.map((balance) => [balance.lineItemId, balance]));
  for (const refund of refunds) {
    if (refund.reversedAt !== undefined || refund.transactionId !== transaction.id) continue;
    for (const line of refund.lines) {
      const balance = byLine.get(line.refundsLineItemId);
      if (balance === undefined) continue;
      // Refund amounts are negative: adding them takes them off the balance.
      balance.salesMinor += line.amountExcludingTaxMinor;
      balance.taxMinor += line.taxMinor;
      balance.quantity -= line.quantity;
      line.jurisdictions.forEach((entry, index) => {
        balance.jurisdictionTaxMinor[index] = (balance.jurisdictionTaxMinor[index] ?? 0) + entry.taxMinor;
      });
    }
  }
  return balances;
}

/** Whether anything of the line (sales, tax or quantity) is left to refund. */
export function hasRemaining(balance: LineBalance): boolean {
  return balance.salesMinor > 0 || balance.taxMinor > 0 || balance.quantity > 0;
}
