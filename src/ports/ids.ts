/**
 * Id generation, injected so tests can make ids deterministic.
 * `next('calc', nowMs)` returns e.g. `calc_1748380341807e125e1a0-415e-407d-98e4-00d2717f4ac9`:
 * the prefix, the epoch milliseconds and a UUID, as the hosted API's ids look (docs/interface.md §1).
 */
export interface Ids {
  next(prefix: IdPrefix, nowMs: number): string;
}

export type IdPrefix = 'calc' | 'calc_platform' | 'li' | 'tr' | 'ref' | 'rev' | 'cust' | 'merch';
