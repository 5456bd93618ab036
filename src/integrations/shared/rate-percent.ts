/**
 * A rate fraction (0.0615) as the percent a checkout framework wants (6.15), by moving the
 * decimal point in its text, so no binary product turns it into 6.1499999.
 */
export function ratePercent(rate: number): number {
  let percent = percents.get(rate);
  if (percent === undefined) {
    percent = shiftTwoPlaces(rate);
    // A store has few distinct rates; a bound keeps a caller with many from growing this.
    if (percents.size < 10_000) percents.set(rate, percent);
  }
  return percent;
}

const percents = new Map<number, number>();

function shiftTwoPlaces(rate: number): number {
  const text = rate.toString();
  if (/e/i.test(text)) return Number((rate * 100).toPrecision(15));
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const padded = fraction.padEnd(2, '0');
  const shifted = `${whole}${padded.slice(0, 2)}.${padded.slice(2) || '0'}`;
  return Number(`${negative ? '-' : ''}${shifted}`);
}
