import type { Tenant } from '../../src/core/types.ts';
import { TaxError } from '../../src/core/errors.ts';
import type { TaxStore } from '../../src/ports/store.ts';
import { createCalculationKeeper } from './create-calculation-keeper.ts';
import { createMemoryCertificates } from './create-memory-certificates.ts';
import { createMemoryDirectory } from './create-memory-directory.ts';
import { createMemoryLedger } from './create-memory-ledger.ts';
import { createMemoryExchangeRates } from './create-memory-exchange-rates.ts';
import { createMemoryRates } from './create-memory-rates.ts';
import { createMemoryRegistrations } from './create-memory-registrations.ts';
import { createTenantRecords, type TenantRecords } from './tenant-records.ts';

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /**
   * The most calculations kept, all accounts and modes together. Default 100 000. Past it the
   * expired ones go first, then the oldest of the tenants (account and mode) holding more than
   * their share (the bound divided by the tenants holding calculations), so a flood in one never
   * evicts another that keeps within its share; a transaction from an evicted calculation gets
   * CALCULATION_NOT_FOUND. Transactions, refunds and the rest are never evicted.
   */
  readonly maxCalculations?: number;
  /**
   * The most bytes of kept calculations (their records, about 600 bytes for a 3-line US
   * calculation with its key and header, plus 32 per entry). Default 128 MiB. Whichever bound is reached first applies.
   */
  readonly maxCalculationBytes?: number;
}

/** The memory store, with a view of how much it keeps. */
export interface MemoryTaxStore extends TaxStore {
  /** How many calculations are kept now, and their bytes as `maxCalculationBytes` counts them. */
  stats(): { readonly calculations: number; readonly calculationBytes: number };
}

export const DEFAULT_MAX_CALCULATIONS = 100_000;
export const DEFAULT_MAX_CALCULATION_BYTES = 128 * 1024 * 1024;

/**
 * A {@link TaxStore} that keeps everything in Maps, for tests, demos and the local stand-in
 * for the hosted API. Nothing survives the process.
 *
 * Each method does its check and its write with no `await` in between, so concurrent calls
 * are as atomic as in the SQLite store. Records are deep-copied (`copyRecord`) on the way in and on
 * the way out; calculations are kept as encoded records instead, bounded by `maxCalculations` and
 * `maxCalculationBytes`, so a long-running process (or a caller with a public key) cannot grow
 * the heap without bound. After `close()` every call throws STORAGE_UNAVAILABLE, as the SQLite
 * store does.
 *
 * @example
 * ```ts
 * const engine = createTaxEngine({ store: createMemoryStore({ maxCalculations: 10_000 }) });
 * ```
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryTaxStore {
  const tenants = new Map<string, TenantRecords>();
  const calculations = createCalculationKeeper({
    maxCalculations: positive(options.maxCalculations, DEFAULT_MAX_CALCULATIONS, 'maxCalculations'),
    maxCalculationBytes: positive(options.maxCalculationBytes, DEFAULT_MAX_CALCULATION_BYTES, 'maxCalculationBytes'),
  });
  let closed = false;
  const checkOpen = () => {
    if (closed) throw new TaxError('STORAGE_UNAVAILABLE', 'The memory store is closed.');
  };

  function recordsOf(tenant: Tenant): TenantRecords {
    if (closed) throw new TaxError('STORAGE_UNAVAILABLE', 'The memory store is closed.');
    // The mode comes first and holds no colon, so no two tenants share a key.
    const key = `${tenant.mode}:${tenant.accountId}`;
    let records = tenants.get(key);
    if (records === undefined) {
      records = createTenantRecords();
      tenants.set(key, records);
    }
    return records;
  }

  return {
    name: 'memory',
    ...createMemoryLedger(recordsOf, calculations),
    ...createMemoryDirectory(recordsOf),
    ...createMemoryRegistrations(recordsOf),
    ...createMemoryCertificates(recordsOf),
    ...createMemoryRates(checkOpen),
    ...createMemoryExchangeRates(checkOpen),
    async deleteCalculationsExpiredBefore(before, limit = Number.POSITIVE_INFINITY) {
      if (closed) throw new TaxError('STORAGE_UNAVAILABLE', 'The memory store is closed.');
      return calculations.deleteExpiredBefore(before, limit);
    },
    async deleteTenantRecords(tenant) {
      if (closed) throw new TaxError('STORAGE_UNAVAILABLE', 'The memory store is closed.');
      tenants.delete(`${tenant.mode}:${tenant.accountId}`);
      calculations.deleteTenant(tenant);
    },
    stats: () => ({ calculations: calculations.count, calculationBytes: calculations.bytes }),
    async close() {
      closed = true;
      tenants.clear();
      calculations.clear();
    },
  };
}

/** `value` when it is a positive whole number, the default when absent; anything else is a bug of the caller. */
function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`taxkit: ${name} must be a positive whole number.`);
  return value;
}
