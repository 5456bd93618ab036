import { civilOfUnix } from '../core/nexus/civil-date.ts';

/**
 * Unix seconds as the UTC day, YYYY-MM-DD: how the interface shows a certificate's dates.
 * Computed without a `Date`, so a record stored before the interface bounded its dates (a year
 * past 275760, where `Date` gives up) is still shown, with an ISO 8601 expanded year
 * ("+275761-01-01"), and a list that holds it never fails.
 */
export function isoDay(seconds: number): string {
  const { year, month, day } = civilOfUnix(seconds);
  return `${isoYear(year)}-${pad(month)}-${pad(day)}`;
}

/** Unix seconds as an ISO 8601 moment in UTC to the second ("2026-03-01T12:00:00Z"), as the certificate objects show times. */
export function isoMoment(seconds: number): string {
  const inDay = ((Math.floor(seconds) % 86_400) + 86_400) % 86_400;
  const time = `${pad(Math.floor(inDay / 3600))}:${pad(Math.floor(inDay / 60) % 60)}:${pad(inDay % 60)}`;
  return `${isoDay(seconds)}T${time}Z`;
}

/** Four digits for years 0..9999; outside them a sign and six digits (ISO 8601 expanded years). */
function isoYear(year: number): string {
  if (year >= 0 && year <= 9999) return String(year).padStart(4, '0');
  return `${year < 0 ? '-' : '+'}${String(Math.abs(year)).padStart(6, '0')}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
