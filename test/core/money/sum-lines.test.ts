import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLine, NO_LINES, sumLines } from '../../../src/core/money/sum-lines.ts';

const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
const line = fc.record({ taxMinor: amount, amountExcludingTaxMinor: amount, amountIncludingTaxMinor: amount });

describe('sumLines: the one totals helper', () => {
  it('each total is the exact sum of its lines, in any order', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (lines) => {
        const totals = sumLines(lines, 'lines');
        expect(totals.taxMinor).toBe(lines.reduce((sum, each) => sum + each.taxMinor, 0));
        expect(totals.amountExcludingTaxMinor).toBe(lines.reduce((sum, each) => sum + each.amountExcludingTaxMinor, 0));
        expect(totals.amountIncludingTaxMinor).toBe(lines.reduce((sum, each) => sum + each.amountIncludingTaxMinor, 0));
        expect(sumLines(lines.toReversed(), 'lines')).toEqual(totals);
      }),
    );
  });

  it('refuses a total past 2^53 − 1 with 400 INVALID_VALUE naming the field', () => {
    const big = { taxMinor: Number.MAX_SAFE_INTEGER, amountExcludingTaxMinor: 0, amountIncludingTaxMinor: 0 };
    expect(() => addLine(addLine(NO_LINES, big, 'fee_details.line_items'), big, 'fee_details.line_items')).toThrow(
      expect.objectContaining({
        type: 'INVALID_VALUE',
        details: expect.objectContaining({ field: 'fee_details.line_items' }),
      }),
    );
  });
});
