import type { Buffer } from 'node:buffer';
import type Database from 'better-sqlite3';
import type { Calculation } from '../../src/core/types.ts';
import { createCalculationCodec } from '../shared/calculation-codec.ts';
import { rewriteAsRecord } from '../shared/rewrite-as-record.ts';
import { fromCompactCalculation } from './compact-calculation.ts';
import { prepareTemplatesWrite } from './prepare-templates-write.ts';

/**
 * The file's data version (`PRAGMA user_version`) once every calculation row holds a record of
 * the codec and names its templates row. Files made before it are at 0.
 */
export const CALCULATION_RECORDS_VERSION = 1;

/** Rows read and rewritten per statement: the driver cannot update while a read is open. */
const BATCH = 500;

/**
 * Rewrites, once, every calculation row of an earlier body format into the one format the
 * store reads: the codec's record of bytes (`calculation-codec.ts`) naming its templates in
 * `calculation_templates`. Earlier versions wrote the compact JSON text (`compact-calculation.ts`),
 * keyed JSON before it, and the compact text again whenever a templates key collided or the
 * templates were short; after this, the reader handles the record alone.
 *
 * Not a drizzle-kit SQL migration: the record is made by the codec in JavaScript (variable-length
 * integers, the strings joined into one text), which SQL cannot produce. It runs after the schema
 * migrations, in one `BEGIN IMMEDIATE` transaction that also sets `user_version`, so it happens
 * exactly once per file, all or nothing, even when several processes open the file together.
 * Each rewritten row is decoded again and compared with what the old reader returned
 * (`rewriteAsRecord`); a row that would not read back identically stops the migration, leaving
 * the file as it was.
 */
export function migrateCalculationBodies(client: Database.Database): void {
  const version = () => client.pragma('user_version', { simple: true }) as number;
  if (version() >= CALCULATION_RECORDS_VERSION) return;
  const codec = createCalculationCodec();
  const storeTemplates = prepareTemplatesWrite(client);
  const select = client
    .prepare(
      `SELECT rowid, id, body FROM calculations
         WHERE rowid > ? AND (typeof(body) <> 'blob' OR templates_id IS NULL) ORDER BY rowid LIMIT ${BATCH}`,
    )
    .raw();
  const update = client.prepare('UPDATE calculations SET body = ?, templates_id = ? WHERE rowid = ?');
  const migrate = client.transaction(() => {
    // Another process may have migrated the file while this one waited for the lock.
    if (version() >= CALCULATION_RECORDS_VERSION) return;
    let after = 0;
    for (;;) {
      const rows = select.all(after) as [rowid: number, id: string, body: string | Buffer][];
      for (const [rowid, id, body] of rows) {
        const { record, templates } = rewriteAsRecord(codec, id, () => oldBody(id, body));
        update.run(record, storeTemplates(templates), rowid);
      }
      if (rows.length < BATCH) break;
      after = (rows[rows.length - 1] as (typeof rows)[number])[0];
    }
    client.pragma(`user_version = ${CALCULATION_RECORDS_VERSION}`);
  });
  migrate.immediate();
}

/** What the reader of earlier versions returned for a text body: compact JSON (an array) or keyed JSON. */
function oldBody(id: string, body: string | Buffer): Calculation {
  if (typeof body !== 'string') throw new Error(`Calculation ${id} is a record that names no templates.`);
  return body.startsWith('[') ? fromCompactCalculation(body) : (JSON.parse(body) as Calculation);
}
