import type { CompiledPeriod } from '../compile-periods.ts';
import type { ResolvedRate } from '../key-timeline.ts';

/**
 * One layer of boundary records (the `4` records, or the `Z` records) as parallel typed arrays
 * sorted by `low`: record `i` covers the 9-digit numbers `low[i]..high[i]` with jurisdiction set
 * `set[i]` from day `begin[dates[i]]` until day `end[dates[i]]` (exclusive; a file has a few
 * dozen date ranges, so a record names one). `maxHigh[i]` is the largest `high` of records
 * `0..i`, so a lookup walks back from the last `low <= n` only while a record could still reach
 * `n`. `starts[k]` counts the records that start before ZIP5 `zipBase + k` (`k` up to the last
 * record's ZIP5, inclusive), so the search for a number starts among the few records of its own
 * ZIP5 rather than among all of the state's.
 */
export interface SstRanges {
  readonly low: Uint32Array;
  /**
   * `low % 10 000`: within one ZIP5's records (all of whose `low` lie in that ZIP5) it sorts as
   * `low` does, in a quarter of the bytes, so the search touches one cache line, not four.
   */
  readonly plus4: Uint16Array;
  readonly high: Uint32Array;
  readonly maxHigh: Uint32Array;
  readonly set: Uint32Array;
  readonly dates: Uint16Array;
  readonly begin: Int32Array;
  readonly end: Int32Array;
  readonly zipBase: number;
  readonly starts: Uint32Array;
}

/** The rates of a jurisdiction set from day `from` until day `to` (exclusive), as set-span.ts finds them. */
export interface SstSpan {
  /** Clamped to ±(2^30 - 1), so that both are small integers V8 stores unboxed. */
  readonly from: number;
  readonly to: number;
  readonly rates: readonly ResolvedRate[];
}

/**
 * The address (`A`) records as parallel typed arrays in ZIP5 order (file order within a ZIP5),
 * the columns of the stored form (sst-file.ts, `SST_ADDRESS_BYTES`): record `i` covers
 * `low[i]..high[i]` on `begin[dates[i]]..end[dates[i]]` (exclusive) with set `set[i]`, for house
 * numbers `houseLow[i]..houseHigh[i]` on side `parity[i]` (0 both, 1 odd, 2 even) of the street
 * whose words are `words[text[6i..6i+5]]` (pre-direction, name, suffix, post-direction, unit low,
 * unit high). `starts[k]` counts the records before ZIP5 `zipBase + k`.
 */
export interface SstAddresses {
  readonly low: Uint32Array;
  readonly high: Uint32Array;
  readonly set: Uint32Array;
  readonly houseLow: Uint32Array;
  readonly houseHigh: Uint32Array;
  readonly text: Uint32Array;
  readonly dates: Uint16Array;
  readonly parity: Uint8Array;
  readonly words: readonly string[];
  readonly begin: Int32Array;
  readonly end: Int32Array;
  readonly zipBase: number;
  readonly starts: Uint32Array;
}

/** The compiled SST data of one state, built once per rate snapshot; immutable but for its spans. */
export interface SstStateIndex {
  /** USPS code ("KS"). */
  readonly state: string;
  /** The quarters of the boundary and rate files in use ("2026Q2"). */
  readonly boundaryQuarter: string;
  readonly rateQuarter: string;
  readonly plus4: SstRanges;
  readonly zip5: SstRanges;
  readonly addresses: SstAddresses;
  /**
   * The compiled periods of the member jurisdictions of every distinct set the records name,
   * set after set: set `s` has `memberPeriods[memberStart[s]]` up to (not including)
   * `memberPeriods[memberStart[s + 1]]`. Flat, so that a hundred thousand sets are two arrays
   * rather than a hundred thousand.
   */
  readonly memberPeriods: readonly (readonly CompiledPeriod[])[];
  readonly memberStart: Uint32Array;
  /**
   * Each set's rates over the span of days it last answered (`sstRatesOf`), built on its first
   * lookup and rebuilt when a day outside the span is asked: a nationwide import names over a
   * hundred thousand sets and a seller's sales touch few of them, building every set's whole
   * timeline at load took most of the start-up time and about 190 MB, and one span a set keeps
   * the memory bounded however many days are asked. The one part of the index that changes
   * after it is built.
   */
  readonly spanRates: (readonly ResolvedRate[] | undefined)[];
  /** The days of each set's span (see `spanRates`): columns, about half the memory of an object a set. */
  readonly spanFrom: Int32Array;
  readonly spanTo: Int32Array;
}
