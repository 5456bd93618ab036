import { randomUuid } from './random-uuid.ts';
import type { IdPrefix, Ids } from './ports/ids.ts';

/**
 * Ids shaped like the hosted API's (docs/interface.md §1): prefix, 13-digit epoch milliseconds, then
 * a random UUID, e.g. `calc_1748380341807e125e1a0-415e-407d-98e4-00d2717f4ac9`.
 */
export function createRandomIds(): Ids {
  return { next: (prefix: IdPrefix, nowMs: number) => `${prefix}_${nowMs}${randomUuid()}`, random: true };
}

/**
 * Deterministic ids for tests and replays: the same shape, with a counter in place of the UUID
 * (`calc_1748380341807-000000000001`).
 */
export function createCountingIds(start = 0): Ids {
  let counter = start;
  return {
    next: (prefix: IdPrefix, nowMs: number) => {
      counter += 1;
      return `${prefix}_${nowMs}-${String(counter).padStart(12, '0')}`;
    },
  };
}
