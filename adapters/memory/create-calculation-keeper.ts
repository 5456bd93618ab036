import type { Calculation, Tenant } from '../../src/core/types.ts';
import { idTaken } from '../../src/ports/store-errors.ts';
import {
  compactExpiresAt,
  fromCompactCalculation,
  toCompactCalculation,
  type CompactCalculation,
} from '../shared/compact-calculation.ts';

/** How many calculations, and how many characters of them, the memory store keeps. */
export interface CalculationLimits {
  readonly maxCalculations: number;
  readonly maxCalculationBytes: number;
}

/** What the memory store keeps of calculations, across every tenant. */
export interface CalculationKeeper {
  /** Keeps `calculation`, evicting others when a limit is passed. Throws when the id is taken. */
  insert(tenant: Tenant, calculation: Calculation): void;
  get(tenant: Tenant, id: string): Calculation | undefined;
  /** Deletes those whose `expiresAt` is before `before`, at most `limit` (oldest first); returns how many. */
  deleteExpiredBefore(before: number, limit: number): number;
  /** Deletes every calculation of `tenant`. */
  deleteTenant(tenant: Tenant): void;
  readonly count: number;
  /** The kept calculations' heads and keys plus the per-entry cost, in bytes (one byte a character). */
  readonly bytes: number;
  clear(): void;
}

/**
 * What one kept calculation costs beyond its head and key: the map's entry and the object
 * holding the two strings. An estimate (V8's layout varies); shared templates are not counted.
 */
const ENTRY_OVERHEAD_BYTES = 96;
/**
 * Distinct jurisdiction-template texts shared among kept calculations. Past it the table starts
 * afresh (kept calculations keep their strings), so it cannot grow without bound either.
 */
const MAX_SHARED_TEMPLATES = 4_096;
/**
 * `text`, flattened. JSON.stringify and `+` build strings as trees of pieces (V8 cons strings),
 * which take about a third more heap than the text; reading a character makes V8 replace the
 * tree with one flat copy, and the pieces become garbage.
 */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

/** When a limit is passed, eviction frees this share of it, so a full scan runs once per 1/16 of the limit. */
const HEADROOM = 1 / 16;

/**
 * Keeps calculations compactly ({@link toCompactCalculation}: a head string of about 600 bytes
 * for 3 lines, and a templates string shared by every calculation that taxes the same places)
 * in one insertion-ordered map for all tenants, bounded by count and by bytes.
 *
 * Passing a bound evicts the expired calculations first (expired as of the newest calculation's
 * `createdAt`: the engine's clock), then the oldest, until a sixteenth of the bound is free, so
 * the scan for expired ones is paid once per many inserts. An evicted calculation is gone: a
 * transaction from it gets CALCULATION_NOT_FOUND.
 */
export function createCalculationKeeper(limits: CalculationLimits): CalculationKeeper {
  // Key: `${accountId.length}:${mode}:${accountId}${id}`: the length makes the split unambiguous
  // whatever characters the account id and the calculation id hold.
  const kept = new Map<string, CompactCalculation>();
  const sharedTemplates = new Map<string, string>();
  let bytes = 0;
  /** Whether insertion order is also expiry order, so the expired ones are the oldest. */
  let inExpiryOrder = true;
  let latestExpiry = Number.NEGATIVE_INFINITY;
  const keyOf = (tenant: Tenant, id: string) => `${tenant.accountId.length}:${tenant.mode}:${tenant.accountId}${id}`;
  const sizeOf = (key: string, compact: CompactCalculation) => key.length + compact.head.length + ENTRY_OVERHEAD_BYTES;

  function remove(key: string, compact: CompactCalculation): void {
    kept.delete(key);
    bytes -= sizeOf(key, compact);
  }

  /** The one string kept for this templates text. */
  function share(templates: string): string {
    const shared = sharedTemplates.get(templates);
    if (shared !== undefined) return shared;
    if (sharedTemplates.size >= MAX_SHARED_TEMPLATES) sharedTemplates.clear();
    sharedTemplates.set(templates, templates);
    return templates;
  }

  function overLimit(slack: number): boolean {
    return kept.size > limits.maxCalculations * (1 - slack) || bytes > limits.maxCalculationBytes * (1 - slack);
  }

  /** Evicts down to the headroom, sparing `newest` (the calculation being inserted). */
  function makeRoom(now: number, newest: string): void {
    for (const [key, compact] of kept) {
      if (compactExpiresAt(compact.head) < now) {
        if (key !== newest) remove(key, compact);
      } else if (inExpiryOrder) {
        // Kept in expiry order (one lifetime, a clock that only moves on): no later one expired.
        break;
      }
    }
    for (const [key, compact] of kept) {
      if (!overLimit(HEADROOM)) break;
      if (key !== newest) remove(key, compact);
    }
  }

  return {
    insert(tenant, calculation) {
      const key = keyOf(tenant, calculation.id);
      if (kept.has(key)) throw idTaken('calculation', calculation.id);
      const { head, templates } = toCompactCalculation(calculation);
      const compact = { head: flat(head), templates: share(templates) };
      kept.set(flat(key), compact);
      bytes += sizeOf(key, compact);
      if (calculation.expiresAt < latestExpiry) inExpiryOrder = false;
      else latestExpiry = calculation.expiresAt;
      if (overLimit(0)) makeRoom(calculation.createdAt, key);
    },
    get(tenant, id) {
      const compact = kept.get(keyOf(tenant, id));
      return compact === undefined ? undefined : fromCompactCalculation(compact);
    },
    deleteExpiredBefore(before, limit) {
      let deleted = 0;
      for (const [key, compact] of kept) {
        if (deleted >= limit) break;
        if (compactExpiresAt(compact.head) < before) {
          remove(key, compact);
          deleted += 1;
        }
      }
      return deleted;
    },
    deleteTenant(tenant) {
      const prefix = keyOf(tenant, '');
      for (const [key, compact] of kept) if (key.startsWith(prefix)) remove(key, compact);
    },
    get count() {
      return kept.size;
    },
    get bytes() {
      return bytes;
    },
    clear() {
      kept.clear();
      sharedTemplates.clear();
      bytes = 0;
    },
  };
}
