import { divideHalfUpBig } from '../money/divide-half-up.ts';
import { RATE_SCALE } from '../money/rate-scale.ts';
import { EXEMPT_UP_TO, NO_THRESHOLD } from './apply-rules.ts';

const SCALE = BigInt(RATE_SCALE);

/**
 * The tax-exclusive price `b` of a tax-inclusive `amount` when some jurisdictions tax only part
 * of the price (per-item thresholds): the exact solution of
 * `amount = b + Σ rateᵢ × taxableᵢ(b)`, rounded half up. `taxableᵢ` is piecewise linear in `b`
 * with breaks at the cuts (exempt-below: 0 then b; exempt-up-to: 0 then b − cut), so the equation is solved exactly on each piece in turn (integers,
 * BigInt). An amount that no price can produce (it falls in the jump where an exempt-below
 * threshold starts to bite) is read as a price exactly at that threshold. `floors`: rates each
 * jurisdiction applies to the whole price on top, whatever its threshold.
 */
export function excludeTaxWithThresholds(
  amount: number,
  units: readonly number[],
  modes: readonly number[],
  cuts: readonly number[],
  floors?: readonly number[],
): number {
  const breaks = [...new Set(cuts.filter((cut, index) => modes[index] !== NO_THRESHOLD && cut > 0))].sort(
    (a, b) => a - b,
  );
  const scaledAmount = BigInt(amount) * SCALE;
  for (let piece = 0; piece <= breaks.length; piece += 1) {
    const low = piece === 0 ? 0 : (breaks[piece - 1] as number);
    const high = piece < breaks.length ? (breaks[piece] as number) : undefined;
    let rate = 0n;
    let offset = 0n;
    // Rates on the whole price whatever the thresholds (the reduced part of a `rate_below`).
    if (floors !== undefined) for (const floor of floors) rate += BigInt(floor);
    for (let index = 0; index < units.length; index += 1) {
      const mode = modes[index] as number;
      const cut = cuts[index] as number;
      const active = mode === NO_THRESHOLD || low >= cut;
      if (!active) continue;
      const value = BigInt(units[index] as number);
      rate += value;
      // Above its cut an exempt-up-to jurisdiction taxes b − cut: the − rate × cut moves left.
      if (mode === EXEMPT_UP_TO) offset += value * BigInt(cut);
    }
    const numerator = scaledAmount + offset;
    const denominator = SCALE + rate;
    if (numerator < BigInt(low) * denominator) return low;
    if (high !== undefined && numerator >= BigInt(high) * denominator) continue;
    return Number(divideHalfUpBig(numerator, denominator));
  }
  return amount; // unreachable: the last piece is open-ended and always answers
}
