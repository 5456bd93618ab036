import { civilOfUnix, unixOfCivil } from './civil-date.ts';
import type { NexusRule } from './nexus-rule.ts';

/** A measuring period, Unix seconds, both ends inclusive. */
export interface MeasuringPeriod {
  readonly start: number;
  readonly end: number;
}

/**
 * The periods a rule measures at `at` (Unix seconds), in the order they are tried: a seller
 * crosses when it crosses in any of them ("previous or current calendar year" is two). The
 * current periods end at `at`; the earlier ones at their last second.
 */
export function measuringPeriods(rule: NexusRule, at: number): readonly MeasuringPeriod[] {
  const { year, month, day } = civilOfUnix(at);
  const yearOf = (y: number) => ({ start: unixOfCivil(y, 1, 1), end: unixOfCivil(y + 1, 1, 1) - 1 });
  switch (rule.period) {
    case 'previous_calendar_year':
      return [yearOf(year - 1)];
    case 'previous_or_current_calendar_year':
      return [yearOf(year - 1), { start: unixOfCivil(year, 1, 1), end: at }];
    case 'rolling_12_months':
      // The 12 months up to and including `at`: from the day after the same date a year before.
      return [{ start: unixOfCivil(year - 1, month, day + 1), end: at }];
    case 'twelve_months_ending_september_30': {
      // The 12 months ending on the last September 30 before the month of `at`.
      const endYear = month >= 10 ? year : year - 1;
      return [{ start: unixOfCivil(endYear - 1, 10, 1), end: unixOfCivil(endYear, 10, 1) - 1 }];
    }
    case 'preceding_four_quarters': {
      const ends = rule.quarterEndMonths ?? [3, 6, 9, 12];
      // The last quarter end strictly before the month of `at`: the current quarter is not complete.
      let endMonth = month - 1;
      let endYear = year;
      while (!ends.includes(((endMonth - 1 + 12) % 12) + 1)) endMonth -= 1;
      if (endMonth < 1) {
        endMonth += 12;
        endYear -= 1;
      }
      const end = unixOfCivil(endYear, endMonth + 1, 1) - 1;
      return [{ start: unixOfCivil(endYear, endMonth - 11, 1), end }];
    }
  }
}
