import { setImmediate as nextTurn, setTimeout as pause } from 'node:timers/promises';
import type { TaxStore } from '../ports/store.ts';

/** Seconds between two sweeps: often enough to bound growth, rare enough to cost nothing. */
const SWEEP_INTERVAL_SECONDS = 3_600;

/**
 * Rows per DELETE. Each batch is one short write transaction, so a writer in this process or
 * another waits at most that long for the lock, where one unbatched DELETE of 1.6M rows held it
 * for 8 s. Batches of 1,000 held SQLite's lock 36 ms at the median and up to 175 ms on a loaded
 * 2-core machine (`bench/stalls.mjs`); a quarter of that keeps a waiting writer under 50 ms.
 */
export const SWEEP_BATCH_SIZE = 250;

/**
 * Pause between two batches. Yielding one turn was not enough for another process: SQLite's
 * busy handler sleeps between its tries (1, 2, 5 … 25 ms, then 50 and 100), and a sweep that
 * took the lock again at once won nearly every race, so a sale in the other process waited up to
 * 1.16 s behind a sweep of 1.2 M rows. A pause longer than the handler's sleeps in its first
 * 100 ms lets a waiting writer in before the next batch.
 */
export const SWEEP_PAUSE_MS = 30;

/** Housekeeping of stored calculations, run in the background. */
export interface CalculationSweeper {
  /**
   * Starts a sweep when none ran in the last hour (engine clock) and returns at once: the
   * request that triggers it never waits for it.
   */
  request(now: number): void;
  /** Resolves when no sweep is running (tests, shutdown). Never rejects. */
  idle(): Promise<void>;
  /** Lets the running batch finish, starts no other, and resolves when it is done. */
  stop(): Promise<void>;
}

/**
 * Deletes calculations that expired more than `graceSeconds` ago, {@link SWEEP_BATCH_SIZE} at a
 * time, yielding to other work between batches. Within the grace a transaction from an expired
 * calculation still gets the precise CALCULATION_EXPIRED; after it, CALCULATION_NOT_FOUND.
 * Without it a long-running store grows with every quote. A failed sweep is retried by the next
 * calculation (the store may be briefly busy); it is never the caller's error.
 */
export function createCalculationSweeper(store: TaxStore, graceSeconds: number): CalculationSweeper {
  let nextSweepAt = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function sweep(before: number): Promise<void> {
    // Yield first: the calculation that asked for the sweep is answered before any DELETE.
    await nextTurn();
    for (;;) {
      if (stopped) return;
      const deleted = await store.deleteCalculationsExpiredBefore(before, SWEEP_BATCH_SIZE);
      if (deleted < SWEEP_BATCH_SIZE) return;
      await pause(SWEEP_PAUSE_MS);
    }
  }

  return {
    request(now) {
      if (stopped || now < nextSweepAt) return;
      nextSweepAt = now + SWEEP_INTERVAL_SECONDS;
      // A sweep still running (a huge backlog, or a clock moved by a test) is followed by this one.
      const after = running ?? Promise.resolve();
      const current: Promise<void> = after
        .then(() => sweep(now - graceSeconds))
        .catch(() => {
          nextSweepAt = Number.NEGATIVE_INFINITY;
        })
        .finally(() => {
          if (running === current) running = undefined;
        });
      running = current;
    },
    idle: async () => {
      await running;
    },
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}
