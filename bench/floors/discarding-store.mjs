// The calculation floor: a store that discards calculations. An engine over it does everything a
// calculation needs (validate, resolve, look up rates, compute, serialize) except keeping it,
// so memory store ÷ this store is the cost of keeping calculations.

/**
 * Wraps a store so `insertCalculation` keeps nothing; every other method is the store's own.
 * @template {import('../../dist/src/ports/store.js').TaxStore} S
 * @param {S} store
 * @returns {S}
 */
export function createDiscardingStore(store) {
  return { ...store, name: 'discarding', insertCalculation: () => {} };
}
