import { isOrderFeeId } from '../order-fees/charge-order-fees.ts';
import { keyedError } from '../errors.ts';
import type { Refund, RefundLine, TaxLine, Transaction } from '../types.ts';
import { buildRefundLine, type RefundAmounts } from './build-refund-line.ts';
import { checkRefundLine } from './check-refund-line.ts';
import { checkRefundTax } from './check-refund-tax.ts';
import { matchRefundLine, type RefundLineReference } from './match-refund-line.ts';
import { hasRemaining, remainingBalance, type LineBalance } from './remaining-balance.ts';

/** One line of a partial refund request: amounts ≤ 0 (as the API sends them), quantity ≥ 0. */
export interface PartialRefundLineInput extends RefundLineReference, RefundAmounts {}

/** A refund request (POST /tax/refunds), already validated. */
export type RefundInput =
  | { readonly type: 'full'; readonly processedAt: number | undefined }
  | {
      readonly type: 'partial';
      readonly processedAt: number | undefined;
      readonly lines: readonly PartialRefundLineInput[];
    };

/**
 * Plans a refund of `transaction` given the refunds already recorded for it (docs/decisions.md
 * "refunds"). Pure: `id` and `now` (Unix seconds) are given; the store runs it inside its
 * write transaction so the balance it checks is the latest.
 *
 * - full: every line's remaining sales, tax and quantity (after earlier refunds that are not
 *   reversed); lines with nothing left are left out.
 * - partial: each requested line is matched to a transaction line ({@link matchRefundLine})
 *   and may take no more than remains of it, in sales, tax and quantity; several request lines
 *   may refund the same transaction line, each against what the earlier ones left.
 *
 * Throws TRANSACTION_FULLY_REFUNDED when nothing is left at all, REFUND_EXCEEDS_REMAINING when
 * a line asks for more than remains, INVALID_VALUE for a partial refund of nothing.
 */
export function planRefund(
  transaction: Transaction,
  priorRefunds: readonly Refund[],
  input: RefundInput,
  id: string,
  now: number,
): Refund {
  return planRefundAgainst(transaction, remainingBalance(transaction, priorRefunds), input, id, now);
}

/**
 * {@link planRefund} against the transaction's running balance (what the store keeps), so no
 * earlier refund is read. `remaining` is not changed.
 */
export function planRefundAgainst(
  transaction: Transaction,
  remaining: readonly LineBalance[],
  input: RefundInput,
  id: string,
  now: number,
): Refund {
  const balances = [...remaining];
  if (!balances.some(hasRemaining)) {
    throw keyedError(
      'TRANSACTION_FULLY_REFUNDED',
      ['transactionId'],
      `Transaction ${transaction.id} is already fully refunded; nothing is left to refund.`,
    );
  }
  const lines =
    input.type === 'full'
      ? fullRefundLines(transaction, balances, id)
      : partialRefundLines(transaction, balances, input.lines, id);
  return {
    id,
    transactionId: transaction.id,
    type: input.type,
    processedAt: input.processedAt ?? now,
    createdAt: now,
    lines,
  };
}

/** Refund lines' own ids: the refund id and the line's position (they never reach the wire). */
function refundLineId(refundId: string, index: number): string {
  return `${refundId}-li${index + 1}`;
}

function fullRefundLines(transaction: Transaction, balances: readonly LineBalance[], id: string): RefundLine[] {
  const lines: RefundLine[] = [];
  balances.forEach((balance, index) => {
    if (!hasRemaining(balance)) return;
    const amounts = {
      salesMinor: negate(balance.salesMinor),
      taxMinor: negate(balance.taxMinor),
      quantity: balance.quantity,
    };
    lines.push(
      buildRefundLine(
        transaction.lines[index] as TaxLine,
        balance.jurisdictionTaxMinor,
        amounts,
        refundLineId(id, lines.length),
      ),
    );
  });
  return lines;
}

function partialRefundLines(
  transaction: Transaction,
  balances: LineBalance[],
  requested: readonly PartialRefundLineInput[],
  id: string,
): RefundLine[] {
  if (requested.length === 0) {
    throw keyedError(
      'MISSING_FIELD',
      ['lines'],
      'Missing required field: {field} (a partial refund names the lines it refunds).',
    );
  }
  const lines = requested.map((item, position) => {
    const key = ['lines', position];
    const index = matchRefundLine(transaction.lines, item, key);
    const balance = balances[index] as LineBalance;
    const original = transaction.lines[index] as TaxLine;
    // A per-order fee goes back only with the whole order (a full refund), never with part of a line.
    const refundable = withoutOrderFees(original, balance);
    checkRefundLine(item, refundable, key);
    checkRefundTax(item, original, refundable, key);
    const line = buildRefundLine(original, refundable.jurisdictionTaxMinor, item, refundLineId(id, position));
    balances[index] = {
      lineItemId: balance.lineItemId,
      salesMinor: balance.salesMinor + item.salesMinor,
      taxMinor: balance.taxMinor + item.taxMinor,
      quantity: balance.quantity - item.quantity,
      jurisdictionTaxMinor: balance.jurisdictionTaxMinor.map(
        (part, at) => part + (line.jurisdictions[at]?.taxMinor ?? 0),
      ),
    };
    return line;
  });
  if (requested.every((item) => item.salesMinor === 0 && item.taxMinor === 0 && item.quantity === 0)) {
    throw keyedError(
      'INVALID_VALUE',
      ['lines'],
      'The refund refunds nothing: every line has zero amounts and zero quantity.',
    );
  }
  return lines;
}

/** What a partial refund may take of a line: its balance less the per-order fees it carries (docs/order-fees.md). */
function withoutOrderFees(line: TaxLine, balance: LineBalance): LineBalance {
  let fees = 0;
  const parts = balance.jurisdictionTaxMinor.map((part, at) => {
    if (!isOrderFeeId(line.jurisdictions[at]?.jurisdictionId ?? '')) return part;
    fees += Math.max(0, part);
    return 0;
  });
  return fees === 0 ? balance : { ...balance, taxMinor: balance.taxMinor - fees, jurisdictionTaxMinor: parts };
}

/** −value without producing −0 (which would survive a memory store but not JSON or SQL). */
function negate(value: number): number {
  return value === 0 ? 0 : -value;
}
