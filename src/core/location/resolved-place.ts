import type { LocationUsed } from '../types.ts';

/** Where tax is determined: the location to report and the rate keys to try, most specific first. */
export interface ResolvedPlace {
  readonly location: LocationUsed;
  readonly rateKeys: readonly string[];
}
