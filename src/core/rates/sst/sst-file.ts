/**
 * A Streamlined Sales Tax (SST) rate or boundary file as taxkit stores it: the rows of one
 * state's quarterly file, parsed and checked at import (src/rate-import/sst/), in a compact
 * plain-JSON form (a boundary file's records packed, {@link SstBoundaries}). It rides in a
 * {@link RateTable}'s `sst` field, so it is stored, hashed, snapshotted and replayed like every
 * imported table.
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
 * One distinct jurisdiction set of a boundary file: `[ser, stateTax, county, place, districts]`.
 * `ser` the row's composite SER code; `stateTax` 0 where the file's state indicator is `00` (no
 * state tax here); `county` and `place` the FIPS codes ('' for none); `districts` the special
 * district codes of its triplets, blank slots skipped. The records name their set by its index.
 */
export type SstSet = readonly [
  ser: string,
  stateTax: 0 | 1,
  county: string,
  place: string,
  districts: readonly string[],
];

/**
 * A packed layer of range records: base64 of three little-endian 32-bit columns, `low` and
 * `high` (the 9-digit numbers) and `set` (an index into {@link SstBoundaries.sets}), then one
 * 16-bit column, `dates` (an index into {@link SstBoundaries.dates}), padded to a multiple of 4
 * bytes; each column a run of `n` values, the records sorted by `low` (file order breaking
 * ties). A record takes 14 bytes.
 */
export const SST_RECORD_BYTES = 14;

/**
 * The packed address (`A`) records: base64 of little-endian columns, each a run of `n` values,
 * the records in ZIP5 order (file order within a ZIP5): `low` and `high` (the 9-digit interval:
 * `zip·plus4`, or `zip·0000`..`zip·9999` where the record gives no plus-4), `set`, `houseLow`,
 * `houseHigh` (32 bits each); then six 32-bit indexes into {@link SstBoundaries.words} a record
 * (pre-direction, street name, suffix, post-direction, unit low, unit high: record `i`'s at
 * `6i..6i+5`); then `dates` (16 bits) and the side of the street (8 bits: 0 both, 1 odd, 2 even),
 * padded to a multiple of 4 bytes. A record takes 47 bytes.
 */
export const SST_ADDRESS_BYTES = 47;

/**
 * A boundary file's records, packed so that a nationwide import loads in a fraction of a second
 * and holds about 18 bytes a record: the `Z`, `4` and `A` records as base64 of their columns
 * ({@link SST_RECORD_BYTES}, {@link SST_ADDRESS_BYTES}), the distinct jurisdiction sets, date
 * ranges and street words once.
 */
export interface SstBoundaries {
  readonly sets: readonly SstSet[];
  /**
   * The distinct date ranges of the records, `[begin, end]` as days (day-number.ts;
   * `end` exclusive, `OPEN_END` for an open end): a file has a few dozen.
   */
  readonly dates: readonly (readonly [begin: number, end: number])[];
  /** The `Z` (ZIP5 range) records, packed. */
  readonly zip5: string;
  /** The `4` (ZIP+4 range) records, packed. */
  readonly plus4: string;
  /** The `A` (address) records, packed ({@link SST_ADDRESS_BYTES}); Vermont's file has only these. */
  readonly addresses: string;
  /** The distinct words of the address records' streets and units, normalized. */
  readonly words: readonly string[];
}

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
  readonly boundaries?: SstBoundaries;
  /**
   * County names by the county code of a boundary file ("091" → "Johnson County"), found at
   * import from a freely licensed place table; a county without one is named by its code.
   */
  readonly countyNames?: Readonly<Record<string, string>>;
}
