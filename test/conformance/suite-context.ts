import type { TaxStore } from '../../src/ports/store.ts';

/** What each group of conformance cases gets from {@link describeTaxStore}. */
export interface SuiteContext {
  /** The store of the running test: made fresh before it, closed after it. */
  readonly store: () => TaxStore;
  /**
   * Registers a case: vitest's `it`, or `it.skip` when the adapter skips that title with a
   * reason. Titles are unique across the suite, since skips name them.
   */
  readonly test: (title: string, body: () => Promise<void>) => void;
}
