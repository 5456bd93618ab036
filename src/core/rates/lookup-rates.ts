import { NO_RATES, type RateIndex, type ResolvedRate } from './rate-index.ts';

/**
 * The hot path: the rates in force at location `key` on `day` (days since 1970-01-01).
 * `undefined` when the index knows nothing of the key; `NO_RATES` (empty) when it knows the
 * key but its data starts after `day`; an empty array of its own when the key's jurisdictions
 * have no rate that day. No allocation, regex, Date or await: one Map lookup, then a walk back
 * from the key's newest period, which for a current date stops at once. Returns a shared
 * frozen array.
 */
export function lookupRates(index: RateIndex, key: string, day: number): readonly ResolvedRate[] | undefined {
  let node = index.keys.get(key);
  if (node === undefined) return undefined;
  while (node.from > day) {
    node = node.previous;
    if (node === undefined) return NO_RATES;
  }
  return node.rates;
}
