import { describeRule, type JurisdictionNexus } from '../core/nexus/nexus-status.ts';
import { EU_VAT_AREA } from '../core/tax-ids/reverse-charge.ts';
import type { Tenant } from '../core/types.ts';
import type { Clock } from '../ports/clock.ts';

/**
 * The notes live calculations add where the account crossed a threshold but is not
 * registered, from the last nexus status computed for the account and mode. A calculation
 * never reads the ledger for them: it takes what is kept (a map lookup) and, when that is older
 * than `refreshMs`, starts a recount in the background for the calculations after it. Only the
 * first live calculation of an account in a process waits for a count.
 */
export interface NexusMonitor {
  notesFor(tenant: Tenant): ReadonlyMap<string, string> | Promise<ReadonlyMap<string, string>>;
  /**
   * The kept status itself and when it was counted (Unix seconds), on the same terms as
   * `notesFor`: what EU distance sales are decided by (src/operations/distance-sale-facts.ts).
   */
  statusFor(tenant: Tenant): KeptNexus | Promise<KeptNexus>;
  /** Keeps a status just computed (GET /tax/nexus as of now), so calculations use it at once. */
  remember(tenant: Tenant, jurisdictions: readonly JurisdictionNexus[]): void;
  /** Resolves when no background recount is running. */
  idle(): Promise<void>;
}

/** A tenant's nexus as last counted. */
export interface KeptNexus {
  readonly jurisdictions: readonly JurisdictionNexus[];
  readonly notes: ReadonlyMap<string, string>;
  /** When it was counted, Unix seconds. */
  readonly countedAt: number;
}

export interface NexusMonitorOptions {
  readonly clock: Clock;
  /** Counts the tenant's nexus as of now (reads the ledger). */
  readonly count: (tenant: Tenant) => Promise<readonly JurisdictionNexus[]>;
  readonly refreshMs: number;
  /** The seller's own country, left out of the EU threshold's places. */
  readonly sellerCountry: string | undefined;
}

export function createNexusMonitor(options: NexusMonitorOptions): NexusMonitor {
  const kept = new Map<string, KeptNexus & { readonly atMs: number }>();
  const running = new Map<string, Promise<KeptNexus>>();
  const keyOf = (tenant: Tenant) => `${tenant.mode}:${tenant.accountId}`;
  const keep = (key: string, jurisdictions: readonly JurisdictionNexus[]) => {
    const atMs = options.clock.now();
    const status = {
      jurisdictions,
      notes: notesOf(jurisdictions, options.sellerCountry),
      countedAt: Math.floor(atMs / 1000),
      atMs,
    };
    kept.set(key, status);
    return status;
  };
  const recount = (tenant: Tenant, key: string) => {
    const pending = running.get(key);
    if (pending !== undefined) return pending;
    const started = options
      .count(tenant)
      .then((jurisdictions) => keep(key, jurisdictions))
      .finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
  const statusFor = (tenant: Tenant): KeptNexus | Promise<KeptNexus> => {
    const key = keyOf(tenant);
    const found = kept.get(key);
    if (found === undefined) return recount(tenant, key);
    if (options.clock.now() - found.atMs >= options.refreshMs) {
      // A failed background recount keeps the old status; the next calculation tries again.
      recount(tenant, key).catch(() => undefined);
    }
    return found;
  };
  return {
    notesFor(tenant) {
      const status = statusFor(tenant);
      return status instanceof Promise ? status.then((counted) => counted.notes) : status.notes;
    },
    statusFor,
    remember(tenant, jurisdictions) {
      keep(keyOf(tenant), jurisdictions);
    },
    async idle() {
      await Promise.allSettled([...running.values()]);
    },
  };
}

/** A note per place key for every jurisdiction the account exceeded without being registered. */
function notesOf(jurisdictions: readonly JurisdictionNexus[], sellerCountry: string | undefined) {
  const notes = new Map<string, string>();
  for (const nexus of jurisdictions) {
    if (nexus.status !== 'exceeded' || nexus.rule === undefined) continue;
    const when = nexus.crossedAt === null ? '' : ` on ${isoDay(nexus.crossedAt)}`;
    const by = nexus.crossedBy === null ? '' : ` with ${nexus.crossedBy}`;
    const note =
      `NO_COLLECTION: the account is not registered to collect tax in this jurisdiction, but its sales ` +
      `crossed the economic nexus threshold of ${nexus.name} (${describeRule(nexus.rule)})${when}${by}; ` +
      `it may have to register. Source: ${nexus.source}`;
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
