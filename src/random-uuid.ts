import { randomFillSync } from 'node:crypto';

/**
 * Random bytes drawn from the CSPRNG at a time. `crypto.randomUUID()` draws 2 KiB (128 UUIDs) per
 * call, and on this code's hot path (four ids a 3-line calculation) that refill was about a tenth
 * of a calculation's CPU: a call costs about 3 ns a byte at 2 KiB and 0.2 ns a byte at 64 KiB.
 */
const POOL_BYTES = 64 * 1024;
const pool = Buffer.allocUnsafeSlow(POOL_BYTES);
let used = POOL_BYTES;
const DIGITS = Buffer.from('0123456789abcdef', 'latin1');
/** Where each of the 16 bytes' two hex digits go in `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`. */
const OFFSETS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const UUID_LENGTH = 36;
/**
 * UUIDs written side by side and decoded into one string together: decoding is a call into
 * the runtime (about 0.15 µs, four times a 3-line calculation), while a 36-character slice of
 * an existing string is a small object pointing into it. 32 of them make a 1,152-byte string,
 * which a slice keeps alive only until the id holding it is flattened (as a `Map` key or when
 * written), so little is kept for long.
 */
const BLOCK = 32;
const block = Buffer.alloc(BLOCK * UUID_LENGTH, '-');
let decoded = '';
let taken = BLOCK;

/**
 * A random (version 4) UUID such as `crypto.randomUUID()` returns, from the same CSPRNG, drawn
 * from a larger pool of random bytes.
 */
export function randomUuid(): string {
  if (taken === BLOCK) refill();
  const at = taken * UUID_LENGTH;
  taken += 1;
  return decoded.slice(at, at + UUID_LENGTH);
}

/** Writes the next {@link BLOCK} UUIDs' digits and decodes them at once. */
function refill(): void {
  for (let uuid = 0; uuid < BLOCK; uuid += 1) {
    if (used + 16 > POOL_BYTES) {
      randomFillSync(pool);
      used = 0;
    }
    const from = used;
    used += 16;
    // Byte 6 carries the version (4) in its high nibble, byte 8 the variant (10xx) in its high bits.
    pool[from + 6] = ((pool[from + 6] as number) & 0x0f) | 0x40;
    pool[from + 8] = ((pool[from + 8] as number) & 0x3f) | 0x80;
    const base = uuid * UUID_LENGTH;
    for (let index = 0; index < 16; index += 1) {
      const byte = pool[from + index] as number;
      const offset = base + (OFFSETS[index] as number);
      block[offset] = DIGITS[byte >> 4] as number;
      block[offset + 1] = DIGITS[byte & 0x0f] as number;
    }
  }
  decoded = block.toString('latin1');
  taken = 0;
}
