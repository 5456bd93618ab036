/** A proleptic Gregorian date. */
export interface CivilDate {
  readonly year: number;
  /** 1-12. */
  readonly month: number;
  readonly day: number;
}

const DAY = 86_400;

/** Unix seconds of 00:00 UTC on a civil date; month may run past 12 or below 1 (it carries into the year). */
export function unixOfCivil(year: number, month: number, day: number): number {
  const carried = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  return Date.UTC(carried, m - 1, day) / 1000;
}

/** The UTC civil date of a Unix time (H. Hinnant's "civil_from_days", no `Date` object). */
export function civilOfUnix(seconds: number): CivilDate {
  const z = Math.floor(seconds / DAY) + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Unix seconds of 00:00 UTC of an ISO date "YYYY-MM-DD". */
export function unixOfIsoDay(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return unixOfCivil(year, month, day);
}
