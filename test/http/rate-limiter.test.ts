import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/http/create-rate-limiter.ts';

describe('createRateLimiter', () => {
  it('lets a burst through, then answers the seconds until the next token', () => {
    const limiter = createRateLimiter({ perSecond: 4, burst: 3 }, 100);
    expect([limiter.take('k', 0), limiter.take('k', 0), limiter.take('k', 0)]).toEqual([0, 0, 0]);
    expect(limiter.take('k', 0)).toBe(1);
    expect(limiter.take('k', 249)).toBe(1);
    expect(limiter.take('k', 250)).toBe(0);
  });

  it('rounds Retry-After up to whole seconds', () => {
    const limiter = createRateLimiter({ perSecond: 0.1, burst: 1 }, 100);
    expect(limiter.take('k', 0)).toBe(0);
    expect(limiter.take('k', 0)).toBe(10);
    expect(limiter.take('k', 9_500)).toBe(1);
    expect(limiter.take('k', 10_000)).toBe(0);
  });

  it('does not mint tokens when the clock steps back', () => {
    const limiter = createRateLimiter({ perSecond: 1, burst: 1 }, 100);
    expect(limiter.take('k', 10_000)).toBe(0);
    expect(limiter.take('k', 0)).toBeGreaterThan(0);
    expect(limiter.take('k', 10_500)).toBeGreaterThan(0);
    expect(limiter.take('k', 11_000)).toBe(0);
  });

  it('never holds more than maxBuckets, dropping refilled buckets first', () => {
    const limiter = createRateLimiter({ perSecond: 1, burst: 2 }, 50);
    // A busy key, emptied at t=0.
    limiter.take('busy', 0);
    limiter.take('busy', 0);
    for (let index = 0; index < 10_000; index++) {
      limiter.take(`flood-${index}`, 0);
      expect(limiter.size).toBeLessThanOrEqual(50);
    }
    // A flood at one instant leaves no idle bucket: the least recently used went first,
    // so the busy key was dropped and starts over with a full bucket.
    expect(limiter.take('busy', 0)).toBe(0);
  });

  it('keeps a recently limited key when idle buckets can be dropped instead', () => {
    const limiter = createRateLimiter({ perSecond: 1, burst: 2 }, 10);
    for (let index = 0; index < 9; index++) limiter.take(`old-${index}`, 0);
    limiter.take('busy', 5_000);
    limiter.take('busy', 5_000);
    // At t=5 s the old buckets have refilled: they go, the busy one stays empty.
    for (let index = 0; index < 5; index++) limiter.take(`new-${index}`, 5_000);
    expect(limiter.size).toBeLessThanOrEqual(10);
    expect(limiter.take('busy', 5_000)).toBe(1);
  });

  it('refuses nonsense limits', () => {
    expect(() => createRateLimiter({ perSecond: 0, burst: 1 }, 10)).toThrow(TypeError);
    expect(() => createRateLimiter({ perSecond: 1, burst: 0 }, 10)).toThrow(TypeError);
    expect(() => createRateLimiter({ perSecond: 1, burst: 1 }, 0)).toThrow(TypeError);
  });
});
