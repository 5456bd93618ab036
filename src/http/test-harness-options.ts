import type { SettableClock } from '../create-settable-clock.ts';

/**
 * What `testHarness` (an option of `startServer` and the handlers) turns on. Its own file so
 * that http-options.ts can name it without importing the routes, which import the route table
 * and, through it, the options again.
 */
export interface TestHarnessOptions {
  /**
   * The engine's clock (pass the same one to `createTaxEngine({ clock })`): enables
   * `GET/POST /tax/test_helpers/clock`. Without it only the reset route exists.
   */
  readonly clock?: SettableClock;
}
