import type { Tenant } from '../../src/core/types.ts';
import { TaxError } from '../../src/core/errors.ts';
import type { TaxStore } from '../../src/ports/store.ts';
import { createMemoryDirectory } from './create-memory-directory.ts';
import { createMemoryLedger } from './create-memory-ledger.ts';
import { createMemoryRates } from './create-memory-rates.ts';
import { createTenantRecords, type TenantRecords } from './tenant-records.ts';

/**
 * A {@link TaxStore} that keeps everything in Maps, for tests, demos and the local stand-in
 * for the hosted API. Nothing survives the process.
 *
 * Each method does its check and its write with no `await` in between, so concurrent calls
 * are as atomic as in the SQLite store. Records are deep-copied (`copyRecord`) on the way in and on
 * the way out. After `close()` every call throws STORAGE_UNAVAILABLE, as the SQLite store does.
 *
 * @example
 * ```ts
 * const engine = createTaxEngine({ store: createMemoryStore(), ... });
 * ```
 */
export function createMemoryStore(): TaxStore {
  const tenants = new Map<string, TenantRecords>();
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
    ...createMemoryLedger(recordsOf),
    ...createMemoryDirectory(recordsOf),
    ...createMemoryRates(checkOpen),
    async deleteCalculationsExpiredBefore(before, limit = Number.POSITIVE_INFINITY) {
      if (closed) throw new TaxError('STORAGE_UNAVAILABLE', 'The memory store is closed.');
      let deleted = 0;
      for (const records of tenants.values()) {
        for (const [id, calculation] of records.calculations) {
          if (deleted >= limit) return deleted;
          if (calculation.expiresAt < before) {
            records.calculations.delete(id);
            deleted += 1;
          }
        }
      }
      return deleted;
    },
    async close() {
      closed = true;
      tenants.clear();
    },
  };
}
