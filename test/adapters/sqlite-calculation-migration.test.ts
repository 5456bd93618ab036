import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { RECORD_FORMAT } from '../../adapters/shared/calculation-codec.ts';
import { compactText, toCompactCalculation } from '../../adapters/sqlite/compact-calculation.ts';
import { createSqliteStore, migrateSqlite } from '../../adapters/sqlite/index.ts';
import { CALCULATION_RECORDS_VERSION } from '../../adapters/sqlite/migrate-calculation-bodies.ts';
import type { Calculation } from '../../src/core/types.ts';
import { calculation } from '../helpers/calculation-arbitrary.ts';
import { writeOldCalculationRow } from '../helpers/old-calculation-row.ts';
import { TENANT } from '../helpers/records.ts';

const directory = mkdtempSync(join(tmpdir(), 'taxkit-sqlite-migration-'));
let files = 0;
const newPath = () => join(directory, `migration-${(files += 1)}.db`);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

type Row = { id: string; body: Buffer | string; templatesId: number | null };
const rowsOf = (client: Database.Database) =>
  client.prepare('SELECT id, body, templates_id AS templatesId FROM calculations ORDER BY id').all() as Row[];

describe('the one-time migration of SQLite calculation rows', () => {
  it('rewrites every row of an earlier body format as a record, and each reads back identically', async () => {
    const path = newPath();
    // More than one batch of the migration's reads, in all three bodies earlier versions wrote.
    const originals = fc
      .sample(calculation, { numRuns: 600, seed: 24 })
      .map((each, index): Calculation => ({ ...each, id: `calc_${String(index).padStart(4, '0')}` }));
    const asRecords = originals.filter((_, index) => index % 3 === 2);
    const before = createSqliteStore({ path });
    for (const each of asRecords) await before.insertCalculation(TENANT, each);
    await nextTurn();
    originals.forEach((each, index) => {
      if (index % 3 === 0)
        writeOldCalculationRow(before.client, TENANT, each.id, compactText(toCompactCalculation(each)));
      if (index % 3 === 1) writeOldCalculationRow(before.client, TENANT, each.id, JSON.stringify(each));
    });
    const recordsBefore = new Map(
      rowsOf(before.client)
        .filter((row) => Buffer.isBuffer(row.body))
        .map((row) => [row.id, row]),
    );
    expect(recordsBefore.size).toBe(asRecords.length);
    expect(before.client.pragma('user_version', { simple: true })).toBe(0);
    await before.close();

    const store = createSqliteStore({ path });
    expect(store.client.pragma('user_version', { simple: true })).toBe(CALCULATION_RECORDS_VERSION);
    const rows = rowsOf(store.client);
    expect(rows).toHaveLength(originals.length);
    for (const row of rows) {
      expect(Buffer.isBuffer(row.body) && row.body[0] === RECORD_FORMAT).toBe(true);
      expect(row.templatesId).not.toBeNull();
    }
    // Rows already in the one format are left exactly as they were.
    for (const [id, row] of recordsBefore) expect(rows.find((each) => each.id === id)).toStrictEqual(row);
    for (const original of originals) {
      // What JSON keeps of a record is what every earlier reader returned.
      const read = await store.getCalculation(TENANT, original.id);
      expect(isDeepStrictEqual(read, JSON.parse(JSON.stringify(original))), original.id).toBe(true);
    }
    await store.close();

    // Once: opening again rewrites nothing.
    const again = createSqliteStore({ path });
    expect(rowsOf(again.client)).toStrictEqual(rows);
    await again.close();
  });

  it('leaves the file as it was when a row would not read back, and says which', async () => {
    const path = newPath();
    migrateSqlite(path);
    const client = new Database(path);
    // Keyed JSON without its lines: nothing the codec can hold as the old reader returned it.
    writeOldCalculationRow(client, TENANT, 'calc_broken', JSON.stringify({ id: 'calc_broken', kind: 'standard' }));
    client.close();
    let refused: unknown;
    try {
      createSqliteStore({ path });
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ type: 'STORAGE_UNAVAILABLE' });
    expect(String(((refused as Error).cause as Error).message)).toMatch(/Calculation calc_broken would not read back/);
    const after = new Database(path);
    expect(after.pragma('user_version', { simple: true })).toBe(0);
    expect(rowsOf(after).map((row) => [typeof row.body, row.templatesId])).toStrictEqual([['string', null]]);
    after.close();
  });
});
