/**
 * The in-memory TaxStore adapter (`taxkit/memory`).
 *
 * @module
 */
export {
  createMemoryStore,
  DEFAULT_MAX_CALCULATION_BYTES,
  DEFAULT_MAX_CALCULATIONS,
  type MemoryStoreOptions,
  type MemoryTaxStore,
} from './create-memory-store.ts';
