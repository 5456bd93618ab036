import { TaxError } from '../../src/core/errors.ts';
import { summarizeRateTable, type RateSnapshot, type RateTableRecord } from '../../src/core/rates/rate-table-record.ts';
import type { StoreRates } from '../../src/ports/store.ts';
import type { PostgresRunner, Query } from './create-postgres-runner.ts';
import type { Statement } from './statement-parts.ts';

/** The transaction-scoped advisory lock ("tkrate") that puts imports from every instance in one line. */
const RATES_LOCK = 0x746b_7261_7465n.toString();

/** A plain-SQL statement with its placeholder names in `$n` order. */
function statement(name: string, text: string, ...parameters: string[]): Statement {
  return { name: `taxkit_rates_${name}`, text, parameters };
}

const s = {
  lock: statement('lock', 'SELECT pg_advisory_xact_lock($1::bigint)', 'key'),
  revision: statement('revision', 'SELECT coalesce(max(active_revision), 0) AS revision FROM rate_tables'),
  nextSeq: statement('next_seq', 'SELECT coalesce(max(active_seq), 0) + 1 AS seq FROM rate_tables'),
  state: statement('state', 'SELECT active_seq FROM rate_tables WHERE id = $1', 'id'),
  insert: statement(
    'insert',
    `INSERT INTO rate_tables (id, format, file_name, name, effective_date, row_count, imported_at, active_seq, active_revision, body)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    ...['id', 'format', 'fileName', 'name', 'effectiveDate', 'rowCount', 'importedAt', 'activeSeq', 'activeRevision'],
    'body',
  ),
  activate: statement(
    'activate',
    'UPDATE rate_tables SET active_seq = $2, active_revision = $3 WHERE id = $1',
    'id',
    'activeSeq',
    'activeRevision',
  ),
  // A removed table keeps the revision of its removal, so max(active_revision) never goes down.
  deactivate: statement(
    'deactivate',
    'UPDATE rate_tables SET active_seq = NULL, active_revision = $2 WHERE id = $1 AND active_seq IS NOT NULL',
    'id',
    'revision',
  ),
  activeOfName: statement(
    'active_of_name',
    'SELECT id FROM rate_tables WHERE name = $1 AND active_seq IS NOT NULL',
    'name',
  ),
  // One statement: the revision and the tables come from the same snapshot of the database (a
  // removed table's revision counts, so the revision is read over every row; with no active
  // table the one row has a null body).
  active: statement(
    'active',
    `SELECT r.revision, t.body, t.active_revision
     FROM (SELECT coalesce(max(active_revision), 0) AS revision FROM rate_tables) r
     LEFT JOIN rate_tables t ON t.active_seq IS NOT NULL
     ORDER BY t.active_seq`,
  ),
  table: statement('table', 'SELECT body FROM rate_tables WHERE id = $1', 'id'),
  snapshot: statement('snapshot', 'SELECT table_ids, created_at FROM rate_snapshots WHERE id = $1', 'id'),
  insertSnapshot: statement(
    'insert_snapshot',
    'INSERT INTO rate_snapshots (id, table_ids, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
    'id',
    'tableIds',
    'createdAt',
  ),
};

/** A NULL the statement binds: `bind` refuses `undefined`, never `null`. */
const NONE = null;

/**
 * The PostgreSQL store's rate tables (tables `rate_tables` and `rate_snapshots`). Every instance
 * on the database reads the same tables, so they all calculate with the same snapshot. An
 * import or a snapshot save is one transaction under an advisory lock, so two instances
 * importing at once land whole and get consecutive revisions. `rateRevision()` is one index
 * probe, which is what lets an engine notice another instance's import without a restart.
 */
export function createPostgresRates(run: PostgresRunner): StoreRates {
  const insertRecord = (
    query: Query,
    record: RateTableRecord,
    activeSeq: number | null,
    activeRevision: number | null,
  ) =>
    query(s.insert, {
      id: record.id,
      format: record.format,
      fileName: record.fileName,
      name: record.table.name,
      effectiveDate: record.table.effectiveDate,
      rowCount: record.rowCount,
      importedAt: record.importedAt,
      activeSeq: activeSeq ?? NONE,
      activeRevision: activeRevision ?? NONE,
      body: JSON.stringify(record),
    });
  const revisionIn = async (query: Query) => Number((await query(s.revision, {})).rows[0]?.revision ?? 0);

  return {
    importRateTables: (tables, _tableJson, options) =>
      run.transaction(async (query) => {
        await query(s.lock, { key: RATES_LOCK });
        const current = await revisionIn(query);
        const revision = current + 1;
        const replace = options?.replace === true;
        let seq = Number((await query(s.nextSeq, {})).rows[0]?.seq ?? 1);
        const added: string[] = [];
        const removed: string[] = [];
        if (replace) {
          // The active tables of the imported names go (the imported ones themselves come back on top).
          const ids = new Set(tables.map((record) => record.id));
          for (const name of new Set(tables.map((record) => record.table.name))) {
            for (const row of (await query(s.activeOfName, { name })).rows) {
              const id = row.id as string;
              if (!ids.has(id) && !removed.includes(id)) removed.push(id);
            }
          }
          for (const id of removed) await query(s.deactivate, { id, revision });
        }
        for (const record of tables) {
          if (added.includes(record.id)) continue;
          const state = (await query(s.state, { id: record.id })).rows[0] as { active_seq: string | null } | undefined;
          if (state !== undefined && state.active_seq !== null && !replace) continue;
          if (state === undefined) await insertRecord(query, record, seq, revision);
          else await query(s.activate, { id: record.id, activeSeq: seq, activeRevision: revision });
          seq += 1;
          added.push(record.id);
        }
        return { added, removed, revision: added.length === 0 && removed.length === 0 ? current : revision };
      }),
    removeRateTables: (ids) =>
      run.transaction(async (query) => {
        await query(s.lock, { key: RATES_LOCK });
        const current = await revisionIn(query);
        const removed: string[] = [];
        for (const id of new Set(ids)) {
          if (((await query(s.deactivate, { id, revision: current + 1 })).rowCount ?? 0) > 0) removed.push(id);
        }
        return { removed, revision: removed.length === 0 ? current : current + 1 };
      }),
    rateRevision: () => revisionIn((statement, values) => run.read(statement, values)),
    async loadRateTables() {
      const { rows } = await run.read(s.active, {});
      const tables = rows
        .filter((row) => row.body !== null)
        .map((row) => JSON.parse(row.body as string) as RateTableRecord);
      return { revision: Number(rows[0]?.revision ?? 0), tables };
    },
    async listRateTables() {
      const { rows } = await run.read(s.active, {});
      return rows
        .filter((row) => row.body !== null)
        .map((row) =>
          summarizeRateTable(JSON.parse(row.body as string) as RateTableRecord, Number(row.active_revision)),
        );
    },
    saveRateSnapshot: (snapshot: RateSnapshot, tables) =>
      run.transaction(async (query) => {
        await query(s.lock, { key: RATES_LOCK });
        if ((await query(s.snapshot, { id: snapshot.id })).rowCount !== 0) return;
        const offered = new Map(tables.map((record) => [record.id, record]));
        for (const id of snapshot.tableIds) {
          if ((await query(s.state, { id })).rowCount !== 0) continue;
          const record = offered.get(id);
          if (record === undefined) {
            throw new TaxError('INVALID_VALUE', `Rate snapshot ${snapshot.id} names table ${id}, which is not stored.`);
          }
          await insertRecord(query, record, null, null);
        }
        await query(s.insertSnapshot, {
          id: snapshot.id,
          tableIds: JSON.stringify(snapshot.tableIds),
          createdAt: snapshot.createdAt,
        });
      }),
    async getRateSnapshot(id) {
      const row = (await run.read(s.snapshot, { id })).rows[0] as { table_ids: string; created_at: string } | undefined;
      if (row === undefined) return undefined;
      const tableIds = JSON.parse(row.table_ids) as string[];
      const tables: RateTableRecord[] = [];
      for (const tableId of tableIds) {
        const table = (await run.read(s.table, { id: tableId })).rows[0] as { body: string } | undefined;
        if (table === undefined) {
          throw new TaxError('STORAGE_UNAVAILABLE', `Rate snapshot ${id} names table ${tableId}, which is missing.`);
        }
        tables.push(JSON.parse(table.body) as RateTableRecord);
      }
      return { snapshot: { id, tableIds, createdAt: Number(row.created_at) }, tables };
    },
  };
}
