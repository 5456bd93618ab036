import { TaxError } from '../errors.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Days since 1970-01-01 of a proleptic Gregorian date, by arithmetic (no `Date`), so rate
 * periods compare as integers on the hot path. Algorithm: H. Hinnant, "days_from_civil".
 */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** Day number of an ISO date string ("2025-04-01"); rejects anything else. */
export function parseDay(iso: string): number {
  const match = ISO_DATE.exec(iso);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (match === null || month < 1 || month > 12 || day < 1 || day > 31) {
    throw new TaxError('INVALID_VALUE', `"${iso}" is not an ISO date (YYYY-MM-DD).`);
  }
  return dayNumber(Number(match[1]), month, day);
}

/** Day number (UTC) of a Unix time in seconds. */
export function dayOfUnixSeconds(seconds: number): number {
  return Math.floor(seconds / 86_400);
}
