import type { PoolClient } from 'pg';
import type { TaxStore } from '../../src/ports/store.ts';
import type { PostgresRunner } from './create-postgres-runner.ts';
import type { Statements } from './prepare-statements.ts';
import { bind, type Statement, type Values } from './statement-parts.ts';

/** The advisory lock key of the sweep ("tkswp" in ASCII): one instance at a time holds it. */
const SWEEP_LOCK = 0x746b_7377_70n.toString();

/** Rows per DELETE: small enough that no statement holds many row locks for long. */
const BATCH = 1000;

const JOB = 'calculation-sweep';

/**
 * `deleteCalculationsExpiredBefore` for many instances on one database. Each call takes a
 * session advisory lock without waiting: while another instance holds it (it is sweeping), this
 * one returns 0 at once, which ends its own sweep, instead of deleting the same rows behind it.
 * Under the lock a call skips a sweep that some instance already finished up to `before` or
 * later; otherwise it deletes up to `limit` rows in batches (each its own short transaction)
 * and, when it found fewer than `limit`, records that everything before `before` is gone. A lost
 * connection frees the lock with its session, so a crashed instance never blocks the others.
 */
export function createCalculationSweep(
  run: PostgresRunner,
  s: Statements,
): TaxStore['deleteCalculationsExpiredBefore'] {
  return async (before, limit) => {
    const wanted = limit === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(limit));
    if (!(wanted > 0)) return 0;
    return run.withClient(async (client) => {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        SWEEP_LOCK,
      ]);
      if (rows[0]?.locked !== true) return 0;
      try {
        const last = await exec(client, s.getSweepWatermark, { job: JOB });
        const watermark = last.rows[0] === undefined ? undefined : Number(last.rows[0].watermark);
        if (watermark !== undefined && watermark >= before) return 0;
        let deleted = 0;
        for (;;) {
          const batch = Math.min(BATCH, wanted - deleted);
          const done = (await exec(client, s.deleteExpiredBatch, { before, batch })).rowCount ?? 0;
          deleted += done;
          if (done < batch) break;
          if (deleted >= wanted) return deleted;
        }
        await exec(client, s.setSweepWatermark, { job: JOB, watermark: before, ranAt: Math.floor(Date.now() / 1000) });
        return deleted;
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [SWEEP_LOCK]);
      }
    });
  };
}

function exec(client: PoolClient, statement: Statement, values: Values) {
  return client.query<Record<string, unknown>>({
    name: statement.name,
    text: statement.text,
    values: bind(statement, values),
  });
}
