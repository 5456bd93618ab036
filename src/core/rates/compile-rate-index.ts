import { TaxError } from '../errors.ts';
import { compileTaxability } from '../taxability/compile-taxability.ts';
import { createRuleResolver, type RuleResolver } from '../taxability/rule-resolver.ts';
import { parseDay } from './day-number.ts';
import { hashRateTable } from './hash-rate-table.ts';
import type { KeyTimeline, RateIndex, ResolvedRate } from './rate-index.ts';
import { type CompiledPeriod, compilePeriods, createInterner, type Interner, OPEN_END } from './compile-periods.ts';
import type { JurisdictionDef, LocationDef, RatePeriod, RateTable } from './rate-table.ts';
import { snapshotId } from './snapshot-id.ts';
import { compileSstIndex } from './sst/compile-sst-index.ts';

/** One location entry, parsed: where it starts, what it names, and the table (its index) it came from. */
interface KeyEntry {
  readonly from: number;
  readonly location: LocationDef;
  readonly table: number;
}

/** The day an undated location entry starts: before every real date, and fits an Int32Array. */
const BEGINNING = -2_147_483_648;

/** Options of {@link compileRateIndex}. */
export interface CompileOptions {
  /**
   * The tables' content hashes ({@link hashRateTable}), in table order, when the caller already
   * has them (a store keeps them with each table); saves hashing every table again.
   */
  readonly tableIds?: readonly string[];
}

/**
 * Compiles rate tables into an immutable {@link RateIndex}. Later tables win: a jurisdiction
 * defined again with rate periods, or an undated location key defined again, replaces the
 * earlier definition, which is how an imported local-rate table layers over the embedded
 * defaults. A jurisdiction named again with inline rates only (an imported ZIP table's state
 * `US-CA`) keeps that definition to the naming table's locations. Dated location entries (monthly
 * vintages) sit side by side, each in force from its date until the key's next dated entry.
 * Every rate is parsed exactly and every reference checked here, once, so the hot path never
 * validates.
 *
 * The tables' taxability rules (`RateTable.taxability`) are compiled here too: every rate period,
 * and every rate given inline at a location, carries the category rules of its region in force
 * over its whole span (periods are cut where the rules change), so a calculation finds a
 * category's rule with one Map lookup.
 *
 * Identical rates, rate sets and whole timelines are compiled to one shared frozen object each:
 * tens of thousands of ZIPs share a few thousand timelines, which keeps the index small and the
 * lookup's memory accesses few.
 */
export function compileRateIndex(input: RateTable | readonly RateTable[], options: CompileOptions = {}): RateIndex {
  const steps = compileRateIndexSteps(input, options);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * Units of work (locations, jurisdictions, keys) between two pauses of
 * {@link compileRateIndexSteps}: a few milliseconds of compiling.
 */
const STEP_UNITS = 64;

/**
 * {@link compileRateIndex} in steps: the generator pauses (yields) after every few hundred
 * locations, jurisdictions or keys and returns the index when done. A server compiles a newly
 * imported nationwide table (0.5 s or more in one piece) a slice at a time between requests,
 * so the event loop is never held for long; the result is the same index.
 */
export function* compileRateIndexSteps(
  input: RateTable | readonly RateTable[],
  options: CompileOptions = {},
): Generator<undefined, RateIndex, undefined> {
  let units = 0;
  const tables: readonly RateTable[] = Array.isArray(input) ? input : [input as RateTable];
  const jurisdictions = new Map<string, JurisdictionDef>();
  const periods = new Map<string, RatePeriod[]>();
  const entries = new Map<string, KeyEntry[]>();
  // A nationwide table dates 41,000 entries with a handful of distinct days: parse each once.
  const days = new Map<string, number>();
  // Per table: the jurisdiction ids it defines under a key of its own (see below).
  const scopes = new Map<number, Map<string, string>>();
  for (const [position, table] of tables.entries()) {
    const dated = new Set(table.rates.map((period) => period.jurisdiction));
    let scope: Map<string, string> | undefined;
    for (const jurisdiction of table.jurisdictions) {
      let key = jurisdiction.id;
      // A table that names an id an earlier table dates, with rates of its own given inline (an
      // imported ZIP table's state, `US-CA`, over the embedded `US-CA`), keeps its definition to
      // its own locations: the earlier table's locations keep their definition and periods (the
      // embedded state rate, with its note, for a ZIP the import does not cover). One id either
      // way, so reports never split the state. A table that dates the id itself replaces it.
      if (!dated.has(key) && (periods.get(key)?.length ?? 0) > 0) {
        key = `${jurisdiction.id}\u0000${position}`;
        scope ??= new Map();
        scope.set(jurisdiction.id, key);
      }
      jurisdictions.set(key, frozenCopy(jurisdiction));
      periods.set(key, []);
    }
    if (scope !== undefined) scopes.set(position, scope);
    for (const period of table.rates) {
      const list = periods.get(period.jurisdiction);
      if (list === undefined) {
        throw new TaxError(
          'INVALID_VALUE',
          `Rate table "${table.name}": rate for unknown jurisdiction "${period.jurisdiction}".`,
        );
      }
      list.push(period);
    }
    for (const location of table.locations) {
      addEntry(entries, table, position, location, days);
      if (++units % STEP_UNITS === 0) yield;
    }
  }

  // Taxability rules hang on regions; a jurisdiction without a region of its own takes the
  // state or province of the first location key that names it.
  const firstKey = new Map<string, string>();
  for (const [key, list] of entries) {
    for (const entry of list)
      for (const id of entry.location.jurisdictions) if (!firstKey.has(id)) firstKey.set(id, key);
    if (++units % STEP_UNITS === 0) yield;
  }
  const rules = createRuleResolver(compileTaxability(tables.map((table) => table.taxability ?? [])), (id) =>
    firstKey.get(id),
  );
  const interner = createInterner();
  const compiled = new Map<string, CompiledPeriod[]>();
  for (const [id, list] of periods) {
    compiled.set(id, compilePeriods(jurisdictions.get(id) as JurisdictionDef, list, interner, rules));
    if (++units % STEP_UNITS === 0) yield;
  }

  const keys = new Map<string, KeyTimeline>();
  for (const [key, list] of entries) {
    keys.set(key, buildTimeline(key, list, jurisdictions, scopes, compiled, interner, rules));
    if (++units % STEP_UNITS === 0) yield;
  }

  // The SST files' address-level index (compiled only when a table carries SST rows).
  const sst = tables.some((table) => table.sst !== undefined)
    ? yield* compileSstIndex(tables, { interner, rules, jurisdictions })
    : undefined;
  yield;

  const tableIds = options.tableIds ?? tables.map(hashRateTable);
  if (tableIds.length !== tables.length) {
    throw new TaxError('INVALID_VALUE', 'compileRateIndex: tableIds must name every table, in order.');
  }
  return Object.freeze({
    snapshot: snapshotId(tableIds),
    tableIds: Object.freeze([...tableIds]),
    tables: Object.freeze(
      tables.map((table) =>
        Object.freeze({ name: table.name, source: table.source, effectiveDate: table.effectiveDate }),
      ),
    ),
    keys,
    // By their own ids: a definition kept to its table (above) is not listed a second time.
    jurisdictions: new Map([...jurisdictions].filter(([key]) => !key.includes('\u0000'))),
    ...(sst === undefined ? {} : { sst }),
  });
}

function addEntry(
  entries: Map<string, KeyEntry[]>,
  table: RateTable,
  position: number,
  location: LocationDef,
  days: Map<string, number>,
): void {
  if (location.rates !== undefined && location.rates.length !== location.jurisdictions.length) {
    throw new TaxError(
      'INVALID_VALUE',
      `Rate table "${table.name}": location "${location.key}" gives ${location.rates.length} rates for ${location.jurisdictions.length} jurisdictions.`,
    );
  }
  let from = BEGINNING;
  if (location.from !== undefined) {
    from = days.get(location.from) ?? parseDay(location.from);
    days.set(location.from, from);
  }
  const entry: KeyEntry = { from, location, table: position };
  const list = entries.get(location.key);
  if (list === undefined || from === BEGINNING) {
    entries.set(location.key, [entry]);
    return;
  }
  const same = list.findIndex((existing) => existing.from === from);
  if (same === -1) list.push(entry);
  else list[same] = entry;
}

/**
 * A frozen copy of `jurisdiction`, made property by property rather than by a spread: V8 gave
 * every frozen spread copy a hidden class of its own, so with the 22,000 jurisdictions of a
 * nationwide table each read of a field (a line's name, rate type, note…) missed the inline
 * caches, and calculations on an imported table ran at about half the speed. Copies made this
 * way share one class per shape. A "__proto__" key is defined, as a spread would, not assigned.
 */
function frozenCopy(jurisdiction: JurisdictionDef): JurisdictionDef {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(jurisdiction)) {
    const value = (jurisdiction as unknown as Record<string, unknown>)[key];
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
    else copy[key] = value;
  }
  return Object.freeze(copy) as unknown as JurisdictionDef;
}

/**
 * The key's timeline: each entry covers its own window (from its date to the next entry's).
 * Inside a window, an entry with inline rates is one segment; an entry without them is cut at
 * every period boundary of its jurisdictions. Consecutive equal segments merge.
 */
function buildTimeline(
  key: string,
  list: readonly KeyEntry[],
  jurisdictions: ReadonlyMap<string, JurisdictionDef>,
  scopes: ReadonlyMap<number, ReadonlyMap<string, string>>,
  compiled: ReadonlyMap<string, readonly CompiledPeriod[]>,
  interner: Interner,
  rules: RuleResolver,
): KeyTimeline {
  const sorted = [...list].sort((a, b) => a.from - b.from);
  const days: number[] = [];
  const segments: (readonly ResolvedRate[])[] = [];
  const push = (day: number, segment: readonly ResolvedRate[]) => {
    if (segments.length > 0 && segments[segments.length - 1] === segment) return;
    days.push(day);
    segments.push(segment);
  };
  sorted.forEach((entry, position) => {
    const end = sorted[position + 1]?.from ?? OPEN_END;
    const { location } = entry;
    const scope = scopes.get(entry.table);
    const ids = scope === undefined ? location.jurisdictions : location.jurisdictions.map((id) => scope.get(id) ?? id);
    const defs = ids.map((id) => {
      const def = jurisdictions.get(id);
      if (def === undefined) {
        throw new TaxError('INVALID_VALUE', `Location "${key}" names unknown jurisdiction "${id}".`);
      }
      return def;
    });
    if (location.rates !== undefined) {
      const rates = location.rates;
      // Inline rates have no periods of their own: cut the entry's window where the rules change.
      const ruleCuts = new Set<number>();
      for (const def of defs) for (const day of rules.cuts(def, entry.from, end)) ruleCuts.add(day);
      for (const day of [entry.from, ...[...ruleCuts].sort((a, b) => a - b)]) {
        push(
          day,
          interner.segment(defs.map((def, index) => interner.rate(def, rates[index] as string, rules.at(def, day)))),
        );
      }
      return;
    }
    const perJurisdiction = ids.map((id) => compiled.get(id) as readonly CompiledPeriod[]);
    const cuts = new Set<number>(entry.from === BEGINNING ? [] : [entry.from]);
    for (const periods of perJurisdiction) {
      for (const period of periods) {
        if (period.from > entry.from && period.from < end) cuts.add(period.from);
        if (period.to !== OPEN_END && period.to > entry.from && period.to < end) cuts.add(period.to);
      }
    }
    for (const day of [...cuts].sort((a, b) => a - b)) {
      push(
        day,
        interner.segment(
          perJurisdiction.flatMap((periods) => {
            const active = periods.find((period) => period.from <= day && day < period.to);
            return active === undefined ? [] : [active.rate];
          }),
        ),
      );
    }
  });
  return interner.timeline(days, segments);
}
