import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRate } from '../../src/core/money/parse-rate.ts';
import { parseRateCell } from '../../src/rate-import/parse-rate-cell.ts';

describe('parseRateCell (memoised by cell text)', () => {
  it('answers every cell as parseRate does, however often and in whatever order it is asked', () => {
    const cell = fc.oneof(
      fc.integer({ min: 0, max: 100_000_000 }).map((units) => (units / 100_000_000).toFixed(8)),
      fc.constantFrom('0.0725', ' 0.0725 ', '1', '0', '.5', '0.123456789', '1.5', 'abc', ''),
    );
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 50 }), (cells) => {
        for (const text of [...cells, ...cells]) {
          let expected: number | 'refused';
          try {
            expected = parseRate(text.trim());
          } catch {
            expected = 'refused';
          }
          let actual: number | 'refused';
          try {
            actual = parseRateCell(text, 'f.csv', 2, 'StateRate');
          } catch (error) {
            expect(error).toMatchObject({ type: 'INVALID_VALUE', message: expect.stringMatching(/f\.csv.*StateRate/) });
            actual = 'refused';
          }
          expect(actual).toBe(expected);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('stays right past its bound of remembered values', () => {
    for (let units = 0; units < 25_000; units += 1) {
      const text = (units / 100_000_000).toFixed(8);
      expect(parseRateCell(text, 'f.csv', 2, 'StateRate')).toBe(units);
    }
    expect(parseRateCell('0.00000001', 'f.csv', 2, 'StateRate')).toBe(1);
  });
});
