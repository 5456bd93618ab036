import { type CompiledPeriod, OPEN_END } from '../compile-periods.ts';
import type { ResolvedRate } from '../key-timeline.ts';
import { NO_RATES } from '../rate-index.ts';
import type { SstSpan, SstStateIndex } from './sst-state-index.ts';

type SstMembers = Pick<SstStateIndex, 'memberPeriods' | 'memberStart'>;

/** The span's open ends: every day taxkit takes (up to 9999-12-31) is well inside. */
const SMALL_END = 2 ** 30 - 1;

/** The rates of a set none of whose members has a rate that day (a record without state tax, say). */
const NONE_IN_FORCE: readonly ResolvedRate[] = Object.freeze([]);

/**
 * The rates of jurisdiction set `set` on `day` (each member's period in force that day, in
 * member order), with the span of days around it over which they hold: from the latest start or
 * end of a member's period on or before `day` to the earliest after it. `NO_RATES` before the
 * first period of any member.
 */
export function setSpan(index: SstMembers, set: number, day: number): SstSpan {
  let from = -SMALL_END;
  let to = SMALL_END;
  let first = OPEN_END;
  const rates: ResolvedRate[] = [];
  const last = index.memberStart[set + 1] as number;
  for (let member = index.memberStart[set] as number; member < last; member += 1) {
    for (const period of index.memberPeriods[member] as readonly CompiledPeriod[]) {
      if (period.from < first) first = period.from;
      if (period.to <= day) {
        if (period.to > from) from = period.to;
      } else if (period.from > day) {
        if (period.from < to) to = period.from;
      } else {
        rates.push(period.rate);
        if (period.from > from) from = period.from;
        if (period.to < to) to = period.to;
      }
    }
  }
  return {
    from,
    to,
    // slice(): an array of exactly its length (a pushed-to one keeps room for 17).
    rates: rates.length > 0 ? Object.freeze(rates.slice()) : day < first ? NO_RATES : NONE_IN_FORCE,
  };
}
