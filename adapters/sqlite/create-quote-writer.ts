import Database from 'better-sqlite3';
import { TaxError } from '../../src/core/errors.ts';
import type { Calculation, Tenant } from '../../src/core/types.ts';
import { idTaken } from '../../src/ports/store-errors.ts';
import { compactText, fromCompactCalculation, toCompactCalculation } from '../shared/compact-calculation.ts';

/** Calculations (quotes) on their way into the file, in batches. */
export interface QuoteWriter {
  /**
   * Queues `calculation` for the next batch; it is readable through {@link QuoteWriter.get}
   * at once. Throws STORAGE_UNAVAILABLE (`idTaken`) when the id is already kept, and also
   * when batches have been failing and the queue is full. `randomId`: the id was drawn at
   * random, so only the queue is checked, not the file: the file's check is an autocommit read
   * (lock, WAL check, unlock) that cost about as much as the rest of the insert together.
   */
  insert(tenant: Tenant, calculation: Calculation, randomId: boolean): void;
  /** The calculation, from the queue or the file, as a new object. */
  get(tenant: Tenant, id: string): Calculation | undefined;
  /** Writes the queued calculations now (before a sweep, a close). */
  flush(): void;
}

/** A batch is written at the end of the event-loop turn, or at once when this many are queued. */
const BATCH_SIZE = 512;
/** Queued calculations kept while the file refuses writes; past this, new ones are refused. */
const MAX_QUEUED = 10_000;
/** Wait before retrying a batch the file refused as busy (another process holds the lock). */
const RETRY_MS = 100;

type Row = [
  accountId: string,
  mode: string,
  id: string,
  kind: string,
  currency: string,
  totalExcludingTaxMinor: number,
  totalTaxMinor: number,
  totalIncludingTaxMinor: number,
  createdAt: number,
  expiresAt: number,
  body: string,
];

/**
 * Writes calculations to SQLite in batches: one transaction per batch, committed with
 * `synchronous = NORMAL`, so quotes never pay an fsync of their own (they reach the disk with the
 * next durable commit or checkpoint) and a thousand quotes cost one commit, not a thousand. A
 * calculation is a quote: losing the last ones to a crash only means the caller calculates
 * again. Sales, refunds and reversals stay `FULL`, acknowledged after their fsync.
 *
 * The store answers for a queued calculation from the queue, so this process never misses one;
 * another process sharing the file sees it once its batch is written, within one turn of the
 * event loop. Rows hold the compact form (`adapters/shared/compact-calculation.ts`); rows written
 * by earlier versions as keyed JSON are still read.
 */
export function createQuoteWriter(client: Database.Database, durable: boolean): QuoteWriter {
  const insert = client.prepare(
    `INSERT INTO calculations (account_id, mode, id, kind, currency, total_excluding_tax_minor, total_tax_minor,
       total_including_tax_minor, created_at, expires_at, deleted_at, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
  );
  const select = client.prepare('SELECT body FROM calculations WHERE account_id = ? AND mode = ? AND id = ?').pluck();
  const writeBatch = client.transaction((rows: Iterable<Row>) => {
    for (const row of rows) insert.run(row);
  });
  // Key: the account id's length makes `${length}:${mode}:${accountId}${id}` unambiguous.
  const keyOf = (tenant: Tenant, id: string) => `${tenant.accountId.length}:${tenant.mode}:${tenant.accountId}${id}`;
  let queued = new Map<string, Row>();
  let scheduled = false;

  function schedule(delayMs: number): void {
    if (scheduled) return;
    scheduled = true;
    if (delayMs === 0) setImmediate(flushScheduled);
    else setTimeout(flushScheduled, delayMs).unref();
  }

  function flushScheduled(): void {
    scheduled = false;
    flush();
  }

  function flush(): void {
    if (queued.size === 0 || !client.open) return;
    const rows = queued;
    queued = new Map();
    try {
      withoutFsync(() => writeBatch(rows.values()));
    } catch (thrown) {
      if (thrown instanceof Database.SqliteError && thrown.code.startsWith('SQLITE_BUSY')) {
        // Another process holds the lock past the busy timeout: keep the batch and try again.
        queued = new Map([...rows, ...queued]);
        schedule(RETRY_MS);
        return;
      }
      // Otherwise find the rows the file refuses (there should be none) and write the rest.
      for (const row of rows.values()) {
        try {
          withoutFsync(() => insert.run(row));
        } catch {
          // A row the file cannot take is dropped: its quote is recalculated when asked for.
        }
      }
    }
  }

  function withoutFsync(write: () => void): void {
    if (!durable) {
      write();
      return;
    }
    client.pragma('synchronous = NORMAL');
    try {
      write();
    } finally {
      client.pragma('synchronous = FULL');
    }
  }

  return {
    insert(tenant, calculation, randomId) {
      if (!client.open) throw new TypeError('The database connection is not open');
      const key = keyOf(tenant, calculation.id);
      if (queued.has(key) || (!randomId && select.get(tenant.accountId, tenant.mode, calculation.id) !== undefined)) {
        throw idTaken('calculation', calculation.id);
      }
      if (queued.size >= MAX_QUEUED) {
        throw new TaxError('STORAGE_UNAVAILABLE', 'The SQLite store is not accepting calculations: the file is busy.');
      }
      queued.set(key, [
        tenant.accountId,
        tenant.mode,
        calculation.id,
        calculation.kind,
        calculation.currency,
        calculation.totalExcludingTaxMinor,
        calculation.totalTaxMinor,
        calculation.totalIncludingTaxMinor,
        calculation.createdAt,
        calculation.expiresAt,
        compactText(toCompactCalculation(calculation)),
      ]);
      if (queued.size >= BATCH_SIZE) flush();
      else schedule(0);
    },
    get(tenant, id) {
      const body =
        queued.get(keyOf(tenant, id))?.[10] ?? (select.get(tenant.accountId, tenant.mode, id) as string | undefined);
      if (body === undefined) return undefined;
      // Compact rows are arrays; rows of earlier versions are the record as keyed JSON.
      return body.startsWith('[') ? fromCompactCalculation(body) : (JSON.parse(body) as Calculation);
    },
    flush,
  };
}
