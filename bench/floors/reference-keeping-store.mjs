// For orientation beside the memory-store row: the simplest store that can answer for its
// calculations later. It keeps the engine's own calculation objects as they are, by reference
// (no copy, no encoding), the newest `bound` of them (the memory store's default count bound),
// found by tenant and id through a Map. It does no work per calculation but the Map's; what it
// pays is the garbage collector carrying every kept object graph (about 2.5 KB of heap, against
// the memory store's 640 bytes outside the heap) into the old generation and marking it there.
// It is not a ceiling: the memory store's records of bytes come out faster.

/**
 * Wraps `store` so `insertCalculation` keeps the object by reference; every other method is the
 * store's own.
 * @template {import('../../dist/src/ports/store.js').TaxStore} S
 * @param {S} store
 * @param {number} [bound]
 * @returns {S}
 */
export function createReferenceKeepingStore(store, bound = 100_000) {
  /** @type {(string | undefined)[]} */
  const ring = new Array(bound).fill(undefined);
  /** @type {Map<string, unknown>} */
  const kept = new Map();
  let next = 0;
  return {
    ...store,
    name: 'reference-keeping',
    insertCalculation: (/** @type {any} */ tenant, /** @type {any} */ calculation) => {
      const key = `${tenant.accountId.length}:${tenant.mode}:${tenant.accountId}${calculation.id}`;
      const oldest = ring[next];
      if (oldest !== undefined) kept.delete(oldest);
      ring[next] = key;
      next = next + 1 === bound ? 0 : next + 1;
      kept.set(key, calculation);
    },
  };
}
