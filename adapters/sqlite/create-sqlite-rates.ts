import { setImmediate as nextTurn } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import { TaxError } from '../../src/core/errors.ts';
import type { EncodedJson } from '../../src/rate-import/encode-json.ts';
import { encodeRateRecord } from './encode-rate-record.ts';
import { summarizeRateTable, type RateSnapshot, type RateTableRecord } from '../../src/core/rates/rate-table-record.ts';
import type { StoreRates } from '../../src/ports/store.ts';
import { settle } from './sqlite-errors.ts';
import { writeTransaction } from './write-transaction.ts';

/** Longest stretch of parsing loaded tables before other work gets a turn. */
const PARSE_SLICE_MS = 10;

/** The largest body buffer a store keeps for the next insert; an Avalara state's is under 1 MB. */
const MAX_SCRATCH_BYTES = 4 * 1024 * 1024;

interface TableRow {
  readonly body: string;
  readonly active_revision: number | null;
}

/**
 * The SQLite store's rate tables (tables `rate_tables` and `rate_snapshots`, see schema.ts).
 * The statements are plain SQL over two small tables; an import is one `BEGIN IMMEDIATE`
 * transaction, so it lands whole or not at all, and two processes importing at once get
 * consecutive revisions.
 */
export function createSqliteRates(client: Database.Database): StoreRates {
  const s = {
    revision: client.prepare('SELECT coalesce(max(active_revision), 0) AS revision FROM rate_tables'),
    nextSeq: client.prepare('SELECT coalesce(max(active_seq), 0) + 1 AS seq FROM rate_tables'),
    state: client.prepare('SELECT active_seq FROM rate_tables WHERE id = ?'),
    insert: client.prepare(
      `INSERT INTO rate_tables (id, format, file_name, name, effective_date, row_count, imported_at, active_seq, active_revision, body)
       VALUES (@id, @format, @fileName, @name, @effectiveDate, @rowCount, @importedAt, @activeSeq, @activeRevision, CAST(@body AS TEXT))`,
    ),
    activate: client.prepare(
      'UPDATE rate_tables SET active_seq = @activeSeq, active_revision = @activeRevision WHERE id = @id',
    ),
    // A removed table keeps the revision of its removal, so MAX(active_revision) never goes down.
    deactivate: client.prepare(
      'UPDATE rate_tables SET active_seq = NULL, active_revision = @revision WHERE id = @id AND active_seq IS NOT NULL',
    ),
    activeOfName: client.prepare('SELECT id FROM rate_tables WHERE name = ? AND active_seq IS NOT NULL').pluck(),
    active: client.prepare(
      'SELECT body, active_revision FROM rate_tables WHERE active_seq IS NOT NULL ORDER BY active_seq',
    ),
    table: client.prepare('SELECT body, active_revision FROM rate_tables WHERE id = ?'),
    exists: client.prepare('SELECT 1 FROM rate_tables WHERE id = ?').pluck(),
    snapshot: client.prepare('SELECT id, table_ids, created_at FROM rate_snapshots WHERE id = ?'),
    insertSnapshot: client.prepare(
      'INSERT INTO rate_snapshots (id, table_ids, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING',
    ),
  };
  const revisionNow = () => (s.revision.get() as { revision: number }).revision;
  // The body is the record's JSON as UTF-8 bytes, bound as a blob and stored as TEXT (the cast
  // keeps the bytes): a table's megabytes never become one JS string, which V8 and the driver
  // would each copy whole. One buffer serves every insert, up to a size worth keeping.
  let scratch: Uint8Array = new Uint8Array(0);
  const insertRecord = (
    record: RateTableRecord,
    activeSeq: number | null,
    activeRevision: number | null,
    tableJson?: EncodedJson,
  ) => {
    const body = encodeRateRecord(record, tableJson, scratch);
    if (body.buffer !== scratch.buffer && body.buffer.byteLength <= MAX_SCRATCH_BYTES) {
      scratch = new Uint8Array(body.buffer);
    }
    return s.insert.run({
      id: record.id,
      format: record.format,
      fileName: record.fileName,
      name: record.table.name,
      effectiveDate: record.table.effectiveDate,
      rowCount: record.rowCount,
      importedAt: record.importedAt,
      activeSeq,
      activeRevision,
      body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
    });
  };

  const importTables = writeTransaction(
    client,
    (tables: readonly RateTableRecord[], tableJson: ReadonlyMap<string, EncodedJson> | undefined, replace: boolean) => {
      const current = revisionNow();
      const revision = current + 1;
      let seq = (s.nextSeq.get() as { seq: number }).seq;
      const added: string[] = [];
      const removed: string[] = [];
      if (replace) {
        // The active tables of the imported names go (the imported ones themselves come back on top).
        const ids = new Set(tables.map((record) => record.id));
        for (const name of new Set(tables.map((record) => record.table.name))) {
          for (const id of s.activeOfName.all(name) as string[]) {
            if (!ids.has(id) && !removed.includes(id)) removed.push(id);
          }
        }
        for (const id of removed) s.deactivate.run({ id, revision });
      }
      for (const record of tables) {
        if (added.includes(record.id)) continue;
        const state = s.state.get(record.id) as { active_seq: number | null } | undefined;
        if (state !== undefined && state.active_seq !== null && !replace) continue;
        if (state === undefined) insertRecord(record, seq, revision, tableJson?.get(record.id));
        else s.activate.run({ id: record.id, activeSeq: seq, activeRevision: revision });
        seq += 1;
        added.push(record.id);
      }
      return { added, removed, revision: added.length === 0 && removed.length === 0 ? current : revision };
    },
  );

  const removeTables = writeTransaction(client, (ids: readonly string[]) => {
    const current = revisionNow();
    const removed = [...new Set(ids)].filter((id) => s.deactivate.run({ id, revision: current + 1 }).changes > 0);
    return { removed, revision: removed.length === 0 ? current : current + 1 };
  });

  const saveSnapshot = writeTransaction(client, (snapshot: RateSnapshot, tables: readonly RateTableRecord[]) => {
    if (s.snapshot.get(snapshot.id) !== undefined) return;
    const offered = new Map(tables.map((record) => [record.id, record]));
    for (const id of snapshot.tableIds) {
      if (s.exists.get(id) !== undefined) continue;
      const record = offered.get(id);
      if (record === undefined) {
        throw new TaxError('INVALID_VALUE', `Rate snapshot ${snapshot.id} names table ${id}, which is not stored.`);
      }
      insertRecord(record, null, null);
    }
    s.insertSnapshot.run(snapshot.id, JSON.stringify(snapshot.tableIds), snapshot.createdAt);
  });

  return {
    importRateTables: (tables, tableJson, options) =>
      settle(() => importTables(tables, tableJson, options?.replace === true)),
    removeRateTables: (ids) => settle(() => removeTables(ids)),
    rateRevision: () => settle(revisionNow),
    loadRateTables: async () => {
      // The rows in one read transaction (consistent, and quick: text only); their JSON, the
      // slow part (340 ms for a nationwide import), a slice at a time between other work.
      const { revision, rows } = await settle(() =>
        client.transaction(() => ({ revision: revisionNow(), rows: s.active.all() as TableRow[] }))(),
      );
      const tables: RateTableRecord[] = [];
      let sliceStart = performance.now();
      for (const row of rows) {
        if (performance.now() - sliceStart > PARSE_SLICE_MS) {
          await nextTurn();
          sliceStart = performance.now();
        }
        tables.push(JSON.parse(row.body) as RateTableRecord);
      }
      return { revision, tables };
    },
    listRateTables: () =>
      settle(() =>
        (s.active.all() as TableRow[]).map((row) =>
          summarizeRateTable(JSON.parse(row.body) as RateTableRecord, row.active_revision as number),
        ),
      ),
    saveRateSnapshot: (snapshot, tables) => settle(() => saveSnapshot(snapshot, tables)),
    getRateSnapshot: (id) =>
      settle(() => {
        const row = s.snapshot.get(id) as { id: string; table_ids: string; created_at: number } | undefined;
        if (row === undefined) return undefined;
        const tableIds = JSON.parse(row.table_ids) as string[];
        const tables = tableIds.map((tableId) => {
          const table = s.table.get(tableId) as TableRow | undefined;
          if (table === undefined) {
            throw new TaxError('STORAGE_UNAVAILABLE', `Rate snapshot ${id} names table ${tableId}, which is missing.`);
          }
          return JSON.parse(table.body) as RateTableRecord;
        });
        return { snapshot: { id: row.id, tableIds, createdAt: row.created_at }, tables };
      }),
  };
}
