import { NO_RATES, type RateIndex, type ResolvedRate } from './rate-index.ts';

/**
 * The hot path: the rates in force at location `key` on `day` (days since 1970-01-01).
 * `undefined` when the index knows nothing of the key; an empty array when it knows the key
 * but no rate is in force that day. No allocation, regex, Date or await: one Map lookup and a
 * binary search over a typed array, returning a shared frozen array.
 */
export function lookupRates(index: RateIndex, key: string, day: number): readonly ResolvedRate[] | undefined {
  const timeline = index.keys.get(key);
  if (timeline === undefined) return undefined;
  const days = timeline.days;
  // Largest i with days[i] <= day.
  let low = 0;
  let high = days.length - 1;
  if (high < 0 || day < (days[0] as number)) return NO_RATES;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if ((days[middle] as number) <= day) low = middle;
    else high = middle - 1;
  }
  return timeline.segments[low] as readonly ResolvedRate[];
}
