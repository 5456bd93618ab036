import type { TaxStore } from '../ports/store.ts';

/** Seconds between two sweeps: often enough to bound growth, rare enough to cost nothing. */
const SWEEP_INTERVAL_SECONDS = 3_600;

/**
 * Housekeeping for stored calculations: at most once an hour (engine clock), deletes those that
 * expired more than `graceSeconds` ago. Within the grace a transaction from an expired
 * calculation still gets the precise CALCULATION_EXPIRED; after it, CALCULATION_NOT_FOUND.
 * Without it a long-running store grows with every quote.
 */
export function createCalculationSweeper(store: TaxStore, graceSeconds: number): (now: number) => Promise<void> {
  let nextSweepAt = Number.NEGATIVE_INFINITY;
  return async (now) => {
    if (now < nextSweepAt) return;
    nextSweepAt = now + SWEEP_INTERVAL_SECONDS;
    await store.deleteCalculationsExpiredBefore(now - graceSeconds);
  };
}
