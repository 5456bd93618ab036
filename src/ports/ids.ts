/**
 * Id generation, injected so tests can make ids deterministic.
 * `next('calc', nowMs)` returns e.g. `calc_1748380341807e125e1a0-415e-407d-98e4-00d2717f4ac9`:
 * the prefix, the epoch milliseconds and a UUID, as the hosted API's ids look (docs/interface.md §1).
 */
export interface Ids {
  next(prefix: IdPrefix, nowMs: number): string;
  /**
   * True when every id carries 122 bits from a CSPRNG (a version-4 UUID), so no two ever meet,
   * in this process, another, or a restart: a store may then skip looking for an id already
   * taken. Leave it unset for deterministic ids (seeded, counting), which can repeat.
   */
  readonly random?: boolean;
}

export type IdPrefix =
  'calc' | 'calc_platform' | 'li' | 'tr' | 'ref' | 'rev' | 'cust' | 'merch' | 'taxreg' | 'cert' | 'cert_req';
