import { dayNumber } from '../rates/day-number.ts';
import { civilDate, formatDay } from '../rates/format-day.ts';

/** How a report splits its range: by calendar month, quarter or year (UTC). */
export type ReportPeriod = 'month' | 'quarter' | 'year';

export const REPORT_PERIODS: readonly ReportPeriod[] = ['month', 'quarter', 'year'];

/**
 * The period `day` falls in, as ISO dates, clipped to the report's range: a report from
 * 2026-11-15 to 2026-12-15 by month has the periods 2026-11-15..2026-11-30 and
 * 2026-12-01..2026-12-15, so every row covers days the report was asked for.
 */
export function periodOf(
  day: number,
  period: ReportPeriod,
  fromDay: number,
  toDay: number,
): { readonly start: string; readonly end: string } {
  const { year, month } = civilDate(day);
  const firstMonth = period === 'month' ? month : period === 'quarter' ? month - ((month - 1) % 3) : 1;
  const months = period === 'month' ? 1 : period === 'quarter' ? 3 : 12;
  const start = dayNumber(year, firstMonth, 1);
  const nextMonth = firstMonth + months;
  const end = (nextMonth > 12 ? dayNumber(year + 1, nextMonth - 12, 1) : dayNumber(year, nextMonth, 1)) - 1;
  return { start: formatDay(Math.max(start, fromDay)), end: formatDay(Math.min(end, toDay)) };
}
