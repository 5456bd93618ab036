/** A bounded map of `max` entries: once full, each new key pushes out the oldest. */
export interface FifoCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
}

/**
 * A {@link FifoCache}. The order is a ring of keys, not the Map's own: taking the first key of
 * a Map whose front entries were deleted walks over every deleted slot, which made each
 * eviction cost more the longer the cache had been full.
 */
export function createFifoCache<K, V>(max: number): FifoCache<K, V> {
  const entries = new Map<K, V>();
  const order = new Array<K | undefined>(max).fill(undefined);
  let oldest = 0;
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      if (entries.has(key)) {
        entries.set(key, value);
        return;
      }
      const evicted = order[oldest];
      if (evicted !== undefined) entries.delete(evicted);
      order[oldest] = key;
      oldest = oldest + 1 === max ? 0 : oldest + 1;
      entries.set(key, value);
    },
  };
}
