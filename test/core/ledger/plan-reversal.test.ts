import { describe, expect, it } from 'vitest';
import { planReversal } from '../../../src/core/ledger/plan-reversal.ts';
import { makeRefund, makeTransaction } from '../../helpers/records.ts';

const NOW = 1_748_779_200;
const transaction = makeTransaction();
const refund = makeRefund({ transactionId: transaction.id });

describe('planReversal', () => {
  it('records a reversal of the refund', () => {
    expect(planReversal(refund, transaction, 'rev_1', NOW)).toEqual({
      id: 'rev_1',
      refundId: refund.id,
      transactionId: transaction.id,
      createdAt: NOW,
    });
  });

  it('refuses a second reversal', () => {
    expect(() =>
      planReversal({ ...refund, reversedAt: NOW, reversalId: 'rev_0' }, transaction, 'rev_1', NOW),
    ).toThrowError(expect.objectContaining({ type: 'REFUND_ALREADY_REVERSED', status: 409 }));
  });

  it('treats a refund of a deleted transaction as gone', () => {
    expect(() => planReversal(refund, { ...transaction, deletedAt: NOW }, 'rev_1', NOW)).toThrowError(
      expect.objectContaining({ type: 'REFUND_NOT_FOUND', status: 404 }),
    );
  });
});
