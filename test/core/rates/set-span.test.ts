import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompiledPeriod, OPEN_END } from '../../../src/core/rates/compile-periods.ts';
import type { ResolvedRate } from '../../../src/core/rates/key-timeline.ts';
import { NO_RATES } from '../../../src/core/rates/rate-index.ts';
import { setSpan } from '../../../src/core/rates/sst/set-span.ts';

/** A span's open ends (set-span.ts). */
const OPEN_SPAN = 2 ** 30 - 1;

/** A member's periods: sorted, not overlapping, gaps allowed, the last maybe open. */
const memberPeriods = (member: number) =>
  fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 6 })), { maxLength: 4 }).chain((steps) =>
    fc.boolean().map((open) => {
      const periods: CompiledPeriod[] = [];
      let day = 0;
      steps.forEach(([gap, length], index) => {
        const from = day + gap;
        const to = open && index === steps.length - 1 ? OPEN_END : from + length;
        periods.push({ from, to, rate: { units: member * 100 + index } as unknown as ResolvedRate });
        day = to;
      });
      return periods;
    }),
  );

/** The naive answer: each member's period in force on the day, in member order. */
function naive(members: readonly (readonly CompiledPeriod[])[], day: number): ResolvedRate[] {
  return members.flatMap((list) => list.filter((p) => p.from <= day && day < p.to).map((p) => p.rate));
}

describe("an SST jurisdiction set's span of days", () => {
  it('gives the rates in force on the day, and the same rates on every day of its span', () => {
    const members = fc.tuple(memberPeriods(1), memberPeriods(2), memberPeriods(3));
    fc.assert(
      fc.property(members, fc.integer({ min: -2, max: 40 }), (lists, day) => {
        const span = setSpan({ memberPeriods: lists, memberStart: Uint32Array.of(0, lists.length) }, 0, day);
        expect(span.from <= day && day < span.to).toBe(true);
        const first = Math.min(...lists.flat().map((p) => p.from));
        if (naive(lists, day).length === 0) {
          expect(span.rates).toHaveLength(0);
          expect(span.rates === NO_RATES).toBe(day < first);
        } else {
          expect(span.rates).toEqual(naive(lists, day));
        }
        // Every day of the span (within what the test spans) has the same rates, and the days
        // just outside it do not (the span is as long as it may be) unless it is open.
        for (let other = Math.max(span.from, -2); other < Math.min(span.to, 45); other += 1) {
          expect(naive(lists, other)).toEqual(naive(lists, day));
        }
        const cuts = lists.flat().flatMap((p) => [p.from, p.to]);
        if (span.to !== OPEN_SPAN) expect(cuts).toContain(span.to);
        if (span.from !== -OPEN_SPAN) expect(cuts).toContain(span.from);
      }),
      { numRuns: 2_000 },
    );
  });
});
