import { dayNumber, dayOfUnixSeconds } from '../rates/day-number.ts';
import { civilDate } from '../rates/format-day.ts';

/** A calendar quarter: the tax period of the EU one-stop-shop return. */
export interface Quarter {
  readonly year: number;
  readonly quarter: 1 | 2 | 3 | 4;
}

/** "2026-Q3", as the API writes a quarter. */
export function quarterLabel(quarter: Quarter): string {
  return `${quarter.year}-Q${quarter.quarter}`;
}

/** The quarter "YYYY-Qn" names (n 1 to 4), or undefined. */
export function parseQuarter(text: string): Quarter | undefined {
  const match = /^(\d{4})-Q([1-4])$/.exec(text);
  if (match === null) return undefined;
  return { year: Number(match[1]), quarter: Number(match[2]) as Quarter['quarter'] };
}

/** The quarter a moment (Unix seconds, UTC) falls in. */
export function quarterOfSeconds(seconds: number): Quarter {
  const { year, month } = civilDate(dayOfUnixSeconds(seconds));
  return { year, quarter: (Math.floor((month - 1) / 3) + 1) as Quarter['quarter'] };
}

/** The first and last day (day numbers, both inclusive) of a quarter. */
export function quarterDays(quarter: Quarter): { readonly fromDay: number; readonly toDay: number } {
  const firstMonth = (quarter.quarter - 1) * 3 + 1;
  const fromDay = dayNumber(quarter.year, firstMonth, 1);
  const toDay =
    quarter.quarter === 4 ? dayNumber(quarter.year + 1, 1, 1) - 1 : dayNumber(quarter.year, firstMonth + 3, 1) - 1;
  return { fromDay, toDay };
}
