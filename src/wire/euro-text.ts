/** Euro cents as the decimal a return shows: 12345 → "123.45", -5 → "-0.05". */
export function euroText(cents: number): string {
  const magnitude = Math.abs(cents);
  const text = `${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/**
 * An exact decimal rate as a percentage with two decimals, by digit work (never a float):
 * "0.19" → "19.00", "0.055" → "5.50". VAT rates have at most four decimals of a fraction.
 */
export function percentText(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const digits = fraction.padEnd(4, '0');
  return `${Number(whole) * 100 + Number(digits.slice(0, 2))}.${digits.slice(2, 4)}`;
}
