/** Digits after the decimal point of `currency` (2 for USD and EUR, 0 for JPY), as the browser's Intl knows them. */
export function exponentOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * An amount in minor units as a decimal in major units ("-1234" USD → "-12.34"), by string
 * arithmetic: no floating point between the API's integer and what is shown.
 */
export function money(minor: number, currency: string): string {
  const exponent = exponentOf(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return exponent === 0 ? `${sign}${whole}` : `${sign}${whole}.${digits.slice(digits.length - exponent)}`;
}

/** Unix seconds as "2026-11-05 16:30 UTC". */
export function when(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  return `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Unix seconds as "2026-11-05". */
export function day(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** A rate (0.0725) as a percentage ("7.25 %"), without float noise. */
export function percent(rate: number): string {
  return `${Number((rate * 100).toFixed(6))} %`;
}

/** A month "YYYY-MM": its first and last days, and its first and last seconds (both inclusive, UTC). */
export function monthRange(month: string): { from: string; to: string; fromSeconds: number; toSeconds: number } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = Date.UTC(year, monthNumber - 1, 1);
  const next = Date.UTC(year, monthNumber, 1);
  const last = new Date(next - 86_400_000).toISOString().slice(0, 10);
  return { from: month + '-01', to: last, fromSeconds: start / 1000, toSeconds: next / 1000 - 1 };
}

/** The current UTC month, "YYYY-MM". */
export function thisMonth(): string {
  return new Date().toISOString().slice(0, 7);
}
