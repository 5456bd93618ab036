import { describe, expect, it } from 'vitest';
import { planRefund, type PartialRefundLineInput } from '../../../src/core/ledger/plan-refund.ts';
import { remainingBalance } from '../../../src/core/ledger/remaining-balance.ts';
import type { Refund } from '../../../src/core/types.ts';
import { lineWith, twoLineTransaction } from './ledger-fixtures.ts';
import { makeTransaction } from '../../helpers/records.ts';
import { withFieldsSync } from '../../../src/wire/field-map.ts';
import { refundFields } from '../../../src/wire/refund-request.ts';

const NOW = 1_748_779_200;
const transaction = twoLineTransaction();
const full = { type: 'full', processedAt: undefined } as const;
const partial = (...lines: Partial<PartialRefundLineInput>[]) =>
  ({
    type: 'partial',
    processedAt: undefined,
    lines: lines.map((line) => ({
      referenceLineItemId: undefined,
      referenceProductId: undefined,
      salesMinor: 0,
      taxMinor: 0,
      quantity: 0,
      ...line,
    })),
  }) as const;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const failure = (type: string) => expect.objectContaining({ type });
/** The core keys its errors (`['lines', 1, 'salesMinor']`); the refund's field map names the request field. */
const mapped = <T>(run: () => T): T => withFieldsSync(refundFields, run);

describe('planRefund', () => {
  it('refunds everything of a fresh transaction in full, amounts negated', () => {
    const refund = planRefund(transaction, [], full, 'ref_1', NOW);
    expect(refund).toMatchObject({
      id: 'ref_1',
      transactionId: transaction.id,
      type: 'full',
      processedAt: NOW,
      createdAt: NOW,
    });
    expect(
      refund.lines.map((line) => [
        line.amountExcludingTaxMinor,
        line.taxMinor,
        line.amountIncludingTaxMinor,
        line.quantity,
      ]),
    ).toEqual([
      [-1000, -83, -1083, 2],
      [-500, -41, -541, 1],
    ]);
    expect(refund.lines[0]?.jurisdictions.map((entry) => [entry.taxMinor, entry.taxDue, entry.feeMinor])).toEqual([
      [-73, '-73', 0],
      [-10, '-10', 0],
    ]);
    expect(refund.lines.map((line) => line.refundsLineItemId)).toEqual(
      transaction.lines.map((line) => line.lineItemId),
    );
    expect(new Set(refund.lines.map((line) => line.lineItemId)).size).toBe(2);
  });

  it('keeps the product, rates and notes of the original line', () => {
    const [line] = planRefund(transaction, [], full, 'ref_1', NOW).lines;
    const original = transaction.lines[0];
    expect(line).toMatchObject({
      referenceLineItemId: original?.referenceLineItemId,
      referenceProductId: original?.referenceProductId,
      productName: original?.productName,
      productTaxCode: original?.productTaxCode,
    });
    expect(line?.jurisdictions.map((entry) => [entry.jurisdictionId, entry.rate, entry.note])).toEqual(
      original?.jurisdictions.map((entry) => [entry.jurisdictionId, entry.rate, entry.note]),
    );
  });

  it('uses the given processing time', () => {
    expect(planRefund(transaction, [], { ...full, processedAt: 1_700_000_000 }, 'ref_1', NOW).processedAt).toBe(
      1_700_000_000,
    );
  });

  it('refunds part of a line, allocating the tax over its jurisdictions by largest remainder', () => {
    const refund = planRefund(
      transaction,
      [],
      partial({ referenceProductId: 'sku-1', salesMinor: -500, taxMinor: -41, quantity: 1 }),
      'ref_1',
      NOW,
    );
    const [line] = refund.lines;
    expect(line).toMatchObject({
      amountExcludingTaxMinor: -500,
      taxMinor: -41,
      amountIncludingTaxMinor: -541,
      quantity: 1,
    });
    // 41 × 73/83 = 36.06…, 41 × 10/83 = 4.93… → 36 + 5
    expect(line?.jurisdictions.map((entry) => entry.taxMinor)).toEqual([-36, -5]);
    expect(line?.jurisdictions.map((entry) => entry.taxDue)).toEqual(['-36', '-5']);
  });

  it('refunds exactly the remainder in full after partial refunds', () => {
    const first = planRefund(
      transaction,
      [],
      partial({ referenceLineItemId: 'line-1', salesMinor: -333, taxMinor: -27, quantity: 1 }),
      'ref_1',
      NOW,
    );
    const rest = planRefund(transaction, [first], full, 'ref_2', NOW);
    expect(rest.lines.map((line) => [line.amountExcludingTaxMinor, line.taxMinor, line.quantity])).toEqual([
      [-667, -56, 1],
      [-500, -41, 1],
    ]);
    for (const [index, original] of transaction.lines.entries()) {
      const refunded = [first, rest].flatMap((refund) =>
        refund.lines.filter((line) => line.refundsLineItemId === original.lineItemId),
      );
      expect(sum(refunded.map((line) => line.taxMinor))).toBe(-original.taxMinor);
      original.jurisdictions.forEach((entry, at) => {
        expect(
          sum(refunded.map((line) => line.jurisdictions[at]?.taxMinor ?? 0)),
          `line ${index} jurisdiction ${at}`,
        ).toBe(-entry.taxMinor);
      });
    }
    expect(
      remainingBalance(transaction, [first, rest]).every(
        (line) => line.salesMinor === 0 && line.taxMinor === 0 && line.quantity === 0,
      ),
    ).toBe(true);
  });

  it('leaves fully refunded lines out of a full refund', () => {
    const first = planRefund(
      transaction,
      [],
      partial({ referenceProductId: 'sku-2', salesMinor: -500, taxMinor: -41, quantity: 1 }),
      'ref_1',
      NOW,
    );
    const rest = planRefund(transaction, [first], full, 'ref_2', NOW);
    expect(rest.lines.map((line) => line.referenceProductId)).toEqual(['sku-1']);
  });

  it('never lets a jurisdiction give back more than it received', () => {
    const tiny = makeTransaction({ lines: [lineWith(100, [1, 1], { referenceProductId: 'sku-1', quantity: 2 })] });
    const first = planRefund(tiny, [], partial({ referenceProductId: 'sku-1', taxMinor: -1 }), 'ref_1', NOW);
    const second = planRefund(tiny, [first], partial({ referenceProductId: 'sku-1', taxMinor: -1 }), 'ref_2', NOW);
    expect(first.lines[0]?.jurisdictions.map((entry) => entry.taxMinor)).toEqual([-1, 0]);
    expect(second.lines[0]?.jurisdictions.map((entry) => entry.taxMinor)).toEqual([0, -1]);
  });

  it('checks several request lines for one transaction line against what the earlier ones left', () => {
    const twice = partial(
      { referenceProductId: 'sku-2', salesMinor: -300, taxMinor: -25 },
      { referenceProductId: 'sku-2', salesMinor: -200, taxMinor: -16, quantity: 1 },
    );
    expect(planRefund(transaction, [], twice, 'ref_1', NOW).lines).toHaveLength(2);
    const tooMuch = partial(
      { referenceProductId: 'sku-2', salesMinor: -300, taxMinor: -25 },
      { referenceProductId: 'sku-2', salesMinor: -201, taxMinor: -16 },
    );
    expect(() => mapped(() => planRefund(transaction, [], tooMuch, 'ref_1', NOW))).toThrowError(
      expect.objectContaining({
        type: 'REFUND_EXCEEDS_REMAINING',
        details: expect.objectContaining({ field: 'line_items[1].sales_amount_refunded' }),
      }),
    );
  });

  it.each([
    ['sales', { salesMinor: -1001 }, 'sales_amount_refunded'],
    ['tax', { taxMinor: -84 }, 'tax_amount_refunded'],
    ['quantity', { quantity: 3 }, 'quantity'],
  ])('refuses more %s than remains', (_, amounts, field) => {
    expect(() =>
      mapped(() => planRefund(transaction, [], partial({ referenceProductId: 'sku-1', ...amounts }), 'ref_1', NOW)),
    ).toThrowError(
      expect.objectContaining({
        type: 'REFUND_EXCEEDS_REMAINING',
        status: 409,
        details: expect.objectContaining({ field: `line_items[0].${field}` }),
      }),
    );
  });

  it('refuses more than remains after earlier refunds, and counts reversed refunds as given back', () => {
    const first = planRefund(
      transaction,
      [],
      partial({ referenceProductId: 'sku-1', salesMinor: -600, taxMinor: -50 }),
      'ref_1',
      NOW,
    );
    const again = partial({ referenceProductId: 'sku-1', salesMinor: -600, taxMinor: -50 });
    expect(() => planRefund(transaction, [first], again, 'ref_2', NOW)).toThrowError(
      failure('REFUND_EXCEEDS_REMAINING'),
    );
    const reversed: Refund = { ...first, reversedAt: NOW, reversalId: 'rev_1' };
    expect(planRefund(transaction, [reversed], again, 'ref_2', NOW).lines[0]?.amountExcludingTaxMinor).toBe(-600);
  });

  it('refuses any refund of a fully refunded transaction', () => {
    const all = planRefund(transaction, [], full, 'ref_1', NOW);
    expect(() => planRefund(transaction, [all], full, 'ref_2', NOW)).toThrowError(
      failure('TRANSACTION_FULLY_REFUNDED'),
    );
    expect(() =>
      planRefund(transaction, [all], partial({ referenceProductId: 'sku-1', salesMinor: -1 }), 'ref_2', NOW),
    ).toThrowError(failure('TRANSACTION_FULLY_REFUNDED'));
  });

  it('refuses positive amounts, negative quantities, empty and empty-handed partial refunds', () => {
    expect(() =>
      planRefund(transaction, [], partial({ referenceProductId: 'sku-1', salesMinor: 5 }), 'r', NOW),
    ).toThrowError(failure('NEGATIVE_NUMBER_REQUIRED'));
    expect(() =>
      planRefund(transaction, [], partial({ referenceProductId: 'sku-1', taxMinor: 5 }), 'r', NOW),
    ).toThrowError(failure('NEGATIVE_NUMBER_REQUIRED'));
    expect(() =>
      planRefund(transaction, [], partial({ referenceProductId: 'sku-1', quantity: -1 }), 'r', NOW),
    ).toThrowError(failure('POSITIVE_NUMBER_REQUIRED'));
    expect(() => planRefund(transaction, [], partial(), 'r', NOW)).toThrowError(failure('MISSING_FIELD'));
    expect(() =>
      planRefund(transaction, [], { type: 'partial', processedAt: undefined, lines: [] }, 'r', NOW),
    ).toThrowError(failure('MISSING_FIELD'));
    expect(() => planRefund(transaction, [], partial({ referenceProductId: 'sku-1' }), 'r', NOW)).toThrowError(
      failure('INVALID_VALUE'),
    );
  });

  it("checks the tax of refunded sales against the line's rate, one minor unit either way (issue 37)", () => {
    // sku-1: 83 of tax on 1000 of sales. 600 of sales carry 49.8 of tax: 49 and 50 are right.
    const refundOf = (salesMinor: number, taxMinor: number) =>
      mapped(() =>
        planRefund(transaction, [], partial({ referenceProductId: 'sku-1', salesMinor, taxMinor }), 'r', NOW),
      );
    expect(refundOf(-600, -50).lines[0]?.taxMinor).toBe(-50);
    expect(refundOf(-600, -49).lines[0]?.taxMinor).toBe(-49);
    for (const wrong of [-48, -51, -30]) {
      expect(() => refundOf(-600, wrong)).toThrowError(
        expect.objectContaining({
          type: 'INVALID_VALUE',
          status: 400,
          details: expect.objectContaining({ field: 'line_items[0].tax_amount_refunded', expected: -50 }),
        }),
      );
    }
    // A tax of 0 on taxed sales is the missing negative number the interface asks for.
    expect(() => refundOf(-600, 0)).toThrowError(
      expect.objectContaining({ type: 'NEGATIVE_NUMBER_REQUIRED', status: 400 }),
    );
    // All that remains of a line is right whatever the earlier refunds rounded to.
    const first = planRefund(
      transaction,
      [],
      partial({ referenceProductId: 'sku-1', salesMinor: -333, taxMinor: -28, quantity: 1 }),
      'ref_1',
      NOW,
    );
    const rest = partial({ referenceProductId: 'sku-1', salesMinor: -667, taxMinor: -55, quantity: 1 });
    expect(planRefund(transaction, [first], rest, 'ref_2', NOW).lines[0]?.taxMinor).toBe(-55);
  });

  it('allows a refund of quantity only, or of amounts only', () => {
    expect(
      planRefund(transaction, [], partial({ referenceProductId: 'sku-1', quantity: 1 }), 'r', NOW).lines[0],
    ).toMatchObject({ quantity: 1, taxMinor: 0 });
    expect(
      planRefund(transaction, [], partial({ referenceProductId: 'sku-1', taxMinor: -3 }), 'r', NOW).lines[0],
    ).toMatchObject({ quantity: 0, taxMinor: -3 });
  });
});
