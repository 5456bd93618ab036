import type { DomainKey } from '../errors.ts';
import { checkedAdd } from './checked-add.ts';

/** The amounts of a line that add up into totals. */
export interface LineAmounts {
  readonly taxMinor: number;
  readonly amountExcludingTaxMinor: number;
  readonly amountIncludingTaxMinor: number;
}

/**
 * The totals of `lines`: tax, excluding tax and including tax, each the exact sum of the lines
 * (so a total always equals the sum of its lines). A sum past 2^53 − 1 is 400 INVALID_VALUE
 * about `key` (the lines' domain key, e.g. `['lines']`).
 */
export function sumLines(lines: readonly LineAmounts[], key: DomainKey): LineAmounts {
  let totals = NO_LINES;
  for (const line of lines) totals = addLine(totals, line, key);
  return totals;
}

/** Totals with nothing in them. */
export const NO_LINES: LineAmounts = Object.freeze({
  taxMinor: 0,
  amountExcludingTaxMinor: 0,
  amountIncludingTaxMinor: 0,
});

/** `totals` with `line` added: the running form of {@link sumLines}, for loops that build lines. */
export function addLine(totals: LineAmounts, line: LineAmounts, key: DomainKey): LineAmounts {
  return {
    taxMinor: checkedAdd(totals.taxMinor, line.taxMinor, key),
    amountExcludingTaxMinor: checkedAdd(totals.amountExcludingTaxMinor, line.amountExcludingTaxMinor, key),
    amountIncludingTaxMinor: checkedAdd(totals.amountIncludingTaxMinor, line.amountIncludingTaxMinor, key),
  };
}
