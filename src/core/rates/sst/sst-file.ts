/**
 * A Streamlined Sales Tax (SST) rate or boundary file as taxkit stores it: the rows of one
 * state's quarterly file, parsed and checked at import (src/rate-import/sst/), in a compact
 * plain-JSON form. It rides in a {@link RateTable}'s `sst` field, so it is stored, hashed,
 * snapshotted and replayed like every imported table.
 *
 * @module
 */

/** A date as the files write it, `YYYYMMDD` as a number; an open end is {@link SST_OPEN_END}. */
export type SstDate = number;

/** Both open-end sentinels of the files (`29991231`, `99991231`) are stored as this one. */
export const SST_OPEN_END = 99_991_231;

/**
 * One rate-file row: `[type, code, general, food, begin, end]`. `type` is the file's
 * jurisdiction type ("45" state, "00" county …, its meaning varies by state); `code` the
 * jurisdiction's FIPS code exactly as written; `general` and `food` the intrastate general and
 * food/drug rates as exact decimal fractions ("0.0050"); a blank food column is stored as the
 * general rate. The interstate rates are kept after them when they differ.
 */
export type SstRateRow = readonly [
  type: string,
  code: string,
  general: string,
  food: string,
  begin: SstDate,
  end: SstDate,
  generalInterstate?: string,
  foodInterstate?: string,
];

/** The street part of an `A` (address range) record, normalized (upper case, USPS abbreviations). */
export type SstStreet = readonly [
  houseLow: number,
  houseHigh: number,
  /** "O" odd, "E" even, "B" both. */
  parity: string,
  preDirection: string,
  name: string,
  suffix: string,
  postDirection: string,
  unitLow: string,
  unitHigh: string,
];

/**
 * One boundary-file row: `[type, begin, end, low, high, ser, stateTax, county, place,
 * districts, street]`. `type` is "Z" (ZIP5 range), "4" (ZIP+4 range) or "A" (address range);
 * `low`..`high` the 9-digit interval it covers (`zip·plus4`; a ZIP5 range is `zip·0000` to
 * `zip·9999`); `stateTax` 0 where the file's state indicator is `00` (no state tax here);
 * `county` and `place` the FIPS codes ('' for none); `districts` the special district codes of
 * its triplets, blank slots skipped; `street` only on `A` records.
 */
export type SstBoundaryRow = readonly [
  type: 'Z' | '4' | 'A',
  begin: SstDate,
  end: SstDate,
  low: number,
  high: number,
  ser: string,
  stateTax: 0 | 1,
  county: string,
  place: string,
  districts: readonly string[],
  street?: SstStreet,
];

export interface SstFile {
  readonly kind: 'rates' | 'boundaries';
  /** USPS state code ("KS"). */
  readonly state: string;
  /** The state's FIPS code ("20"). */
  readonly stateFips: string;
  /** The quarter the file is for, from its name ("2026Q2"). */
  readonly quarter: string;
  /** The day the file was published, from its name (ISO date), when the name gives one. */
  readonly published?: string;
  readonly rates?: readonly SstRateRow[];
  readonly boundaries?: readonly SstBoundaryRow[];
  /**
   * County names by the county code of a boundary file ("091" → "Johnson County"), found at
   * import from a freely licensed place table; a county without one is named by its code.
   */
  readonly countyNames?: Readonly<Record<string, string>>;
}
