/**
 * FNV-1a over the UTF-16 units of `key`, as a 31-bit integer: a small integer in V8, so an index
 * keyed by it holds no heap object per entry. Distinct keys can share a hash (about one pair in
 * 100,000 keys); the index keeps a list for those.
 */
export function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  }
  return hash & 0x7fffffff;
}
