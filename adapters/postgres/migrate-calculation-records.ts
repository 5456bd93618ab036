import type pg from 'pg';
import type { Calculation } from '../../src/core/types.ts';
import { createCalculationCodec, RECORD_FORMAT } from '../shared/calculation-codec.ts';
import { rewriteAsRecord } from '../shared/rewrite-as-record.ts';

/** The `housekeeping` row that says the rewrite is done; its watermark is the record format it wrote. */
const JOB = 'calculation-records';
/** Rows read and rewritten per round trip. */
const BATCH = 500;

/**
 * Rewrites, once per database, every calculation row earlier versions wrote (keyed JSON in
 * `body`) as the record and templates of the codec every store uses
 * (`adapters/shared/calculation-codec.ts`), so the store reads that one format. Run by
 * `applyMigrations` after the schema migrations, on its connection and under its advisory lock,
 * in one transaction that also records the job in `housekeeping`: all or nothing, and once.
 *
 * Not a SQL migration: the record is made by the codec in JavaScript, which SQL cannot run.
 * Each row is decoded again and compared with what the old reader returned (`rewriteAsRecord`);
 * a row that would not read back identically stops the rewrite, and the database stays as it was.
 */
export async function migrateCalculationRecords(client: pg.PoolClient): Promise<void> {
  const done = await client.query('SELECT 1 FROM housekeeping WHERE job = $1', [JOB]);
  if (done.rowCount !== 0) return;
  const codec = createCalculationCodec();
  await client.query('BEGIN');
  try {
    for (;;) {
      const { rows } = await client.query<{ account_id: string; mode: string; id: Buffer; body: string }>(
        `SELECT account_id, mode, id, body FROM calculations WHERE record IS NULL LIMIT ${BATCH}`,
      );
      for (const row of rows) {
        const id = row.id.toString('utf8');
        const { record, templates } = rewriteAsRecord(codec, id, () => JSON.parse(row.body) as Calculation);
        await client.query(
          'UPDATE calculations SET record = $1, templates = $2, body = NULL WHERE account_id = $3 AND mode = $4 AND id = $5',
          [record, templates, row.account_id, row.mode, row.id],
        );
      }
      if (rows.length < BATCH) break;
    }
    await client.query('INSERT INTO housekeeping (job, watermark, ran_at) VALUES ($1, $2, $3)', [
      JOB,
      RECORD_FORMAT,
      Math.floor(Date.now() / 1000),
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
