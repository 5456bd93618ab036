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

/** The directory slot of `zip5`: -1 before the first record's ZIP5, `starts.length - 1` past the last. */
export function zipSlot(directory: { readonly zipBase: number; readonly starts: Uint32Array }, zip5: number): number {
  const k = zip5 - directory.zipBase;
  return k < 0 ? -1 : Math.min(k, directory.starts.length - 1);
}
