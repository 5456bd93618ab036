/** Whether this machine stores typed arrays little-endian, as the packed columns are written. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * Typed-array views of the little-endian columns of decoded bytes (packed SST records,
 * sst-file.ts): no copy on a little-endian machine, a converted copy elsewhere. Offsets in bytes.
 */
export interface PackedColumns {
  u32(byteOffset: number, length: number): Uint32Array;
  u16(byteOffset: number, length: number): Uint16Array;
  u8(byteOffset: number, length: number): Uint8Array;
}

export function packedColumns(bytes: Uint8Array): PackedColumns {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    u32: (at, length) =>
      LITTLE_ENDIAN
        ? new Uint32Array(bytes.buffer, bytes.byteOffset + at, length)
        : Uint32Array.from({ length }, (_, i) => view.getUint32(at + 4 * i, true)),
    u16: (at, length) =>
      LITTLE_ENDIAN
        ? new Uint16Array(bytes.buffer, bytes.byteOffset + at, length)
        : Uint16Array.from({ length }, (_, i) => view.getUint16(at + 2 * i, true)),
    u8: (at, length) => new Uint8Array(bytes.buffer, bytes.byteOffset + at, length),
  };
}

/**
 * The ZIP5 directory of records sorted by `low` (or by ZIP5): `starts[k]` counts the records
 * that start before ZIP5 `zipBase + k`, for `k` up to one past the last record's ZIP5.
 */
export function zipDirectory(low: Uint32Array): { readonly zipBase: number; readonly starts: Uint32Array } {
  const n = low.length;
  const zipBase = n === 0 ? 0 : Math.floor((low[0] as number) / 10_000);
  const span = n === 0 ? 0 : Math.floor((low[n - 1] as number) / 10_000) - zipBase + 1;
  const starts = new Uint32Array(span + 1);
  let at = 0;
  for (let k = 0; k <= span; k += 1) {
    const first = (zipBase + k) * 10_000;
    while (at < n && (low[at] as number) < first) at += 1;
    starts[k] = at;
  }
  return { zipBase, starts };
}

/**
 * How many records start before ZIP5 `zip5`, read from the directory: 0 before the first
 * record's ZIP5, all of them past the last. The records of one ZIP5 are those from
 * `recordsBefore(directory, zip5)` up to `recordsBefore(directory, zip5 + 1)`.
 */
export function recordsBefore(
  directory: { readonly zipBase: number; readonly starts: Uint32Array },
  zip5: number,
): number {
  const { starts } = directory;
  const k = zip5 - directory.zipBase;
  if (k <= 0) return 0;
  return (k < starts.length ? starts[k] : starts[starts.length - 1]) as number;
}
