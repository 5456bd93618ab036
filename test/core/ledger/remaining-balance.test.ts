import { describe, expect, it } from 'vitest';
import { hasRemaining, remainingBalance } from '../../../src/core/ledger/remaining-balance.ts';
import { makeRefund, makeRefundLine } from '../../helpers/records.ts';
import { type lineWith, twoLineTransaction } from './ledger-fixtures.ts';

describe('remainingBalance', () => {
  const transaction = twoLineTransaction();
  const [first, second] = transaction.lines as [ReturnType<typeof lineWith>, ReturnType<typeof lineWith>];

  it('is the whole transaction before any refund', () => {
    expect(remainingBalance(transaction, [])).toEqual([
      { lineItemId: first.lineItemId, salesMinor: 1000, taxMinor: 83, quantity: 2, jurisdictionTaxMinor: [73, 10] },
      { lineItemId: second.lineItemId, salesMinor: 500, taxMinor: 41, quantity: 1, jurisdictionTaxMinor: [36, 5] },
    ]);
  });

  it('takes off what refunds took, per line and jurisdiction', () => {
    const partial = makeRefundLine(first, {
      quantity: 1,
      amountExcludingTaxMinor: -400,
      taxMinor: -33,
      amountIncludingTaxMinor: -433,
      jurisdictions: first.jurisdictions.map((entry, index) => ({ ...entry, taxMinor: index === 0 ? -29 : -4 })),
    });
    const refund = makeRefund({ transactionId: transaction.id, type: 'partial', lines: [partial] });
    const [line1, line2] = remainingBalance(transaction, [refund]);
    expect(line1).toMatchObject({ salesMinor: 600, taxMinor: 50, quantity: 1, jurisdictionTaxMinor: [44, 6] });
    expect(line2).toMatchObject({ salesMinor: 500, taxMinor: 41, quantity: 1 });
  });

  it('ignores reversed refunds and refunds of other transactions', () => {
    const full = makeRefund({
      transactionId: transaction.id,
      lines: transaction.lines.map((line) => makeRefundLine(line)),
    });
    expect(remainingBalance(transaction, [full]).some(hasRemaining)).toBe(false);
    const reversed = { ...full, reversedAt: 1, reversalId: 'rev_1' };
    const other = { ...full, transactionId: 'tr_other' };
    expect(remainingBalance(transaction, [reversed, other])).toEqual(remainingBalance(transaction, []));
  });
});
