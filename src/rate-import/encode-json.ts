/** A value's JSON text as UTF-8 bytes, with the text's {@link hashText} hash. */
export interface EncodedJson {
  /** `hashText(JSON.stringify(value))`. */
  readonly hash: string;
  /** `JSON.stringify(value)` in UTF-8, in order; together `byteLength` bytes. */
  readonly chunks: readonly Uint8Array[];
  readonly byteLength: number;
}

/** Chunks under malloc's mmap threshold, so a later import reuses the memory of an earlier one. */
const CHUNK_BYTES = 64 * 1024;
/** Deeper than any rate table: past it, the value is left to `JSON.stringify` (which rejects a cycle). */
const MAX_DEPTH = 32;

/** Thrown inside the writer when a value is not plain JSON data; never leaves {@link encodeJson}. */
const NOT_PLAIN: unique symbol = Symbol('not plain JSON data');

/**
 * `JSON.stringify(value)` as UTF-8 bytes, and the hash of that text, in one pass over it.
 *
 * A rate import stored each table as `JSON.stringify(record)`: about 10 MB of text for the
 * nationwide tables, which V8 builds as a tree of parts, copies whole when the hash reads it,
 * and copies whole again when the driver takes it; on a machine where fresh memory is dear
 * those copies were a fifth of the import. Here the text is written straight into small byte
 * chunks, hashed as it is written, and never exists as one string.
 *
 * Plain data (strings, numbers, booleans, null, arrays and objects with the ordinary
 * prototypes and no `toJSON`) is written as `JSON.stringify` writes it: keys in
 * `Object.keys` order, `undefined`, functions and symbols left out of objects and `null` in
 * arrays, strings escaped by `JSON.stringify` itself whenever they need escaping. Anything
 * else (a `Date`, a class instance, a bigint, a cycle) is not rate data: the whole value is
 * then written from `JSON.stringify(value)`, which also throws what `JSON.stringify` throws.
 */
export function encodeJson(value: unknown): EncodedJson {
  try {
    if (inheritsEnumerable()) throw NOT_PLAIN;
    const writer = new JsonWriter();
    if (!writer.value(value, 0)) throw NOT_PLAIN;
    return writer.finish();
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError('JSON.stringify gives no text for this value.');
    const writer = new JsonWriter();
    writer.text(text);
    return writer.finish();
  }
}

/** Whether `Object.prototype` has gained an enumerable property, which `for…in` would list. */
function inheritsEnumerable(): boolean {
  for (const _ in {}) return true;
  return false;
}

/**
 * Writes JSON text as UTF-8 into chunks while hashing its UTF-16 code units with the two
 * FNV-1a lanes of `hashText` (hash-text.ts), so `hash` equals `hashText` of the same text.
 */
class JsonWriter {
  private a = 0x811c9dc5;
  private b = 0x01000193 ^ 0x9e3779b9;
  private readonly chunks: Uint8Array[] = [];
  private chunk = new Uint8Array(CHUNK_BYTES);
  private at = 0;
  private total = 0;

  /**
   * Writes `value`, after the character `before` (a comma; 0 for none); `false` (and nothing
   * written) for a value JSON leaves out.
   */
  value(value: unknown, depth: number, before = 0): boolean {
    switch (typeof value) {
      case 'string':
        this.string(value, before, 0);
        return true;
      case 'number':
      case 'boolean':
        if (before !== 0) this.ascii(before);
        this.text(JSON.stringify(value));
        return true;
      case 'undefined':
      case 'function':
      case 'symbol':
        return false;
      case 'object':
        if (before !== 0) this.ascii(before);
        if (value === null) {
          this.text('null');
          return true;
        }
        if (depth >= MAX_DEPTH) throw NOT_PLAIN;
        // Arrays and objects checked apart: each check then sees a few shapes, not every
        // shape of the table, and stays fast.
        if (Array.isArray(value)) {
          if (Object.getPrototypeOf(value) !== Array.prototype || 'toJSON' in value) throw NOT_PLAIN;
          this.array(value, depth + 1);
          return true;
        }
        {
          const prototype: unknown = Object.getPrototypeOf(value);
          if ((prototype !== Object.prototype && prototype !== null) || 'toJSON' in value) throw NOT_PLAIN;
        }
        this.object(value as Record<string, unknown>, depth + 1);
        return true;
      default:
        throw NOT_PLAIN;
    }
  }

  /** JSON text, written as it is (hashed and encoded). */
  text(text: string): void {
    this.reserve(text.length * 3);
    const chunk = this.chunk;
    let { a, b, at } = this;
    const length = text.length;
    for (let index = 0; index < length; index += 1) {
      let code = text.charCodeAt(index);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x5bd1e995);
      b ^= b >>> 15;
      if (code < 0x80) {
        chunk[at] = code;
        at += 1;
      } else if (code < 0x800) {
        chunk[at] = 0xc0 | (code >> 6);
        chunk[at + 1] = 0x80 | (code & 0x3f);
        at += 2;
      } else {
        if (code >= 0xd800 && code < 0xe000) {
          const low = index + 1 < length ? text.charCodeAt(index + 1) : 0;
          if (code < 0xdc00 && low >= 0xdc00 && low < 0xe000) {
            index += 1;
            a = Math.imul(a ^ low, 0x01000193);
            b = Math.imul(b ^ low, 0x5bd1e995);
            b ^= b >>> 15;
            const point = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
            chunk[at] = 0xf0 | (point >> 18);
            chunk[at + 1] = 0x80 | ((point >> 12) & 0x3f);
            chunk[at + 2] = 0x80 | ((point >> 6) & 0x3f);
            chunk[at + 3] = 0x80 | (point & 0x3f);
            at += 4;
            continue;
          }
          // A lone surrogate has no UTF-8 form: U+FFFD, as TextEncoder and the drivers write it.
          code = 0xfffd;
        }
        chunk[at] = 0xe0 | (code >> 12);
        chunk[at + 1] = 0x80 | ((code >> 6) & 0x3f);
        chunk[at + 2] = 0x80 | (code & 0x3f);
        at += 3;
      }
    }
    this.a = a;
    this.b = b;
    this.at = at;
  }

  finish(): EncodedJson {
    if (this.at > 0) this.chunks.push(this.chunk.subarray(0, this.at));
    this.total += this.at;
    this.at = 0;
    return {
      hash: (this.a >>> 0).toString(16).padStart(8, '0') + (this.b >>> 0).toString(16).padStart(8, '0'),
      chunks: this.chunks,
      byteLength: this.total,
    };
  }

  /**
   * A string as a JSON string between the characters `before` and `after` (a comma, a colon;
   * 0 for none): between quotes as it is, in one pass, the hash kept in locals. When it holds a
   * character JSON escapes, what was written of it is taken back and `JSON.stringify` writes it.
   */
  private string(value: string, before: number, after: number): void {
    const length = value.length;
    this.reserve(3 * length + 4);
    const chunk = this.chunk;
    const start = this.at;
    let { a, b } = this;
    const startA = a;
    const startB = b;
    let at = start;
    if (before !== 0) {
      a = Math.imul(a ^ before, 0x01000193);
      b = Math.imul(b ^ before, 0x5bd1e995);
      b ^= b >>> 15;
      chunk[at] = before;
      at += 1;
    }
    a = Math.imul(a ^ 0x22, 0x01000193);
    b = Math.imul(b ^ 0x22, 0x5bd1e995);
    b ^= b >>> 15;
    chunk[at] = 0x22;
    at += 1;
    for (let index = 0; index < length; index += 1) {
      const code = value.charCodeAt(index);
      if (code < 0x80) {
        if (code < 0x20 || code === 0x22 || code === 0x5c) {
          this.escaped(value, before, after, start, startA, startB);
          return;
        }
        chunk[at] = code;
        at += 1;
      } else if (code < 0x800) {
        chunk[at] = 0xc0 | (code >> 6);
        chunk[at + 1] = 0x80 | (code & 0x3f);
        at += 2;
      } else if (code < 0xd800 || code >= 0xe000) {
        chunk[at] = 0xe0 | (code >> 12);
        chunk[at + 1] = 0x80 | ((code >> 6) & 0x3f);
        chunk[at + 2] = 0x80 | (code & 0x3f);
        at += 3;
      } else {
        // Surrogates, paired or not, are rare in rate data: JSON.stringify decides.
        this.escaped(value, before, after, start, startA, startB);
        return;
      }
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x5bd1e995);
      b ^= b >>> 15;
    }
    a = Math.imul(a ^ 0x22, 0x01000193);
    b = Math.imul(b ^ 0x22, 0x5bd1e995);
    b ^= b >>> 15;
    chunk[at] = 0x22;
    at += 1;
    if (after !== 0) {
      a = Math.imul(a ^ after, 0x01000193);
      b = Math.imul(b ^ after, 0x5bd1e995);
      b ^= b >>> 15;
      chunk[at] = after;
      at += 1;
    }
    this.a = a;
    this.b = b;
    this.at = at;
  }

  /** Takes back a string written up to a character JSON escapes, and writes it as JSON.stringify does. */
  private escaped(value: string, before: number, after: number, start: number, a: number, b: number): void {
    this.a = a;
    this.b = b;
    this.at = start;
    if (before !== 0) this.ascii(before);
    this.text(JSON.stringify(value));
    if (after !== 0) this.ascii(after);
  }

  private array(values: readonly unknown[], depth: number): void {
    this.ascii(0x5b);
    for (let index = 0; index < values.length; index += 1) {
      const comma = index > 0 ? 0x2c : 0;
      if (!this.value(values[index], depth, comma)) {
        if (comma !== 0) this.ascii(comma);
        this.text('null');
      }
    }
    this.ascii(0x5d);
  }

  private object(record: Readonly<Record<string, unknown>>, depth: number): void {
    this.ascii(0x7b);
    let first = true;
    // for…in, not Object.keys: the same keys in the same order for an object whose prototype
    // holds nothing enumerable (checked once per encodeJson), without an array per object.
    for (const key in record) {
      const member = record[key];
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
      this.string(key, first ? 0 : 0x2c, 0x3a);
      this.value(member, depth);
      first = false;
    }
    this.ascii(0x7d);
  }

  /** One ASCII character of JSON syntax (a quote, bracket, brace, comma or colon). */
  private ascii(code: number): void {
    if (this.at === this.chunk.length) this.reserve(1);
    this.a = Math.imul(this.a ^ code, 0x01000193);
    this.b = Math.imul(this.b ^ code, 0x5bd1e995);
    this.b ^= this.b >>> 15;
    this.chunk[this.at] = code;
    this.at += 1;
  }

  /** Room for `bytes` more bytes in the current chunk. */
  private reserve(bytes: number): void {
    if (this.at + bytes <= this.chunk.length) return;
    if (this.at > 0) this.chunks.push(this.chunk.subarray(0, this.at));
    this.total += this.at;
    this.chunk = new Uint8Array(Math.max(CHUNK_BYTES, bytes));
    this.at = 0;
  }
}
