import type { Calculation, Tenant } from '../../src/core/types.ts';
import { idTaken } from '../../src/ports/store-errors.ts';
import { createCalculationCodec, recordId } from '../shared/calculation-codec.ts';
import { hashInGroup } from './hash-in-group.ts';
import { createRecordLog, LOG_HEADER_BYTES, segmentBytesFor, type Locator } from './create-record-log.ts';

/** How many calculations, and how many characters of them, the memory store keeps. */
export interface CalculationLimits {
  readonly maxCalculations: number;
  readonly maxCalculationBytes: number;
  /** Distinct templates texts shared among records; default the codec's `MAX_SHARED_TEMPLATES`. */
  readonly maxSharedTemplates?: number;
}

/** What the memory store keeps of calculations, across every tenant. */
export interface CalculationKeeper {
  /**
   * Keeps `calculation`, evicting others when a limit is passed. Throws when the id is taken,
   * unless `randomId` says it was drawn at random (TaxStore.insertCalculation), so cannot be.
   */
  insert(tenant: Tenant, calculation: Calculation, randomId?: boolean): void;
  get(tenant: Tenant, id: string): Calculation | undefined;
  /** Deletes those whose `expiresAt` is before `before`, at most `limit` (oldest first); returns how many. */
  deleteExpiredBefore(before: number, limit: number): number;
  /** Deletes every calculation of `tenant`. */
  deleteTenant(tenant: Tenant): void;
  readonly count: number;
  /** The kept calculations' records (key, encoded calculation, header) plus the per-entry cost, in bytes. */
  readonly bytes: number;
  /** The bytes held outside the heap for them now: the log's segments, live records and dead space. */
  readonly allocatedBytes: number;
  clear(): void;
}

/**
 * What one kept calculation costs beyond its record's bytes: its index entry. An estimate (V8's
 * layout varies); the shared templates are not counted.
 */
const ENTRY_OVERHEAD_BYTES = 32;
/** When a limit is passed, eviction frees this share of it, so a full scan runs once per 1/16 of the limit. */
const HEADROOM = 1 / 16;

// A record, after the log's own header: where each field starts.
const EXPIRES_AT = LOG_HEADER_BYTES; // f64
const HASH = EXPIRES_AT + 8; // i32: the key's hash, to find the index entry when evicting
const TEMPLATES_ID = HASH + 4; // i32: the codec's shared templates number, or -1 when written in the record
const HEAD_BYTES = TEMPLATES_ID + 4; // u32
const TEMPLATES_BYTES = HEAD_BYTES + 4; // u32: 0 when shared
const TENANT = TEMPLATES_BYTES + 4; // u24, and a byte of padding: the tenant's slot (see `tenantSlot`)
const FIELDS = TENANT + 4;
/** Tenant slots a u24 holds. */
const MAX_TENANTS = 0xff_ffff;

/**
 * Keeps calculations as records of bytes (`calculation-codec.ts`: about 500 bytes for 3 lines,
 * plus a templates text most calculations share, which the codec numbers and the record names
 * by that number; past the codec's bound on shared texts, the record holds its own) in a
 * {@link createRecordLog | log outside the JavaScript heap}, indexed by a 31-bit hash of the
 * tenant and id in a `Map` of numbers, so the collector has nothing per calculation to trace or
 * move. One log for all tenants, bounded by count and by bytes.
 *
 * Passing a bound evicts the expired calculations first (expired as of the newest calculation's
 * `createdAt`: the engine's clock), then the oldest of the tenants (account and mode) holding
 * more than their fair share, until a sixteenth of the bound is free, so the scan for expired
 * ones is paid once per many inserts. A tenant's share is the bound divided by the tenants that
 * hold calculations: one that keeps within it is never evicted by another's flood (a public key
 * making 105,000 test calculations used to evict the live calculations of every account). An
 * evicted calculation is gone: a transaction from it gets CALCULATION_NOT_FOUND.
 */
export function createCalculationKeeper(limits: CalculationLimits): CalculationKeeper {
  const log = createRecordLog(segmentBytesFor(limits.maxCalculationBytes));
  const codec = createCalculationCodec(
    limits.maxSharedTemplates === undefined ? {} : { maxSharedTemplates: limits.maxSharedTemplates },
  );
  /** Key hash → the record's locator, or the locators of the (rare) keys sharing the hash. */
  const index = new Map<number, Locator | Locator[]>();
  let count = 0;
  let bytes = 0;
  /** Whether insertion order is also expiry order, so the expired ones are the oldest. */
  let inExpiryOrder = true;
  let latestExpiry = Number.NEGATIVE_INFINITY;
  /** Tenant key prefix → its slot; a slot's count and bytes of kept calculations. Slots are never reused. */
  const tenantSlots = new Map<string, number>();
  const tenantCounts: number[] = [];
  const tenantBytes: number[] = [];
  /** Tenants holding at least one calculation. */
  let activeTenants = 0;

  // The last tenant's slot: calls come from one tenant after another far more often than not,
  // and building its key string and looking it up were about 5 % of keeping a calculation.
  // -1: none yet (or the slots were cleared).
  let lastSlot = -1;
  let lastAccountId = '';
  let lastMode = '';

  function isLastTenant(tenant: Tenant): boolean {
    return lastSlot !== -1 && tenant.accountId === lastAccountId && tenant.mode === lastMode;
  }

  function slotOf(tenant: Tenant): number {
    if (!isLastTenant(tenant)) {
      lastSlot = tenantSlot(prefixOf(tenant));
      lastAccountId = tenant.accountId;
      lastMode = tenant.mode;
    }
    return lastSlot;
  }

  /** The tenant's slot if it has one (it has held a calculation), without making one. */
  function existingSlot(tenant: Tenant): number | undefined {
    return isLastTenant(tenant) ? lastSlot : tenantSlots.get(prefixOf(tenant));
  }

  function tenantSlot(prefix: string): number {
    let slot = tenantSlots.get(prefix);
    if (slot === undefined) {
      slot = tenantSlots.size;
      if (slot > MAX_TENANTS) throw new RangeError('taxkit: the memory store holds calculations of too many tenants.');
      tenantSlots.set(prefix, slot);
      tenantCounts.push(0);
      tenantBytes.push(0);
    }
    return slot;
  }

  function account(slot: number, count: number, size: number): void {
    const before = tenantCounts[slot] as number;
    tenantCounts[slot] = before + count;
    tenantBytes[slot] = (tenantBytes[slot] as number) + size;
    if (before === 0 && count > 0) activeTenants += 1;
    else if (before + count === 0) activeTenants -= 1;
  }

  function slotAt(locator: Locator): number {
    return log.bufferOf(locator).readUIntLE(log.offsetOf(locator) + TENANT, 3);
  }

  /** Whether the record at `locator` is calculation `id` of the tenant in `slot`. */
  function holds(locator: Locator, slot: number, id: string): boolean {
    return slotAt(locator) === slot && recordId(log.bufferOf(locator), log.offsetOf(locator) + FIELDS) === id;
  }

  /** The locator of the record of calculation `id` of the tenant in `slot`, if kept. */
  function find(slot: number, id: string, hash: number): Locator | undefined {
    const entry = index.get(hash);
    if (entry === undefined) return undefined;
    if (typeof entry === 'number') return holds(entry, slot, id) ? entry : undefined;
    return entry.find((locator) => holds(locator, slot, id));
  }

  function remove(locator: Locator): void {
    const buffer = log.bufferOf(locator);
    const offset = log.offsetOf(locator);
    const hash = buffer.readInt32LE(offset + HASH);
    const entry = index.get(hash);
    if (entry === locator) index.delete(hash);
    else if (Array.isArray(entry)) {
      const others = entry.filter((held) => held !== locator);
      index.set(hash, others.length === 1 ? (others[0] as Locator) : others);
    }
    const size = buffer.readUInt32LE(offset) + ENTRY_OVERHEAD_BYTES;
    count -= 1;
    bytes -= size;
    account(buffer.readUIntLE(offset + TENANT, 3), -1, -size);
    log.kill(locator);
  }

  function expiresAt(locator: Locator): number {
    return log.bufferOf(locator).readDoubleLE(log.offsetOf(locator) + EXPIRES_AT);
  }

  function overLimit(slack: number): boolean {
    return count > limits.maxCalculations * (1 - slack) || bytes > limits.maxCalculationBytes * (1 - slack);
  }

  /** Evicts down to the headroom, sparing `newest` (the calculation being inserted). */
  function makeRoom(now: number, newest: Locator): void {
    log.walk((locator) => {
      if (expiresAt(locator) < now) {
        if (locator !== newest) remove(locator);
        return true;
      }
      // Kept in expiry order (one lifetime, a clock that only moves on): no later one expired.
      return !inExpiryOrder;
    });
    // Then the oldest of the tenants over their share, each down to it (the shares add up to
    // the bound less the headroom, so one walk frees enough).
    const countShare = (limits.maxCalculations * (1 - HEADROOM)) / activeTenants;
    const bytesShare = (limits.maxCalculationBytes * (1 - HEADROOM)) / activeTenants;
    log.walk((locator) => {
      if (!overLimit(HEADROOM)) return false;
      const slot = slotAt(locator);
      if (
        locator !== newest &&
        ((tenantCounts[slot] as number) > countShare || (tenantBytes[slot] as number) > bytesShare)
      ) {
        remove(locator);
      }
      return true;
    });
  }

  return {
    insert(tenant, calculation, randomId = false) {
      const slot = slotOf(tenant);
      const hash = hashInGroup(slot, calculation.id);
      // A miss in an index of 100,000 entries is a cache miss; a random id cannot be taken.
      if (!randomId && find(slot, calculation.id, hash) !== undefined) throw idTaken('calculation', calculation.id);
      const encoded = codec.encode(calculation);
      const shared = encoded.templatesId;
      const inline = shared === -1 ? encoded.templates : '';
      // UTF-8 (the inline templates) takes at most three bytes for each UTF-16 unit. The id is
      // not written apart: the codec's record starts with it (`recordId` reads it back).
      const locator = log.reserve(FIELDS + 3 * inline.length + encoded.bytes);
      const buffer = log.bufferOf(locator);
      const offset = log.offsetOf(locator);
      let at = offset + FIELDS;
      buffer.writeUIntLE(slot, offset + TENANT, 3);
      const headBytes = codec.write(buffer, at);
      at += headBytes;
      const templatesBytes = inline === '' ? 0 : buffer.write(inline, at, 'utf8');
      at += templatesBytes;
      buffer.writeDoubleLE(calculation.expiresAt, offset + EXPIRES_AT);
      buffer.writeInt32LE(hash, offset + HASH);
      buffer.writeInt32LE(shared, offset + TEMPLATES_ID);
      buffer.writeUInt32LE(headBytes, offset + HEAD_BYTES);
      buffer.writeUInt32LE(templatesBytes, offset + TEMPLATES_BYTES);
      log.commit(locator, at - offset);

      const entry = index.get(hash);
      if (entry === undefined) index.set(hash, locator);
      else if (typeof entry === 'number') index.set(hash, [entry, locator]);
      else entry.push(locator);
      count += 1;
      bytes += at - offset + ENTRY_OVERHEAD_BYTES;
      account(slot, 1, at - offset + ENTRY_OVERHEAD_BYTES);
      if (calculation.expiresAt < latestExpiry) inExpiryOrder = false;
      else latestExpiry = calculation.expiresAt;
      if (overLimit(0)) makeRoom(calculation.createdAt, locator);
    },
    get(tenant, id) {
      const slot = existingSlot(tenant);
      if (slot === undefined) return undefined;
      const locator = find(slot, id, hashInGroup(slot, id));
      if (locator === undefined) return undefined;
      const buffer = log.bufferOf(locator);
      const offset = log.offsetOf(locator);
      const headStart = offset + FIELDS;
      const headEnd = headStart + buffer.readUInt32LE(offset + HEAD_BYTES);
      const shared = buffer.readInt32LE(offset + TEMPLATES_ID);
      const templates =
        shared === -1
          ? buffer.toString('utf8', headEnd, headEnd + buffer.readUInt32LE(offset + TEMPLATES_BYTES))
          : shared;
      return codec.decode(buffer, headStart, templates);
    },
    deleteExpiredBefore(before, limit) {
      let deleted = 0;
      log.walk((locator) => {
        if (deleted >= limit) return false;
        if (expiresAt(locator) < before) {
          remove(locator);
          deleted += 1;
        }
        return true;
      });
      return deleted;
    },
    deleteTenant(tenant) {
      const slot = existingSlot(tenant);
      if (slot === undefined) return;
      log.walk((locator) => {
        if (slotAt(locator) === slot) remove(locator);
        return true;
      });
    },
    get count() {
      return count;
    },
    get bytes() {
      return bytes;
    },
    get allocatedBytes() {
      return log.allocatedBytes;
    },
    clear() {
      log.clear();
      index.clear();
      codec.clear();
      count = 0;
      bytes = 0;
      tenantSlots.clear();
      lastSlot = -1;
      tenantCounts.length = 0;
      tenantBytes.length = 0;
      activeTenants = 0;
    },
  };
}

/** The account id's length makes `${length}:${mode}:${accountId}` unambiguous whatever the id holds. */
function prefixOf(tenant: Tenant): string {
  return `${tenant.accountId.length}:${tenant.mode}:${tenant.accountId}`;
}
