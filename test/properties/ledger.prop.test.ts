import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRefund, type PartialRefundLineInput, type RefundInput } from '../../src/core/ledger/plan-refund.ts';
import { planReversal } from '../../src/core/ledger/plan-reversal.ts';
import { remainingBalance, type LineBalance } from '../../src/core/ledger/remaining-balance.ts';
import { isTaxError } from '../../src/core/errors.ts';
import type { Refund, Transaction } from '../../src/core/types.ts';
import { makeJurisdictionTax, makeTaxLine, makeTransaction } from '../helpers/records.ts';

const NOW = 1_748_779_200;

/** A line: amount, quantity and jurisdiction parts (their sum is its tax). Some are huge. */
const lineArbitrary = fc.record({
  amount: fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 2 ** 50 })),
  quantity: fc.integer({ min: 1, max: 20 }),
  parts: fc.array(fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 2 ** 40 })), {
    minLength: 0,
    maxLength: 4,
  }),
});

const transactionArbitrary = fc.array(lineArbitrary, { minLength: 1, maxLength: 4 }).map((lines) =>
  makeTransaction({
    lines: lines.map((line, index) => {
      const tax = line.parts.reduce((sum, part) => sum + part, 0);
      return makeTaxLine({
        referenceLineItemId: `line-${index}`,
        referenceProductId: `sku-${index}`,
        quantity: line.quantity,
        amountExcludingTaxMinor: line.amount,
        taxMinor: tax,
        amountIncludingTaxMinor: line.amount + tax,
        jurisdictions: line.parts.map((part, at) =>
          makeJurisdictionTax({ jurisdictionId: `J${at}`, taxMinor: part, taxDue: String(part) }),
        ),
      });
    }),
  }),
);

/** How much of a remaining amount a partial refund line asks for, in percent (over 100: too much). */
const share = fc.oneof(
  { weight: 16, arbitrary: fc.integer({ min: 0, max: 100 }) },
  { weight: 3, arbitrary: fc.constantFrom(0, 100) },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 120 }) },
);

const operationArbitrary = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('partial' as const),
      lines: fc.array(
        fc.record({
          line: fc.nat(),
          sales: share,
          // Mostly the sales' tax at the line's rate (rounded down or up), sometimes any amount.
          tax: fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom('down' as const, 'up' as const) },
            { weight: 1, arbitrary: share },
          ),
          quantity: share,
          byLineItem: fc.boolean(),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('full' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
);

/** −value, never −0. */
const neg = (value: number) => (value === 0 ? 0 : -value);

const asked = (remaining: number, percent: number) => {
  const base = Math.floor((Math.max(0, remaining) * percent) / 100);
  return percent > 100 ? Math.max(base, remaining + 1) : base;
};

/** The request lines of a partial operation, each for a different transaction line. */
function partialInput(
  transaction: Transaction,
  balances: readonly LineBalance[],
  operation: {
    lines: readonly {
      line: number;
      sales: number;
      tax: number | 'down' | 'up';
      quantity: number;
      byLineItem: boolean;
    }[];
  },
) {
  const seen = new Set<number>();
  const lines: PartialRefundLineInput[] = [];
  for (const item of operation.lines) {
    const index = item.line % transaction.lines.length;
    if (seen.has(index)) continue;
    seen.add(index);
    const balance = balances[index] as LineBalance;
    const sales = asked(balance.salesMinor, item.sales);
    const original = transaction.lines[index] as Transaction['lines'][number];
    const [low, high] = rateBounds(original, sales);
    const tax =
      item.tax === 'down'
        ? Math.min(low, balance.taxMinor)
        : item.tax === 'up'
          ? sales === balance.salesMinor
            ? balance.taxMinor
            : Math.min(high, balance.taxMinor)
          : asked(balance.taxMinor, item.tax);
    lines.push({
      referenceLineItemId: item.byLineItem ? `line-${index}` : undefined,
      referenceProductId: item.byLineItem ? undefined : `sku-${index}`,
      salesMinor: sales === 0 ? 0 : -sales,
      taxMinor: tax === 0 ? 0 : -tax,
      quantity: asked(balance.quantity, item.quantity),
    });
  }
  return lines;
}

/** The tax of `sales` at the line's rate, rounded down and up (exact in BigInt, as the amounts may be huge). */
function rateBounds(line: Transaction['lines'][number], sales: number): [number, number] {
  if (line.amountExcludingTaxMinor === 0) return [0, 0];
  const numerator = BigInt(sales) * BigInt(line.taxMinor);
  const denominator = BigInt(line.amountExcludingTaxMinor);
  const low = numerator / denominator;
  return [Number(low), Number(numerator % denominator === 0n ? low : low + 1n)];
}

const hasLeft = (balance: LineBalance) => balance.salesMinor > 0 || balance.taxMinor > 0 || balance.quantity > 0;

/** The error a partial refund must fail with, by a model of the rules, or undefined. */
function expectedPartialError(
  balances: readonly LineBalance[],
  lines: readonly PartialRefundLineInput[],
  transaction: Transaction,
) {
  if (!balances.some(hasLeft)) return 'TRANSACTION_FULLY_REFUNDED';
  for (const line of lines) {
    const index = transaction.lines.findIndex(
      (original) =>
        original.referenceLineItemId === line.referenceLineItemId ||
        original.referenceProductId === line.referenceProductId,
    );
    const balance = balances[index] as LineBalance;
    if (-line.salesMinor > balance.salesMinor || -line.taxMinor > balance.taxMinor || line.quantity > balance.quantity)
      return 'REFUND_EXCEEDS_REMAINING';
    // Refunded sales carry their tax at the line's rate, one unit either way, unless they close the line out.
    const closesOut = -line.salesMinor === balance.salesMinor && -line.taxMinor === balance.taxMinor;
    const [low, high] = rateBounds(transaction.lines[index] as Transaction['lines'][number], -line.salesMinor);
    if (line.salesMinor !== 0 && !closesOut && (-line.taxMinor < low || -line.taxMinor > high))
      return line.taxMinor === 0 ? 'NEGATIVE_NUMBER_REQUIRED' : 'INVALID_VALUE';
  }
  if (lines.every((line) => line.salesMinor === 0 && line.taxMinor === 0 && line.quantity === 0))
    return 'INVALID_VALUE';
  return undefined;
}

function expectBalanceWithinTransaction(transaction: Transaction, refunds: readonly Refund[]): void {
  const balances = remainingBalance(transaction, refunds);
  balances.forEach((balance, index) => {
    const original = transaction.lines[index];
    expect(balance.salesMinor).toBeGreaterThanOrEqual(0);
    expect(balance.taxMinor).toBeGreaterThanOrEqual(0);
    expect(balance.quantity).toBeGreaterThanOrEqual(0);
    expect(balance.salesMinor).toBeLessThanOrEqual(original?.amountExcludingTaxMinor ?? 0);
    for (const part of balance.jurisdictionTaxMinor) expect(part).toBeGreaterThanOrEqual(0);
    expect(balance.jurisdictionTaxMinor.reduce((sum, part) => sum + part, 0)).toBe(balance.taxMinor);
  });
}

function expectPartsSumToTax(refund: Refund): void {
  for (const line of refund.lines) {
    for (const amount of [line.amountExcludingTaxMinor, line.taxMinor, line.amountIncludingTaxMinor])
      expect(Object.is(amount, -0)).toBe(false);
    expect(line.jurisdictions.reduce((sum, entry) => sum + entry.taxMinor, 0)).toBe(line.taxMinor);
    expect(line.amountIncludingTaxMinor).toBe(line.amountExcludingTaxMinor + line.taxMinor);
    for (const entry of line.jurisdictions) {
      expect(entry.taxMinor).toBeLessThanOrEqual(0);
      expect(entry.taxDue).toBe(String(entry.taxMinor));
      expect(Object.is(entry.taxMinor, -0)).toBe(false);
    }
  }
}

describe('ledger properties', () => {
  it('refunds, full refunds and reversals keep every balance within the transaction', () => {
    fc.assert(
      fc.property(transactionArbitrary, fc.array(operationArbitrary, { maxLength: 12 }), (transaction, operations) => {
        const fresh = remainingBalance(transaction, []);
        let refunds: Refund[] = [];
        let counter = 0;
        for (const operation of operations) {
          counter += 1;
          const balances = remainingBalance(transaction, refunds);
          if (operation.kind === 'reverse') {
            const live = refunds.filter((refund) => refund.reversedAt === undefined);
            const target = refunds[operation.pick % Math.max(1, refunds.length)];
            if (target === undefined) continue;
            if (target.reversedAt !== undefined) {
              expect(() => planReversal(target, transaction, `rev_${counter}`, NOW)).toThrowError(
                expect.objectContaining({ type: 'REFUND_ALREADY_REVERSED' }),
              );
              continue;
            }
            const reversal = planReversal(target, transaction, `rev_${counter}`, NOW);
            refunds = refunds.map((refund) =>
              refund.id === target.id ? { ...refund, reversedAt: reversal.createdAt, reversalId: reversal.id } : refund,
            );
            // Reversing gives back exactly what the refund took.
            const after = remainingBalance(transaction, refunds);
            const without = remainingBalance(
              transaction,
              live.filter((refund) => refund.id !== target.id),
            );
            expect(after).toEqual(without);
          } else {
            const input: RefundInput =
              operation.kind === 'full'
                ? { type: 'full', processedAt: undefined }
                : { type: 'partial', processedAt: undefined, lines: partialInput(transaction, balances, operation) };
            const expected =
              input.type === 'full'
                ? balances.some(hasLeft)
                  ? undefined
                  : 'TRANSACTION_FULLY_REFUNDED'
                : expectedPartialError(balances, input.lines, transaction);
            let refund: Refund | undefined;
            try {
              refund = planRefund(transaction, refunds, input, `ref_${counter}`, NOW);
            } catch (error) {
              if (!isTaxError(error)) throw error;
              expect(error.type).toBe(expected);
              continue;
            }
            expect(expected).toBeUndefined();
            expectPartsSumToTax(refund);
            if (input.type === 'full') {
              // A full refund takes exactly what was left, and leaves nothing.
              const taken = refund.lines.map((line) => [
                line.refundsLineItemId,
                neg(line.amountExcludingTaxMinor),
                neg(line.taxMinor),
                line.quantity,
                line.jurisdictions.map((entry) => neg(entry.taxMinor)),
              ]);
              const left = balances
                .filter(hasLeft)
                .map((balance) => [
                  balance.lineItemId,
                  balance.salesMinor,
                  balance.taxMinor,
                  balance.quantity,
                  balance.jurisdictionTaxMinor,
                ]);
              expect(taken).toEqual(left);
            }
            refunds = [...refunds, refund];
            if (input.type === 'full') {
              for (const balance of remainingBalance(transaction, refunds)) {
                expect(
                  [balance.salesMinor, balance.taxMinor, balance.quantity, ...balance.jurisdictionTaxMinor].every(
                    (value) => value === 0,
                  ),
                ).toBe(true);
              }
            }
          }
          expectBalanceWithinTransaction(transaction, refunds);
        }
        // Reversing every refund restores the original balance.
        const allReversed = refunds.map((refund, index) =>
          refund.reversedAt === undefined
            ? { ...refund, reversedAt: planReversal(refund, transaction, `rev_end_${index}`, NOW).createdAt }
            : refund,
        );
        expect(remainingBalance(transaction, allReversed)).toEqual(fresh);
      }),
      { numRuns: 400 },
    );
  });

  it('a full refund of a fresh transaction negates it exactly', () => {
    fc.assert(
      fc.property(transactionArbitrary, (transaction) => {
        const refund = planRefund(transaction, [], { type: 'full', processedAt: undefined }, 'ref_1', NOW);
        expect(
          refund.lines.map((line) => [
            line.amountExcludingTaxMinor,
            line.taxMinor,
            line.amountIncludingTaxMinor,
            line.quantity,
            line.jurisdictions.map((entry) => entry.taxMinor),
          ]),
        ).toEqual(
          transaction.lines.map((line) => [
            neg(line.amountExcludingTaxMinor),
            neg(line.taxMinor),
            neg(line.amountIncludingTaxMinor),
            line.quantity,
            line.jurisdictions.map((entry) => neg(entry.taxMinor)),
          ]),
        );
      }),
    );
  });
});
