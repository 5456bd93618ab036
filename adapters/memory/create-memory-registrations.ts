import type { Registration, Tenant } from '../../src/core/types.ts';
import type { StoreRegistrations } from '../../src/ports/store.ts';
import { compareIds } from './compare-ids.ts';
import { copyRecord } from './copy-record.ts';
import type { TenantRecords } from './tenant-records.ts';

/**
 * The memory store's registrations. The planner runs with no `await` before the write, so a
 * check against the other registrations and the write are atomic, as in the other stores.
 */
export function createMemoryRegistrations(recordsOf: (tenant: Tenant) => TenantRecords): StoreRegistrations {
  const live = (records: TenantRecords) =>
    [...records.registrations.values()]
      .filter((registration) => registration.deletedAt === undefined)
      .sort((a, b) => compareIds(a.id, b.id));
  return {
    async listRegistrations(tenant) {
      return live(recordsOf(tenant)).map(copyRecord);
    },
    async getRegistration(tenant, id) {
      const found = recordsOf(tenant).registrations.get(id);
      return found === undefined || found.deletedAt !== undefined ? undefined : copyRecord(found);
    },
    async writeRegistration(tenant, id, plan) {
      const records = recordsOf(tenant);
      const all = live(records).map(copyRecord);
      const current = all.find((registration) => registration.id === id);
      const next = plan(
        current,
        all.filter((registration) => registration.id !== id),
      );
      if (next.id !== id) throw new TypeError(`taxkit: a registration planner changed id ${id}.`);
      records.registrations.set(id, copyRecord(next));
      return copyRecord(next);
    },
    async deleteRegistration(tenant, id, at) {
      const records = recordsOf(tenant);
      const found = records.registrations.get(id);
      if (found === undefined || found.deletedAt !== undefined) return undefined;
      const deleted: Registration = { ...found, deletedAt: at };
      records.registrations.set(id, deleted);
      return copyRecord(deleted);
    },
  };
}
