/**
 * Compares two ids in UTF-8 byte order, the order of SQLite's BINARY collation and of the
 * port's lists. JavaScript's `<` compares UTF-16 code units instead, which disagrees exactly
 * where one id has a code point above U+FFFF (a surrogate pair, D800–DFFF) and the other a code
 * unit from U+E000 to U+FFFF at the same place: in UTF-8 the astral code point sorts last.
 *
 * @returns a negative number, zero or a positive number, as `Array#sort` expects.
 */
export function compareIds(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** Moves surrogates above U+E000–U+FFFF so code units compare in code point order. */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}
