import { TaxError } from '../../errors.ts';
import { decodeBase64 } from './decode-base64.ts';
import { SST_RECORD_BYTES, type SstBoundaries } from './sst-file.ts';
import type { SstRanges } from './sst-state-index.ts';

/** Whether this machine stores typed arrays little-endian, as the packed columns are written. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * A packed layer of range records (sst-file.ts, {@link SST_RECORD_BYTES}) as the typed arrays
 * of an {@link SstRanges}: views on the decoded bytes (no copy on a little-endian machine), the
 * file's date ranges as two small columns, and the two aids the lookup needs: `maxHigh` and
 * the ZIP5 directory.
 *
 * @throws TaxError INVALID_VALUE when the text is not a packed layer of this file (a damaged stored table).
 */
export function unpackSstRanges(packed: string, file: SstBoundaries, what: string): SstRanges {
  const bytes = decodeBase64(packed, what);
  const n = Math.floor(bytes.length / SST_RECORD_BYTES);
  if (Math.ceil((SST_RECORD_BYTES * n) / 4) * 4 !== bytes.length) {
    throw new TaxError('INVALID_VALUE', `${what} is not a whole number of packed records.`);
  }
  const words = (index: number): Uint32Array => {
    if (LITTLE_ENDIAN) return new Uint32Array(bytes.buffer, 4 * n * index, n);
    const view = new DataView(bytes.buffer, 4 * n * index, 4 * n);
    return Uint32Array.from({ length: n }, (_, i) => view.getUint32(4 * i, true));
  };
  const low = words(0);
  const high = words(1);
  const set = words(2);
  let dates = new Uint16Array(bytes.buffer, 12 * n, n);
  if (!LITTLE_ENDIAN) {
    const view = new DataView(bytes.buffer, 12 * n, 2 * n);
    dates = Uint16Array.from({ length: n }, (_, i) => view.getUint16(2 * i, true));
  }
  const maxHigh = new Uint32Array(n);
  let max = 0;
  for (let i = 0; i < n; i += 1) {
    if (i > 0 && (low[i] as number) < (low[i - 1] as number)) {
      throw new TaxError('INVALID_VALUE', `${what} is not sorted by the start of its ranges.`);
    }
    if ((set[i] as number) >= file.sets.length || (dates[i] as number) >= file.dates.length) {
      throw new TaxError('INVALID_VALUE', `${what} names a jurisdiction set or date range the file lacks.`);
    }
    max = Math.max(max, high[i] as number);
    maxHigh[i] = max;
  }
  const zipBase = n === 0 ? 0 : Math.floor((low[0] as number) / 10_000);
  const span = n === 0 ? 0 : Math.floor((low[n - 1] as number) / 10_000) - zipBase + 1;
  // starts[k]: how many records start before ZIP5 zipBase + k, for k = 0..span.
  const starts = new Uint32Array(span + 1);
  let at = 0;
  for (let k = 0; k <= span; k += 1) {
    const first = (zipBase + k) * 10_000;
    while (at < n && (low[at] as number) < first) at += 1;
    starts[k] = at;
  }
  return Object.freeze({
    low,
    high,
    maxHigh,
    set,
    dates,
    begin: Int32Array.from(file.dates, ([begin]) => begin),
    end: Int32Array.from(file.dates, ([, end]) => end),
    zipBase,
    starts,
  });
}
