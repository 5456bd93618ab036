import { Buffer } from 'node:buffer';
import Database from 'better-sqlite3';
import { TaxError } from '../../src/core/errors.ts';
import type { Calculation, Tenant } from '../../src/core/types.ts';
import { idTaken } from '../../src/ports/store-errors.ts';
import { createCalculationCodec } from '../shared/calculation-codec.ts';
import { prepareTemplatesWrite } from './prepare-templates-write.ts';

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

/**
 * Templates this process remembers as held by `calculation_templates`, with their keys. Past
 * it, the oldest is forgotten: the next calculation using it pays one `INSERT OR IGNORE` (and a
 * read) to learn it again. There is one text per distinct set of jurisdictions and rates: a few
 * for a shop selling in one region, but a nationwide table of 41,000 ZIPs has about 30,000, and
 * with 4,096 remembered, calculations for random ZIPs were 10 % slower than with the templates
 * written into every row.
 */
const MAX_KNOWN_TEMPLATES = 65_536;

/** A queued calculation: its columns, then its record and its templates (the codec's number, and the text). */
type Queued = [
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
  record: Buffer,
  templatesId: number,
  templates: string,
];

/** Options for tests: a forced key function makes collisions happen; a small cache evicts. */
export interface QuoteWriterOptions {
  /** The key a templates text is first tried under (default `templatesKeyOf`). */
  readonly templatesKey?: (templates: string) => number;
  /** How many templates are remembered as in the file (default 65,536). */
  readonly maxKnownTemplates?: number;
  /** How many templates texts the writer's codec numbers (default the codec's own). */
  readonly maxSharedTemplates?: number;
}

/**
 * Templates keys a transaction wrote or checked, remembered once it commits: by the codec's
 * number of the text, or by the text itself when the codec's table was full (then only for the
 * transaction, so each batch looks such a text up once, not once per row).
 */
type Learned = Map<number | string, number>;

/**
 * Writes calculations to SQLite in batches: one transaction per batch, committed with
 * `synchronous = NORMAL`, so quotes never pay an fsync of their own (they reach the disk with the
 * next durable commit or checkpoint) and a thousand quotes cost one commit, not a thousand. A
 * calculation is a quote: losing the last ones to a crash only means the caller calculates
 * again. Sales, refunds and reversals stay `FULL`, acknowledged after their fsync.
 *
 * The store answers for a queued calculation from the queue, so this process never misses one;
 * another process sharing the file sees it once its batch is written, within one turn of the
 * event loop.
 *
 * A row's body is the calculation's record of bytes, made by the store's codec
 * (`adapters/shared/calculation-codec.ts`, about 500 bytes for 3 lines), which leaves out the
 * jurisdictions' fixed parts: that templates text (200–300 characters) is the same for most
 * calculations, so it is kept once in `calculation_templates` and the row names it by its key
 * (`templates_id`). Every row does, in this one format: rows of earlier versions were rewritten
 * to it when the file was opened (`migrate-calculation-bodies.ts`). The INSERT, the largest
 * cost of a calculation here, grows by about 1 µs per 100 bytes of row. A text is written with
 * `INSERT OR IGNORE` in the batch's transaction, before the first row naming it
 * (`prepare-templates-write.ts`, which also settles a key collision); the keys known to be in
 * the file are remembered, by the codec's number of the text, after the commit, so the common
 * case runs no extra statement.
 *
 * Template rows are never deleted, neither with the expired calculations that used them nor
 * with a tenant's records: they are few (one per distinct set of jurisdictions and rates, not
 * per calculation; a few hundred bytes each) and hold rate facts, nothing of a tenant's. Sweeping
 * them would race every process sharing the file, which remembers keys as present and would go
 * on writing rows naming a text just deleted; avoiding that needs the coordination the content
 * key is there to avoid.
 */
export function createQuoteWriter(
  client: Database.Database,
  durable: boolean,
  options: QuoteWriterOptions = {},
): QuoteWriter {
  const maxKnownTemplates = options.maxKnownTemplates ?? MAX_KNOWN_TEMPLATES;
  const insert = client.prepare(
    `INSERT INTO calculations (account_id, mode, id, kind, currency, total_excluding_tax_minor, total_tax_minor,
       total_including_tax_minor, created_at, expires_at, deleted_at, body, templates_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
  );
  const codec = createCalculationCodec(
    options.maxSharedTemplates === undefined ? {} : { maxSharedTemplates: options.maxSharedTemplates },
  );
  const storeTemplates = prepareTemplatesWrite(client, options.templatesKey);
  const exists = client.prepare('SELECT 1 FROM calculations WHERE account_id = ? AND mode = ? AND id = ?').pluck();
  // [body, templates_id, the templates row's body]: one statement for a row and its templates.
  const select = client
    .prepare(
      `SELECT c.body, c.templates_id, t.body FROM calculations c
         LEFT JOIN calculation_templates t ON t.id = c.templates_id
         WHERE c.account_id = ? AND c.mode = ? AND c.id = ?`,
    )
    .raw();
  /**
   * The codec's number of a templates text → its key in the file (committed). By number, not by
   * text: the codec's table is the one place texts are kept for sharing.
   */
  const knownKeys = new Map<number, number>();
  // Prepared once: `client.pragma()` prepares its statement on every call, and the two of them
  // cost about 21–30 µs a batch against 8 µs prepared (the batch is one event-loop turn's
  // calculations, so under load this was paid once per turn of `serve --db`).
  const syncNormal = durable ? client.prepare('PRAGMA synchronous = NORMAL') : undefined;
  const syncFull = durable ? client.prepare('PRAGMA synchronous = FULL') : undefined;
  const writeBatch = client.transaction((rows: Iterable<Queued>, learned: Learned) => {
    for (const row of rows) writeRow(row, learned);
  });
  const writeOne = client.transaction((row: Queued, learned: Learned) => writeRow(row, learned));
  // Key: the account id's length makes `${length}:${mode}:${accountId}${id}` unambiguous.
  const keyOf = (tenant: Tenant, id: string) => `${tenant.accountId.length}:${tenant.mode}:${tenant.accountId}${id}`;
  let queued = new Map<string, Queued>();
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

  /**
   * Inserts `row` (inside a transaction), after its templates text when the file may not hold
   * it yet. `learned`: texts written or checked in this transaction, remembered once it commits.
   */
  function writeRow(row: Queued, learned: Learned): void {
    // A text the codec could not number (its table is full) is learned by its text, for this
    // transaction only: looked up in the file once per batch.
    const known = row[11] === -1 ? row[12] : row[11];
    let key = (typeof known === 'number' ? knownKeys.get(known) : undefined) ?? learned.get(known);
    if (key === undefined) {
      key = storeTemplates(row[12]);
      learned.set(known, key);
    }
    insert.run(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9], row[10], key);
  }

  /** Remembers what a committed transaction learned, forgetting the oldest past the bound. */
  function remember(learned: Learned): void {
    for (const [id, key] of learned) {
      if (typeof id !== 'number') continue;
      if (knownKeys.size >= maxKnownTemplates) {
        const oldest = knownKeys.keys().next();
        if (!oldest.done) knownKeys.delete(oldest.value);
      }
      knownKeys.set(id, key);
    }
  }

  function flush(): void {
    if (queued.size === 0 || !client.open) return;
    const rows = queued;
    queued = new Map();
    try {
      const learned: Learned = new Map();
      withoutFsync(() => writeBatch(rows.values(), learned));
      // Only now: a rolled-back batch took its template rows with it.
      remember(learned);
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
          const learned: Learned = new Map();
          withoutFsync(() => writeOne(row, learned));
          remember(learned);
        } catch {
          // A row the file cannot take is dropped: its quote is recalculated when asked for.
        }
      }
    }
  }

  function withoutFsync(write: () => void): void {
    if (syncNormal === undefined || syncFull === undefined) {
      write();
      return;
    }
    syncNormal.run();
    try {
      write();
    } finally {
      syncFull.run();
    }
  }

  return {
    insert(tenant, calculation, randomId) {
      if (!client.open) throw new TypeError('The database connection is not open');
      const key = keyOf(tenant, calculation.id);
      if (queued.has(key) || (!randomId && exists.get(tenant.accountId, tenant.mode, calculation.id) !== undefined)) {
        throw idTaken('calculation', calculation.id);
      }
      if (queued.size >= MAX_QUEUED) {
        throw new TaxError('STORAGE_UNAVAILABLE', 'The SQLite store is not accepting calculations: the file is busy.');
      }
      const encoded = codec.encode(calculation);
      // Its own bytes (from Node's pool of small buffers): the row waits in the queue.
      const record = Buffer.allocUnsafe(encoded.bytes);
      const bytes = codec.write(record, 0);
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
        record.subarray(0, bytes),
        encoded.templatesId,
        encoded.templates,
      ]);
      if (queued.size >= BATCH_SIZE) flush();
      else schedule(0);
    },
    get(tenant, id) {
      const waiting = queued.get(keyOf(tenant, id));
      if (waiting !== undefined) return codec.decode(waiting[10], 0, waiting[11] === -1 ? waiting[12] : waiting[11]);
      const found = select.get(tenant.accountId, tenant.mode, id) as
        [body: Buffer | string, templatesId: number | null, templates: string | null] | undefined;
      if (found === undefined) return undefined;
      const [body, templatesId, templates] = found;
      if (typeof body === 'string') {
        // Only a version older than the file's migration (or a hand) writes text here.
        throw new Error(`Calculation ${id} is text, not a calculation record: written by an earlier version?`);
      }
      if (templatesId === null || templates === null) {
        throw new Error(`Calculation ${id} names templates ${String(templatesId)}, which the file lacks.`);
      }
      return codec.decode(body, 0, templates);
    },
    flush,
  };
}
