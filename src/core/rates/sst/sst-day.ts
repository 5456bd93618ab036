import { OPEN_END } from '../compile-periods.ts';
import { dayNumber } from '../day-number.ts';
import { SST_OPEN_END, type SstDate } from './sst-file.ts';

/** The day number of a file's `YYYYMMDD` date. */
export function sstDay(date: SstDate): number {
  return dayNumber(Math.floor(date / 10_000), Math.floor(date / 100) % 100, date % 100);
}

/** The day after a file's (inclusive) end date, as a day number; `OPEN_END` for an open end. */
export function sstEndDay(date: SstDate): number {
  return date === SST_OPEN_END ? OPEN_END : sstDay(date) + 1;
}
