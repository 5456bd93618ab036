import { sstDay, sstEndDay } from '../../core/rates/sst/sst-day.ts';
import {
  SST_RECORD_BYTES,
  type SstAddressRow,
  type SstBoundaries,
  type SstSet,
  type SstStreet,
} from '../../core/rates/sst/sst-file.ts';
import { TaxError } from '../../core/errors.ts';
import type { SstBoundaryRow } from './sst-boundary-row.ts';

/**
 * Packs a boundary file's checked rows into the form the store keeps ({@link SstBoundaries}):
 * each distinct jurisdiction set and date range once, the `Z` and `4` records as sorted
 * little-endian columns in base64, the `A` records as rows. Done once at import, so that loading (a server's start)
 * reads about 20 bytes a record instead of parsing and deduplicating a million JSON rows.
 */
export function packSstBoundaries(rows: readonly SstBoundaryRow[]): SstBoundaries {
  const sets: SstSet[] = [];
  const setIds = new Map<string, number>();
  const zip5: SstBoundaryRow[] = [];
  const plus4: SstBoundaryRow[] = [];
  const zip5Sets: number[] = [];
  const plus4Sets: number[] = [];
  const addresses: SstAddressRow[] = [];
  for (const row of rows) {
    const [type, begin, end, low, high, ser, stateTax, county, place, districts, street] = row;
    const key = `${stateTax}|${county}|${place}|${districts.join(',')}|${ser}`;
    let set = setIds.get(key);
    if (set === undefined) {
      set = sets.length;
      sets.push([ser, stateTax, county, place, districts]);
      setIds.set(key, set);
    }
    if (type === 'Z') {
      zip5.push(row);
      zip5Sets.push(set);
    } else if (type === '4') {
      plus4.push(row);
      plus4Sets.push(set);
    } else {
      addresses.push([sstDay(begin), sstEndDay(end), low, high, set, street as SstStreet]);
    }
  }
  const dates: (readonly [number, number])[] = [];
  const dateIds = new Map<string, number>();
  const dateOf = (row: SstBoundaryRow): number => {
    const key = `${row[1]}-${row[2]}`;
    let id = dateIds.get(key);
    if (id === undefined) {
      id = dates.length;
      if (id > 0xffff) {
        throw new TaxError('INVALID_VALUE', 'An SST boundary file has more than 65,536 distinct date ranges.');
      }
      dates.push([sstDay(row[1]), sstEndDay(row[2])]);
      dateIds.set(key, id);
    }
    return id;
  };
  return {
    sets,
    dates,
    zip5: packRanges(zip5, zip5Sets, dateOf),
    plus4: packRanges(plus4, plus4Sets, dateOf),
    addresses,
  };
}

/** One layer's records sorted by `low` (stable) as the columns of {@link SST_RECORD_BYTES}, base64. */
function packRanges(
  rows: readonly SstBoundaryRow[],
  sets: readonly number[],
  dateOf: (row: SstBoundaryRow) => number,
): string {
  const order = rows
    .map((_, index) => index)
    .sort((a, b) => (rows[a] as SstBoundaryRow)[3] - (rows[b] as SstBoundaryRow)[3] || a - b);
  const n = order.length;
  const bytes = Buffer.alloc(Math.ceil((SST_RECORD_BYTES * n) / 4) * 4);
  order.forEach((from, to) => {
    const row = rows[from] as SstBoundaryRow;
    bytes.writeUInt32LE(row[3], 4 * to);
    bytes.writeUInt32LE(row[4], 4 * (n + to));
    bytes.writeUInt32LE(sets[from] as number, 4 * (2 * n + to));
    bytes.writeUInt16LE(dateOf(row), 12 * n + 2 * to);
  });
  return bytes.toString('base64');
}
