import { TaxError } from '../../src/core/errors.ts';
import { summarizeRateTable, type RateSnapshot, type RateTableRecord } from '../../src/core/rates/rate-table-record.ts';
import type { StoreRates } from '../../src/ports/store.ts';
import { copyRecord } from './copy-record.ts';

/**
 * The rate-table methods of the memory store. Tables are kept by content id, copied on the way
 * in and out; `active` lists the imported ones in activation order with the revision each came
 * with. Each method checks and writes with no `await` in between.
 */
export function createMemoryRates(checkOpen: () => void): StoreRates {
  const stored = new Map<string, RateTableRecord>();
  const active: { id: string; revision: number }[] = [];
  const activeIds = new Set<string>();
  const snapshots = new Map<string, RateSnapshot>();
  let revision = 0;

  return {
    async importRateTables(tables, _tableJson, options) {
      checkOpen();
      const replace = options?.replace === true;
      const added: string[] = [];
      const fresh = tables.filter((record) => {
        if ((!replace && activeIds.has(record.id)) || added.includes(record.id)) return false;
        added.push(record.id);
        return true;
      });
      // Replacing: the active tables of the imported names, and the imported ones themselves
      // where active (they go back on top).
      const names = new Set(fresh.map((record) => record.table.name));
      const removed = replace
        ? active
            .filter(({ id }) => !added.includes(id) && names.has((stored.get(id) as RateTableRecord).table.name))
            .map(({ id }) => id)
        : [];
      if (fresh.length === 0 && removed.length === 0) return { added, removed, revision };
      revision += 1;
      const leaving = new Set([...removed, ...fresh.map((record) => record.id)]);
      for (let index = active.length - 1; index >= 0; index -= 1) {
        const entry = active[index] as { id: string };
        if (leaving.has(entry.id)) {
          active.splice(index, 1);
          activeIds.delete(entry.id);
        }
      }
      for (const record of fresh) {
        if (!stored.has(record.id)) stored.set(record.id, copyRecord(record));
        active.push({ id: record.id, revision });
        activeIds.add(record.id);
      }
      return { added, removed, revision };
    },
    async removeRateTables(ids) {
      checkOpen();
      const removed = active.filter(({ id }) => ids.includes(id)).map(({ id }) => id);
      if (removed.length === 0) return { removed, revision };
      revision += 1;
      for (const id of removed) {
        active.splice(
          active.findIndex((entry) => entry.id === id),
          1,
        );
        activeIds.delete(id);
      }
      return { removed, revision };
    },
    async rateRevision() {
      checkOpen();
      return revision;
    },
    async loadRateTables() {
      checkOpen();
      return { revision, tables: active.map(({ id }) => copyRecord(stored.get(id) as RateTableRecord)) };
    },
    async listRateTables() {
      checkOpen();
      return active.map(({ id, revision: at }) => summarizeRateTable(stored.get(id) as RateTableRecord, at));
    },
    async saveRateSnapshot(snapshot, tables) {
      checkOpen();
      if (snapshots.has(snapshot.id)) return;
      const offered = new Map(tables.map((record) => [record.id, record]));
      const missing = snapshot.tableIds.find((id) => !stored.has(id) && !offered.has(id));
      if (missing !== undefined) {
        throw new TaxError(
          'INVALID_VALUE',
          `Rate snapshot ${snapshot.id} names table ${missing}, which is not stored.`,
        );
      }
      for (const id of snapshot.tableIds) {
        const record = offered.get(id);
        if (!stored.has(id) && record !== undefined) stored.set(id, copyRecord(record));
      }
      snapshots.set(snapshot.id, copyRecord(snapshot));
    },
    async getRateSnapshot(id) {
      checkOpen();
      const snapshot = snapshots.get(id);
      if (snapshot === undefined) return undefined;
      return {
        snapshot: copyRecord(snapshot),
        tables: snapshot.tableIds.map((tableId) => copyRecord(stored.get(tableId) as RateTableRecord)),
      };
    },
  };
}
