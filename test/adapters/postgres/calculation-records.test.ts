/* eslint-disable no-await-in-loop -- rows are written and read one after another on purpose */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../../adapters/postgres/index.ts';
import type { Calculation } from '../../../src/core/types.ts';
import { calculation } from '../../helpers/calculation-arbitrary.ts';
import { TENANT } from '../../helpers/records.ts';
import { createTestDatabase } from './test-database.ts';

const directory = mkdtempSync(join(tmpdir(), 'taxkit-pg-records-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let url: string;
let schemas = 0;
beforeAll(async () => {
  url = await createTestDatabase();
});

/** A schema migrated as a version before calculation records left it (keyed JSON in `body`). */
async function earlierSchema(): Promise<string> {
  const schema = `records_${process.pid}_${(schemas += 1)}`;
  const earlier = join(directory, schema);
  cpSync(new URL('../../../adapters/postgres/migrations/', import.meta.url), earlier, { recursive: true });
  const journalPath = join(earlier, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((entry) => entry.tag.endsWith('_calculation_records'));
  expect(upTo).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
    await migrate(drizzle({ client }), { migrationsFolder: earlier, migrationsSchema: schema });
  } finally {
    await client.end();
  }
  return schema;
}

/** Writes calculation rows as earlier versions did: the keyed JSON of each in `body`. */
async function writeKeyedRows(schema: string, calculations: readonly Calculation[]): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    for (const each of calculations) {
      await client.query(
        `INSERT INTO calculations (account_id, mode, id, kind, currency, total_excluding_tax_minor, total_tax_minor,
           total_including_tax_minor, created_at, expires_at, body) VALUES ($1, $2, $3, 'standard', 'USD', 0, 0, 0, 0, 0, $4)`,
        [TENANT.accountId, TENANT.mode, Buffer.from(each.id, 'utf8'), JSON.stringify(each)],
      );
    }
  } finally {
    await client.end();
  }
}

describe('the one-time rewrite of PostgreSQL calculation rows', () => {
  it('turns every keyed JSON row into a record, once, and each reads back identically', async () => {
    const schema = await earlierSchema();
    // More than one batch of the rewrite's reads.
    const originals = fc
      .sample(calculation, { numRuns: 550, seed: 24 })
      .map((each, index): Calculation => ({ ...each, id: `calc_${index}` }));
    await writeKeyedRows(schema, originals);

    const store = await createPostgresStore({ connectionString: url, schema, poolSize: 2 });
    const rows = await store.pool.query('SELECT id, body, record, templates FROM calculations ORDER BY id');
    expect(rows.rowCount).toBe(originals.length);
    for (const row of rows.rows) {
      expect(row.body).toBeNull();
      expect(Buffer.isBuffer(row.record) && typeof row.templates === 'string').toBe(true);
    }
    for (const original of originals) {
      // What JSON keeps of a calculation is what the earlier reader returned.
      const read = await store.getCalculation(TENANT, original.id);
      expect(isDeepStrictEqual(read, JSON.parse(JSON.stringify(original))), original.id).toBe(true);
    }
    const job = await store.pool.query("SELECT watermark FROM housekeeping WHERE job = 'calculation-records'");
    expect(job.rows).toEqual([{ watermark: '1' }]);
    await store.close();

    // Once: a row written afterwards by hand in the old form stays as it is, and is refused.
    await writeKeyedRows(schema, [{ ...(originals[0] as Calculation), id: 'calc_late' }]);
    const again = await createPostgresStore({ connectionString: url, schema, poolSize: 1 });
    const late = await again.pool.query("SELECT record FROM calculations WHERE id = 'calc_late'::bytea");
    expect(late.rows).toEqual([{ record: null }]);
    await expect(again.getCalculation(TENANT, 'calc_late')).rejects.toMatchObject({ type: 'STORAGE_UNAVAILABLE' });
    await again.close();
  });

  it('changes nothing when a row would not read back, and says which', async () => {
    const schema = await earlierSchema();
    await writeKeyedRows(schema, [{ id: 'calc_broken', kind: 'standard' } as Calculation]);
    const refused = await createPostgresStore({ connectionString: url, schema, poolSize: 1 }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ type: 'STORAGE_UNAVAILABLE' });
    expect(String(((refused as Error).cause as Error).message)).toMatch(/Calculation calc_broken would not read back/);
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    const rows = await client.query('SELECT body IS NOT NULL AS kept, record FROM calculations');
    const jobs = await client.query('SELECT job FROM housekeeping');
    await client.end();
    expect(rows.rows).toEqual([{ kept: true, record: null }]);
    expect(jobs.rowCount).toBe(0);
  });
});
