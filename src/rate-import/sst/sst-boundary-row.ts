import type { SstDate, SstStreet } from '../../core/rates/sst/sst-file.ts';

/**
 * One boundary-file row as parsed: `[type, begin, end, low, high, ser, stateTax, county, place,
 * districts, street]`. `type` is "Z" (ZIP5 range), "4" (ZIP+4 range) or "A" (address range);
 * `low`..`high` the 9-digit interval it covers (`zip·plus4`; a ZIP5 range is `zip·0000` to
 * `zip·9999`); `stateTax` 0 where the file's state indicator is `00` (no state tax here);
 * `county` and `place` the FIPS codes ('' for none); `districts` the special district codes of
 * its triplets, blank slots skipped; `street` only on `A` records. The import checks the rows,
 * then packs them (pack-sst-boundaries.ts); the store keeps only the packed form.
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
