const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * FNV-1a over the three bytes of `group` (a number below 2^24: the memory store's slot of a
 * tenant), then over the UTF-16 units of `id`, as a 31-bit integer: a small integer in V8, so an
 * index keyed by it holds no heap object per entry. Hashing the two in turn spares building a
 * string of both on every insert. Distinct keys can share a hash (about one pair in 100,000
 * keys); the index keeps a list for those.
 */
export function hashInGroup(group: number, id: string): number {
  let hash = FNV_OFFSET;
  hash = Math.imul(hash ^ (group & 0xff), FNV_PRIME);
  hash = Math.imul(hash ^ ((group >>> 8) & 0xff), FNV_PRIME);
  hash = Math.imul(hash ^ ((group >>> 16) & 0xff), FNV_PRIME);
  for (let index = 0; index < id.length; index += 1) {
    hash = Math.imul(hash ^ id.charCodeAt(index), FNV_PRIME);
  }
  return hash & 0x7fffffff;
}
