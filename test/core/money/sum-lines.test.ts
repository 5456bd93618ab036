import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLine, NO_LINES, sumLines } from '../../../src/core/money/sum-lines.ts';
import { mapFields } from '../../../src/wire/field-map.ts';
import { platformCalculationFields } from '../../../src/wire/platform-calculation-input.ts';

const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
const line = fc.record({ taxMinor: amount, amountExcludingTaxMinor: amount, amountIncludingTaxMinor: amount });

describe('sumLines: the one totals helper', () => {
  it('each total is the exact sum of its lines, in any order', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (lines) => {
        const totals = sumLines(lines, ['lines']);
        expect(totals.taxMinor).toBe(lines.reduce((sum, each) => sum + each.taxMinor, 0));
        expect(totals.amountExcludingTaxMinor).toBe(lines.reduce((sum, each) => sum + each.amountExcludingTaxMinor, 0));
        expect(totals.amountIncludingTaxMinor).toBe(lines.reduce((sum, each) => sum + each.amountIncludingTaxMinor, 0));
        expect(sumLines(lines.toReversed(), ['lines'])).toEqual(totals);
      }),
    );
  });

  it('refuses a total past 2^53 − 1 with 400 INVALID_VALUE keyed to the lines, which the wire layer names', () => {
    const big = { taxMinor: Number.MAX_SAFE_INTEGER, amountExcludingTaxMinor: 0, amountIncludingTaxMinor: 0 };
    let thrown: unknown;
    try {
      addLine(addLine(NO_LINES, big, ['feeLines']), big, ['feeLines']);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ type: 'INVALID_VALUE', key: ['feeLines'] });
    expect(mapFields(thrown, platformCalculationFields)).toMatchObject({
      type: 'INVALID_VALUE',
      details: expect.objectContaining({ field: 'fee_details.line_items' }),
      message: expect.stringMatching(/^fee_details\.line_items: /),
    });
  });
});
