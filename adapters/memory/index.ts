/**
 * The in-memory TaxStore adapter (`taxkit/memory`).
 *
 * @module
 */
export { createMemoryStore } from './create-memory-store.ts';
