import { setImmediate as nextTurn } from 'node:timers/promises';
import { compileRateIndexSteps, type CompileOptions } from './core/rates/compile-rate-index.ts';
import { hashRateTable } from './core/rates/hash-rate-table.ts';
import type { RateIndex } from './core/rates/rate-index.ts';
import type { RateTableRecord } from './core/rates/rate-table-record.ts';
import type { RateTable } from './core/rates/rate-table.ts';
import type { Clock } from './ports/clock.ts';
import type { StoreRates } from './ports/store.ts';

/**
 * Where an engine gets its rates: the base tables it was created with, overlaid with the
 * tables imported into its store (`taxkit rates import`).
 */
export interface RateSource {
  /**
   * The index new calculations use. When the store's rate revision has moved since the last
   * look (checked at most every `checkIntervalMs`), the imported tables are reloaded and
   * compiled again, so a running server picks up an import without a restart. Before an index
   * is first handed out, its snapshot is recorded in the store, so every calculation made
   * with it can be replayed.
   */
  current(): Promise<RateIndex>;
  /**
   * The index `current()` would give without asking the store, or `undefined` when a look at
   * the store is due (or nothing is loaded yet): lets a calculation that waits for nothing else
   * go on without a promise.
   */
  ready(): RateIndex | undefined;
  /**
   * The index of snapshot `id` (what a stored calculation names), from memory or rebuilt from
   * the store's copy of its tables; `undefined` when neither has it.
   */
  snapshot(id: string): Promise<RateIndex | undefined>;
}

export interface RateSourceOptions {
  readonly store: StoreRates;
  /** The tables under every import, or a compiled index used as it is (no imports merged). */
  readonly base: readonly RateTable[] | RateIndex;
  readonly clock: Clock;
  /** How often to ask the store for its revision; 0 asks before every calculation. */
  readonly checkIntervalMs: number;
  /** Compiled snapshots kept for replay besides the current one. Default 4. */
  readonly cachedSnapshots?: number;
}

interface Loaded {
  readonly revision: number;
  readonly index: RateIndex;
}

/** Content ids of table objects, computed once per object: the base tables are hashed once. */
const tableIds = new WeakMap<RateTable, string>();
function idOf(table: RateTable): string {
  let id = tableIds.get(table);
  if (id === undefined) {
    id = hashRateTable(table);
    tableIds.set(table, id);
  }
  return id;
}

/** Longest stretch of compiling before other work gets a turn (docs/reliability.md). */
const COMPILE_SLICE_MS = 10;

/**
 * Compiles the tables a slice of about {@link COMPILE_SLICE_MS} at a time, yielding the event
 * loop between slices: a nationwide table took 0.45–0.74 s in one piece, during which the
 * server answered nothing.
 */
async function compileInSlices(tables: readonly RateTable[], options: CompileOptions): Promise<RateIndex> {
  const steps = compileRateIndexSteps(tables, options);
  for (;;) {
    const started = performance.now();
    let step = steps.next();
    while (step.done !== true && performance.now() - started < COMPILE_SLICE_MS) step = steps.next();
    if (step.done === true) return step.value;
    await nextTurn();
  }
}

/** Creates the {@link RateSource} of an engine. */
export function createRateSource(options: RateSourceOptions): RateSource {
  const { store, base, clock, checkIntervalMs } = options;
  const keep = options.cachedSnapshots ?? 4;
  const compiled = new Map<string, RateIndex>();
  let loaded: Loaded | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<Loaded> | undefined;

  const remember = (index: RateIndex) => {
    compiled.delete(index.snapshot);
    compiled.set(index.snapshot, index);
    while (compiled.size > keep + 1) compiled.delete(compiled.keys().next().value as string);
  };

  if (!Array.isArray(base)) {
    // A precompiled index carries no tables to store or merge: it is used as it is.
    const fixed = base as RateIndex;
    remember(fixed);
    return {
      current: async () => fixed,
      ready: () => fixed,
      snapshot: async (id) => compiled.get(id),
    };
  }
  const baseTables = base as readonly RateTable[];

  async function load(revisionSeen: number): Promise<Loaded> {
    const imported = revisionSeen === 0 ? { revision: 0, tables: [] } : await store.loadRateTables();
    const tables = [...baseTables, ...imported.tables.map((record) => record.table)];
    const ids = [...baseTables.map(idOf), ...imported.tables.map((record) => record.id)];
    const index = await compileInSlices(tables, { tableIds: ids });
    const now = Math.floor(clock.now() / 1000);
    const baseRecords = baseTables.map((table): RateTableRecord => ({
      id: idOf(table),
      format: 'base',
      fileName: table.name,
      rowCount: table.locations.length,
      importedAt: now,
      table,
    }));
    await store.saveRateSnapshot({ id: index.snapshot, tableIds: index.tableIds, createdAt: now }, baseRecords);
    remember(index);
    return { revision: imported.revision, index };
  }

  async function refresh(): Promise<Loaded> {
    const revision = await store.rateRevision();
    if (loaded !== undefined && loaded.revision === revision) return loaded;
    loaded = await load(revision);
    return loaded;
  }

  /** The loaded index while no look at the store is due at `nowMs`. */
  const freshAt = (nowMs: number) =>
    loaded !== undefined && nowMs - checkedAt < checkIntervalMs ? loaded.index : undefined;

  return {
    ready: () => freshAt(performance.now()),
    async current() {
      const nowMs = performance.now();
      const fresh = freshAt(nowMs);
      if (fresh !== undefined) return fresh;
      // Concurrent calls share one check (and one reload).
      pending ??= refresh().finally(() => {
        pending = undefined;
      });
      const result = await pending;
      checkedAt = nowMs;
      return result.index;
    },
    async snapshot(id) {
      const cached = compiled.get(id);
      if (cached !== undefined) return cached;
      const stored = await store.getRateSnapshot(id);
      if (stored === undefined) return undefined;
      const index = await compileInSlices(
        stored.tables.map((record) => record.table),
        { tableIds: stored.tables.map((record) => record.id) },
      );
      remember(index);
      return index;
    },
  };
}
