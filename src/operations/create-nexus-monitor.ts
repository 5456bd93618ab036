import { describeRule, type JurisdictionNexus } from '../core/nexus/nexus-status.ts';
import { EU_VAT_AREA } from '../core/tax-ids/reverse-charge.ts';
import type { Tenant } from '../core/types.ts';
import type { Clock } from '../ports/clock.ts';
import type { NexusNotes } from '../core/build-calculation.ts';

/**
 * The notes live calculations add where the account crossed a threshold but is not
 * registered, from the last nexus status computed for the account and mode. A calculation
 * never reads the ledger for them and never waits for a count: it takes what is kept (a map
 * lookup) and, when nothing is kept yet or what is kept is due a refresh, starts a count in the
 * background (read a page at a time, giving the event loop a turn between pages) for the
 * calculations after it. Until the first count of an account is done, its calculations say in
 * their note that the status is not known yet.
 */
export interface NexusMonitor {
  notesFor(tenant: Tenant): NexusNotes;
  /**
   * The kept status itself and when it was counted, on the same terms as `notesFor` (never
   * waits; starts a count when none is kept or it is due); undefined before the first count:
   * what EU distance sales are decided by (src/operations/distance-sale-facts.ts).
   */
  statusFor(tenant: Tenant): KeptNexus | undefined;
  /** Keeps a status just computed (GET /tax/nexus as of now), so calculations use it at once. */
  remember(tenant: Tenant, jurisdictions: readonly JurisdictionNexus[]): void;
  /** Resolves when no background recount is running. */
  idle(): Promise<void>;
  /** Stops the running counts at their next record and starts no more (the engine is closing). */
  stop(): Promise<void>;
}

export interface NexusMonitorOptions {
  readonly clock: Clock;
  /** Counts the tenant's nexus as of now (reads the ledger); stops, rejecting, once `signal` aborts. */
  readonly count: (tenant: Tenant, signal: AbortSignal) => Promise<readonly JurisdictionNexus[]>;
  /** The least time (ms) between the end of one count and the start of the next. */
  readonly refreshMs: number;
  /** The seller's own country, left out of the EU threshold's places. */
  readonly sellerCountry: string | undefined;
}

/**
 * A count is started again no sooner than this many times its own length after it ended, so
 * background counts take at most a fifth of the process's time however long the ledger (a count
 * of 1 M sales takes tens of seconds; every minute would keep the process busy most of the time).
 */
const REST_PER_COUNT = 4;

/** The note of a live calculation that does not collect, before its account's first count. */
export const NEXUS_NOT_COUNTED_NOTE =
  'NO_COLLECTION: the account is not registered to collect tax in this jurisdiction. Its economic ' +
  'nexus status is not known yet: the first count of its sales in this process is running, and ' +
  'this answer did not wait for it (GET /tax/nexus answers it).';

const NOT_COUNTED: NexusNotes = { get: () => NEXUS_NOT_COUNTED_NOTE };

/** A tenant's nexus as last counted. */
export interface KeptNexus {
  readonly jurisdictions: readonly JurisdictionNexus[];
  /** When it was counted, Unix seconds. */
  readonly countedAt: number;
}

export function createNexusMonitor(options: NexusMonitorOptions): NexusMonitor {
  const kept = new Map<string, KeptNexus & { readonly notes: NexusNotes; readonly dueMs: number }>();
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  const keyOf = (tenant: Tenant) => `${tenant.mode}:${tenant.accountId}`;
  const keep = (key: string, jurisdictions: readonly JurisdictionNexus[], tookMs: number) => {
    const nowMs = options.clock.now();
    const notes = notesOf(jurisdictions, options.sellerCountry, nowMs);
    kept.set(key, {
      jurisdictions,
      countedAt: Math.floor(nowMs / 1000),
      notes,
      dueMs: nowMs + Math.max(options.refreshMs, REST_PER_COUNT * tookMs),
    });
  };
  const recount = (tenant: Tenant, key: string) => {
    if (running.has(key) || stopping.signal.aborted) return;
    const startedMs = options.clock.now();
    const started = options
      .count(tenant, stopping.signal)
      .then((jurisdictions) => keep(key, jurisdictions, options.clock.now() - startedMs))
      // A failed count keeps the old notes; the next calculation tries again.
      .catch(() => undefined)
      .finally(() => running.delete(key));
    running.set(key, started);
  };
  return {
    notesFor(tenant) {
      const key = keyOf(tenant);
      const found = kept.get(key);
      if (found === undefined || options.clock.now() >= found.dueMs) recount(tenant, key);
      return found?.notes ?? NOT_COUNTED;
    },
    statusFor(tenant) {
      const key = keyOf(tenant);
      const found = kept.get(key);
      if (found === undefined || options.clock.now() >= found.dueMs) recount(tenant, key);
      return found;
    },
    remember(tenant, jurisdictions) {
      keep(keyOf(tenant), jurisdictions, 0);
    },
    async idle() {
      await Promise.allSettled([...running.values()]);
    },
    async stop() {
      stopping.abort();
      await Promise.allSettled([...running.values()]);
    },
  };
}

/** A note per place key for every jurisdiction the account exceeded without being registered. */
function notesOf(jurisdictions: readonly JurisdictionNexus[], sellerCountry: string | undefined, countedMs: number) {
  const notes = new Map<string, string>();
  for (const nexus of jurisdictions) {
    if (nexus.status !== 'exceeded' || nexus.rule === undefined) continue;
    const when = nexus.crossedAt === null ? '' : ` on ${isoDay(nexus.crossedAt)}`;
    const by = nexus.crossedBy === null ? '' : ` with ${nexus.crossedBy}`;
    const note =
      `NO_COLLECTION: the account is not registered to collect tax in this jurisdiction, but its sales ` +
      `crossed the economic nexus threshold of ${nexus.name} (${describeRule(nexus.rule)})${when}${by}; ` +
      `it may have to register (status counted at ${new Date(countedMs).toISOString().slice(0, 19)}Z). ` +
      `Source: ${nexus.source}`;
    const places =
      nexus.jurisdiction === 'EU' ? [...EU_VAT_AREA].filter((c) => c !== sellerCountry) : [nexus.jurisdiction];
    for (const place of places) notes.set(place, note);
  }
  return notes;
}

/** YYYY-MM-DD (UTC) of Unix seconds. */
function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
