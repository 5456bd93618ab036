import { TaxError } from '../../errors.ts';
import { decodeBase64 } from './decode-base64.ts';
import { packedColumns, zipDirectory } from './packed-columns.ts';
import { SST_ADDRESS_BYTES, SST_RECORD_BYTES, type SstBoundaries } from './sst-file.ts';
import type { SstAddresses, SstRanges } from './sst-state-index.ts';

/**
 * A packed layer of range records (sst-file.ts, {@link SST_RECORD_BYTES}) as the typed arrays
 * of an {@link SstRanges}: views on the decoded bytes, the file's date ranges as two small
 * columns, and the two aids the lookup needs: `maxHigh` and the ZIP5 directory.
 *
 * @throws TaxError INVALID_VALUE when the text is not a packed layer of this file (a damaged stored table).
 */
export function unpackSstRanges(packed: string, file: SstBoundaries, what: string): SstRanges {
  const bytes = decodeBase64(packed, what);
  const n = recordCount(bytes, SST_RECORD_BYTES, what);
  const columns = packedColumns(bytes);
  const low = columns.u32(0, n);
  const high = columns.u32(4 * n, n);
  const set = columns.u32(8 * n, n);
  const dates = columns.u16(12 * n, n);
  const maxHigh = new Uint32Array(n);
  const plus4 = new Uint16Array(n);
  let max = 0;
  for (let i = 0; i < n; i += 1) {
    checkRecord(i === 0 || (low[i] as number) >= (low[i - 1] as number), what, 'the start of its ranges');
    checkRefs(set[i] as number, dates[i] as number, file, what);
    max = Math.max(max, high[i] as number);
    maxHigh[i] = max;
    plus4[i] = (low[i] as number) % 10_000;
  }
  return Object.freeze({ low, plus4, high, maxHigh, set, dates, ...datesOf(file), ...zipDirectory(low) });
}

/**
 * The packed address records (sst-file.ts, {@link SST_ADDRESS_BYTES}) as an {@link SstAddresses}.
 *
 * @throws TaxError INVALID_VALUE when the text is not packed address records of this file.
 */
export function unpackSstAddresses(packed: string, file: SstBoundaries, what: string): SstAddresses {
  const bytes = decodeBase64(packed, what);
  const n = recordCount(bytes, SST_ADDRESS_BYTES, what);
  const columns = packedColumns(bytes);
  const low = columns.u32(0, n);
  const set = columns.u32(8 * n, n);
  const text = columns.u32(20 * n, 6 * n);
  const dates = columns.u16(44 * n, n);
  const parity = columns.u8(46 * n, n);
  for (let i = 0; i < n; i += 1) {
    const zip = Math.floor((low[i] as number) / 10_000);
    checkRecord(i === 0 || zip >= Math.floor((low[i - 1] as number) / 10_000), what, 'ZIP5');
    checkRefs(set[i] as number, dates[i] as number, file, what);
    if ((parity[i] as number) > 2) throw new TaxError('INVALID_VALUE', `${what} has a side of the street it lacks.`);
  }
  for (const word of text) {
    if (word >= file.words.length) throw new TaxError('INVALID_VALUE', `${what} names a word the file lacks.`);
  }
  return Object.freeze({
    low,
    high: columns.u32(4 * n, n),
    set,
    houseLow: columns.u32(12 * n, n),
    houseHigh: columns.u32(16 * n, n),
    text,
    dates,
    parity,
    words: file.words,
    ...datesOf(file),
    ...zipDirectory(low),
  });
}

function recordCount(bytes: Uint8Array, recordBytes: number, what: string): number {
  const n = Math.floor(bytes.length / recordBytes);
  if (Math.ceil((recordBytes * n) / 4) * 4 !== bytes.length) {
    throw new TaxError('INVALID_VALUE', `${what} is not a whole number of packed records.`);
  }
  return n;
}

function checkRecord(sorted: boolean, what: string, by: string): void {
  if (!sorted) throw new TaxError('INVALID_VALUE', `${what} is not sorted by ${by}.`);
}

function checkRefs(set: number, dates: number, file: SstBoundaries, what: string): void {
  if (set >= file.sets.length || dates >= file.dates.length) {
    throw new TaxError('INVALID_VALUE', `${what} names a jurisdiction set or date range the file lacks.`);
  }
}

function datesOf(file: SstBoundaries): { begin: Int32Array; end: Int32Array } {
  return {
    begin: Int32Array.from(file.dates, ([begin]) => begin),
    end: Int32Array.from(file.dates, ([, end]) => end),
  };
}
