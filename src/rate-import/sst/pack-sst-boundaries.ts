import { TaxError } from '../../core/errors.ts';
import { sstDay, sstEndDay } from '../../core/rates/sst/sst-day.ts';
import {
  SST_ADDRESS_BYTES,
  SST_RECORD_BYTES,
  type SstBoundaries,
  type SstSet,
  type SstStreet,
} from '../../core/rates/sst/sst-file.ts';
import type { SstBoundaryRow } from './sst-boundary-row.ts';

/**
 * Packs a boundary file's checked rows into the form the store keeps ({@link SstBoundaries}):
 * each distinct jurisdiction set, date range and street word once, the `Z`, `4` and `A`
 * records as sorted little-endian columns in base64. Done once at import, so that loading (a
 * server's start) reads about 20 bytes a record instead of parsing and deduplicating a million
 * JSON rows.
 */
export function packSstBoundaries(rows: readonly SstBoundaryRow[]): SstBoundaries {
  const sets = new Interned<SstSet>();
  const dates = new Interned<readonly [number, number]>();
  const words = new Interned<string>();
  const zip5: Packing[] = [];
  const plus4: Packing[] = [];
  const addresses: Packing[] = [];
  rows.forEach((row, order) => {
    const [type, begin, end, , , ser, stateTax, county, place, districts] = row;
    const set = sets.id(`${stateTax}|${county}|${place}|${districts.join(',')}|${ser}`, () => [
      ser,
      stateTax,
      county,
      place,
      districts,
    ]);
    const date = dates.id(`${begin}-${end}`, () => [sstDay(begin), sstEndDay(end)]);
    if (date > 0xffff) {
      throw new TaxError('INVALID_VALUE', 'An SST boundary file has more than 65,536 distinct date ranges.');
    }
    const packing = { row, order, set, date };
    if (type === 'Z') zip5.push(packing);
    else if (type === '4') plus4.push(packing);
    else addresses.push(packing);
  });
  return {
    sets: sets.values,
    dates: dates.values,
    zip5: packRanges(zip5),
    plus4: packRanges(plus4),
    addresses: packAddresses(addresses, words),
    words: words.values,
  };
}

interface Packing {
  readonly row: SstBoundaryRow;
  /** The row's place in the file: ties keep file order. */
  readonly order: number;
  readonly set: number;
  readonly date: number;
}

/** Values handed out once each, by key, with their index. */
class Interned<T> {
  readonly values: T[] = [];
  readonly #ids = new Map<string, number>();

  id(key: string, make: () => T): number {
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(make());
      this.#ids.set(key, id);
    }
    return id;
  }
}

/** Records sorted by `by` (stable: file order breaks ties). */
function sorted(records: readonly Packing[], by: (record: Packing) => number): Packing[] {
  return [...records].sort((a, b) => by(a) - by(b) || a.order - b.order);
}

/** One layer's records sorted by `low` as the columns of {@link SST_RECORD_BYTES}, base64. */
function packRanges(records: readonly Packing[]): string {
  const n = records.length;
  const bytes = Buffer.alloc(Math.ceil((SST_RECORD_BYTES * n) / 4) * 4);
  sorted(records, (record) => record.row[3]).forEach(({ row, set, date }, i) => {
    bytes.writeUInt32LE(row[3], 4 * i);
    bytes.writeUInt32LE(row[4], 4 * (n + i));
    bytes.writeUInt32LE(set, 4 * (2 * n + i));
    bytes.writeUInt16LE(date, 12 * n + 2 * i);
  });
  return bytes.toString('base64');
}

const PARITY: Readonly<Record<string, number>> = { B: 0, O: 1, E: 2 };

/** The address records in ZIP5 order as the columns of {@link SST_ADDRESS_BYTES}, base64. */
function packAddresses(records: readonly Packing[], words: Interned<string>): string {
  const n = records.length;
  const bytes = Buffer.alloc(Math.ceil((SST_ADDRESS_BYTES * n) / 4) * 4);
  sorted(records, (record) => Math.floor(record.row[3] / 10_000)).forEach(({ row, set, date }, i) => {
    const [houseLow, houseHigh, parity, ...text] = row[10] as SstStreet;
    bytes.writeUInt32LE(row[3], 4 * i);
    bytes.writeUInt32LE(row[4], 4 * (n + i));
    bytes.writeUInt32LE(set, 4 * (2 * n + i));
    bytes.writeUInt32LE(houseLow, 4 * (3 * n + i));
    bytes.writeUInt32LE(houseHigh, 4 * (4 * n + i));
    text.forEach((word, slot) => {
      bytes.writeUInt32LE(
        words.id(word, () => word),
        4 * (5 * n + 6 * i + slot),
      );
    });
    bytes.writeUInt16LE(date, 44 * n + 2 * i);
    bytes.writeUInt8(PARITY[parity] ?? 0, 46 * n + i);
  });
  return bytes.toString('base64');
}
