import type { KeyTimeline } from '../key-timeline.ts';
import type { SstStreet } from './sst-file.ts';

/**
 * One layer of boundary records (the `4` records, or the `Z` records) as parallel typed arrays
 * sorted by `low`: record `i` covers the 9-digit numbers `low[i]..high[i]` from day `begin[i]`
 * until day `end[i]` (exclusive) with jurisdiction set `set[i]`. `maxHigh[i]` is the largest
 * `high` of records `0..i`, so a lookup walks back from the last `low <= n` only while a record
 * could still reach `n`.
 */
export interface SstRanges {
  readonly low: Uint32Array;
  readonly high: Uint32Array;
  readonly maxHigh: Uint32Array;
  readonly begin: Int32Array;
  readonly end: Int32Array;
  readonly set: Uint32Array;
}

/** An address (`A`) record, compiled. */
export interface SstAddressRecord {
  readonly low: number;
  readonly high: number;
  readonly begin: number;
  readonly end: number;
  readonly set: number;
  readonly street: SstStreet;
}

/** The compiled SST data of one state: immutable, built once per rate snapshot. */
export interface SstStateIndex {
  /** USPS code ("KS"). */
  readonly state: string;
  /** The quarters of the boundary and rate files in use ("2026Q2"). */
  readonly boundaryQuarter: string;
  readonly rateQuarter: string;
  readonly plus4: SstRanges;
  readonly zip5: SstRanges;
  /** Address records by ZIP5 (as a number). */
  readonly addresses: ReadonlyMap<number, readonly SstAddressRecord[]>;
  /** The rates over time of each distinct jurisdiction set the records name. */
  readonly sets: readonly KeyTimeline[];
}
