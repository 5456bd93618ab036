import type { Clock } from './ports/clock.ts';

/** A clock a test harness can set and move (the test clock of `taxkit serve --test-harness`). */
export interface SettableClock extends Clock {
  /** Sets the time to `ms` (Unix milliseconds). A running clock runs on from there. */
  set(ms: number): void;
  /** Moves the time forward (or back, for a negative `ms`). */
  advance(ms: number): void;
  /** Stops the clock where it is (`true`) or lets it run on with real time (`false`). */
  freeze(frozen: boolean): void;
  readonly frozen: boolean;
}

/**
 * A clock that starts at real time and runs with it, offset by whatever `set` and `advance`
 * asked for; frozen, it stands still. Expiry (24 h), retention (7 days) and rate dates all
 * follow it, so a harness tests them without waiting.
 *
 * @param realNow - the real time source (Unix milliseconds); for tests of this clock itself.
 * @example
 * const clock = createSettableClock();
 * const engine = createTaxEngine({ clock });
 * clock.advance(25 * 3600 * 1000); // calculations made before now have expired
 */
export function createSettableClock(realNow: () => number = Date.now): SettableClock {
  let offset = 0;
  let frozenAt: number | undefined;
  const now = () => frozenAt ?? realNow() + offset;
  return {
    now,
    set(ms) {
      if (frozenAt !== undefined) frozenAt = ms;
      else offset = ms - realNow();
    },
    advance(ms) {
      if (frozenAt !== undefined) frozenAt += ms;
      else offset += ms;
    },
    freeze(frozen) {
      if (frozen && frozenAt === undefined) frozenAt = now();
      if (!frozen && frozenAt !== undefined) {
        offset = frozenAt - realNow();
        frozenAt = undefined;
      }
    },
    get frozen() {
      return frozenAt !== undefined;
    },
  };
}
