import type { RateLimit } from './http-options.ts';

export interface RateLimiter {
  /**
   * Takes one token from `key`'s bucket. Returns 0 when the request may go on, otherwise the
   * whole seconds to wait until a token is there (for `Retry-After`, at least 1).
   */
  take(key: string, nowMs: number): number;
  /** How many buckets are held (for tests). */
  readonly size: number;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/**
 * Token buckets per key, in a Map bounded to `maxBuckets`. A bucket that has refilled to its
 * burst holds no information (a new one would be the same), so when the map is full those
 * idle buckets go first; if that frees too little, the least recently used ones go (Map
 * iteration order is insertion order and every use re-inserts). Evicting down to 90 % makes a
 * flood of new keys cost O(1) per request on average instead of a sweep per request.
 */
export function createRateLimiter(limit: RateLimit, maxBuckets: number): RateLimiter {
  if (!(limit.perSecond > 0) || !(limit.burst >= 1)) {
    throw new TypeError('taxkit: a rate limit needs perSecond > 0 and burst >= 1.');
  }
  if (!Number.isInteger(maxBuckets) || maxBuckets < 1)
    throw new TypeError('taxkit: maxRateLimitBuckets must be a positive integer.');
  const perMs = limit.perSecond / 1000;
  const buckets = new Map<string, Bucket>();

  function evict(nowMs: number): void {
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + (nowMs - bucket.updatedMs) * perMs >= limit.burst) buckets.delete(key);
    }
    const target = Math.floor(maxBuckets * 0.9);
    for (const key of buckets.keys()) {
      if (buckets.size <= target) break;
      buckets.delete(key);
    }
  }

  return {
    take(key, nowMs) {
      let bucket = buckets.get(key);
      if (bucket === undefined) {
        if (buckets.size >= maxBuckets) evict(nowMs);
        bucket = { tokens: limit.burst, updatedMs: nowMs };
      } else {
        buckets.delete(key);
        // A clock that steps back must not mint tokens, hence the max.
        bucket.tokens = Math.min(limit.burst, bucket.tokens + Math.max(0, nowMs - bucket.updatedMs) * perMs);
        bucket.updatedMs = Math.max(bucket.updatedMs, nowMs);
      }
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond));
    },
    get size() {
      return buckets.size;
    },
  };
}
