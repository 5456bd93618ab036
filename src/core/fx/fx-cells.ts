/** A currency code as ISO 4217 writes it: three capital letters. */
export function isCurrencyCode(value: string): boolean {
  return /^[A-Z]{3}$/.test(value);
}

/** Up to 12 digits, optionally a point and up to 12 more, not zero: an exchange rate as sources publish it. */
export function isPositiveDecimal(value: string): boolean {
  return /^\d{1,12}(?:\.\d{1,12})?$/.test(value) && !/^0*(?:\.0*)?$/.test(value);
}

/** YYYY-MM-DD naming a day that exists (no 2023-02-29), from year 1900 to 2999. */
export function isRealDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** Days of a month of the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
