/**
 * Type numbers of the MaxMind DB data section (MaxMind DB format 2.0, "Output Data Section").
 * 1–7 sit in a control byte's top three bits; 8 and up are "extended": top bits 0, and the
 * next byte holds the type minus 7. Typed `number`, not as literals, so that TypeScript does
 * not narrow `data.type` after one check and keep it narrowed across the next read.
 */
export const POINTER: number = 1;
export const UTF8: number = 2;
export const DOUBLE: number = 3;
export const BYTES: number = 4;
export const UINT16: number = 5;
export const UINT32: number = 6;
export const MAP: number = 7;
export const INT32: number = 8;
export const UINT64: number = 9;
export const UINT128: number = 10;
export const ARRAY: number = 11;
export const CONTAINER: number = 12;
export const END_MARKER: number = 13;
export const BOOLEAN: number = 14;
export const FLOAT: number = 15;

/**
 * The largest payload, in bytes, each fixed-width type may have (0 for types whose payload is
 * not a number of bytes). The spec has doubles and floats always at their width and integers
 * at most at it; anything else is a corrupt file, refused rather than read off by a few bytes.
 */
const MAX_SIZE = [0, 0, 0, 8, 0, 2, 4, 0, 4, 8, 16, 0, 0, 0, 1, 4];

/**
 * Fields of a MaxMind DB data section, read in place: nothing is decoded that the caller does
 * not ask for, so a reader can pick four strings out of a record and step over the rest by
 * their sizes. Every read is checked against the section's bounds and every field's type and
 * size against the spec, so a corrupt or truncated file gives an Error naming it (`what`),
 * never a read past the end or a value made of the wrong bytes.
 *
 * Offsets are offsets in `bytes` (the whole file). A read sets `type` and `size` and returns
 * where the field's payload starts; state is kept on the object rather than returned in
 * tuples, so reading a record allocates nothing but the strings asked for.
 */
export class MmdbData {
  /** The last field's type (a pointer's own type for {@link MmdbData.head}, its target's for {@link MmdbData.resolve}). */
  type = 0;
  /**
   * The last field's size: payload bytes for strings, bytes and numbers; pairs of a map; items
   * of an array; a boolean's value; a pointer's target (an offset in `bytes`).
   */
  size = 0;
  /** Set by {@link MmdbData.resolve}: where the field after a pointer starts, or -1 when the field was no pointer. */
  after = -1;
  /** Set by readers built on this one: where the field after the one just read starts. */
  next = 0;

  constructor(
    readonly bytes: Buffer,
    /** Where the section starts in `bytes`: pointers count from here. */
    readonly start: number,
    /** Where it ends (the metadata marker, or the file's end): nothing at or past it is read. */
    readonly end: number,
    /** The file, for messages: "The GeoIP database", "GeoIP database /data/city.mmdb". */
    readonly what: string,
  ) {}

  /** Reads the control byte(s) of the field at `at`: sets `type` and `size`, returns where its payload starts. */
  head(at: number): number {
    const bytes = this.bytes;
    if (at < this.start || at >= this.end) throw this.corrupt(at, 'a field lies outside the data section');
    const control = bytes[at] as number;
    let type = control >> 5;
    let next = at + 1;
    if (type === POINTER) {
      // 001SSVVV: SS + 1 more bytes follow; the three V bits lead the value unless SS is 3.
      const width = (control >> 3) & 3;
      if (next + width + 1 > this.end) throw this.corrupt(at, 'a pointer runs past the end of the data section');
      const b0 = bytes[next] as number;
      let target: number;
      if (width === 0) target = ((control & 7) << 8) | b0;
      else if (width === 1) target = (((control & 7) << 16) | (b0 << 8) | (bytes[next + 1] as number)) + 2048;
      else if (width === 2) {
        target =
          (((control & 7) << 24) | (b0 << 16) | ((bytes[next + 1] as number) << 8) | (bytes[next + 2] as number)) +
          526_336;
      } else {
        // Four whole bytes: multiplied, not shifted, so the top bit does not make it negative.
        target =
          b0 * 0x1000000 +
          (((bytes[next + 1] as number) << 16) | ((bytes[next + 2] as number) << 8) | (bytes[next + 3] as number));
      }
      this.type = POINTER;
      this.size = this.start + target;
      return next + width + 1;
    }
    if (type === 0) {
      if (next >= this.end) throw this.corrupt(at, 'an extended type runs past the end of the data section');
      type = (bytes[next] as number) + 7;
      next += 1;
      if (type < 8 || type > FLOAT) throw this.corrupt(at, `unknown extended type ${type}`);
    }
    let size = control & 31;
    if (size >= 29) {
      // 29, 30, 31: the size is 29, 285 or 65,821 plus the next one, two or three bytes.
      const extra = size - 28;
      if (next + extra > this.end) throw this.corrupt(at, 'a field size runs past the end of the data section');
      const b0 = bytes[next] as number;
      if (extra === 1) size = 29 + b0;
      else if (extra === 2) size = 285 + ((b0 << 8) | (bytes[next + 1] as number));
      else size = 65_821 + ((b0 << 16) | ((bytes[next + 1] as number) << 8) | (bytes[next + 2] as number));
      next += extra;
    }
    const max = MAX_SIZE[type] as number;
    if (max !== 0 && size > max) throw this.corrupt(at, `a field of type ${type} has size ${size}`);
    if ((type === DOUBLE && size !== 8) || (type === FLOAT && size !== 4)) {
      throw this.corrupt(at, `a ${type === DOUBLE ? 'double' : 'float'} has size ${size}`);
    }
    this.type = type;
    this.size = size;
    return next;
  }

  /**
   * {@link MmdbData.head}, through a pointer: `type` and `size` are then the target's, and `after` is
   * where the field after the pointer starts (-1 when the field at `at` was no pointer).
   * A pointer to a pointer is refused, as the spec has it: so no chain of them can loop.
   */
  resolve(at: number): number {
    const payload = this.head(at);
    if (this.type !== POINTER) {
      this.after = -1;
      return payload;
    }
    const target = this.size;
    const targetPayload = this.head(target);
    if (this.type === POINTER) throw this.corrupt(target, 'a pointer points to another pointer');
    this.after = payload;
    return targetPayload;
  }

  /**
   * Where the field after the one at `at` starts, without decoding it. A map or an array is
   * stepped through item by item in a loop (a count of fields still to pass, not recursion),
   * so deep nesting cannot overflow the stack; a pointer is passed without being followed.
   */
  skip(at: number): number {
    let position = at;
    let pending = 1;
    while (pending > 0) {
      pending -= 1;
      position = this.head(position);
      const type = this.type;
      if (type === MAP) pending += this.size * 2;
      else if (type === ARRAY) pending += this.size;
      else if (type === CONTAINER || type === END_MARKER) throw this.corrupt(position, `type ${type} inside a record`);
      else if (type !== POINTER && type !== BOOLEAN) {
        position += this.size;
        if (position > this.end) throw this.corrupt(position, 'a field runs past the end of the data section');
      }
    }
    return position;
  }

  /** The UTF-8 text of `length` bytes at `at`. */
  text(at: number, length: number): string {
    const end = at + length;
    if (end > this.end) throw this.corrupt(at, 'a string runs past the end of the data section');
    return this.bytes.toString('utf8', at, end);
  }

  /** Whether the `length` bytes at `at` are `expected` (ASCII keys: compared as bytes, never decoded). */
  equals(at: number, length: number, expected: Uint8Array): boolean {
    if (length !== expected.length) return false;
    if (at + length > this.end) throw this.corrupt(at, 'a string runs past the end of the data section');
    const bytes = this.bytes;
    for (let index = 0; index < length; index += 1) {
      if (bytes[at + index] !== expected[index]) return false;
    }
    return true;
  }

  /** The unsigned integer (uint16, uint32, uint64 up to 2^53) at `at`, through a pointer; `undefined` for any other type. */
  unsigned(at: number): number | undefined {
    const payload = this.resolve(at);
    const type = this.type;
    if (type !== UINT16 && type !== UINT32 && type !== UINT64 && type !== UINT128) return undefined;
    if (payload + this.size > this.end) throw this.corrupt(at, 'an integer runs past the end of the data section');
    let value = 0;
    for (let index = 0; index < this.size; index += 1) value = value * 256 + (this.bytes[payload + index] as number);
    return Number.isSafeInteger(value) ? value : undefined;
  }

  corrupt(at: number, reason: string): Error {
    return new Error(`${this.what} is corrupt: ${reason} (byte ${at} of the file).`);
  }
}
