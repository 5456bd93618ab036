import { hash } from 'node:crypto';
import type { IdPrefix, Ids } from './ports/ids.ts';

/**
 * Ids in the hosted API's shape (`calc_1748380341807e125e1a0-415e-407d-98e4-00d2717f4ac9`), whose
 * random part comes from `seed` and a counter: the same seed and the same sequence of calls give
 * the same ids, so a harness can compare responses with stored snapshots. With a frozen test
 * clock the millisecond part repeats too. Not for production: the ids are guessable.
 *
 * @example
 * const engine = createTaxEngine({ ids: createSeededIds('my-suite') });
 */
export function createSeededIds(seed: string): Ids {
  let counter = 0;
  return {
    next(prefix: IdPrefix, nowMs: number) {
      counter += 1;
      const hex = hash('sha256', `${seed}\u0000${counter}`, 'hex');
      // Shaped as a version-4 UUID, as randomUUID() gives, so ids look and sort alike.
      const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
      const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
      return `${prefix}_${nowMs}${uuid}`;
    },
  };
}
