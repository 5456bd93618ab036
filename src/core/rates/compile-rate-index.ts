import { TaxError } from '../errors.ts';
import { parseRate } from '../money/parse-rate.ts';
import { checkExactPartials } from '../taxability/check-exact-partials.ts';
import type { CompiledCategoryRule } from '../taxability/compiled-category-rule.ts';
import { compileTaxability } from '../taxability/compile-taxability.ts';
import { createRuleResolver, type RuleResolver } from '../taxability/rule-resolver.ts';
import { parseDay } from './day-number.ts';
import { hashRateTable } from './hash-rate-table.ts';
import type { KeyTimeline, RateIndex, ResolvedRate } from './rate-index.ts';
import type { JurisdictionDef, LocationDef, RatePeriod, RateTable } from './rate-table.ts';
import { snapshotId } from './snapshot-id.ts';

interface CompiledPeriod {
  readonly from: number;
  readonly to: number;
  readonly rate: ResolvedRate;
}

/** One location entry, parsed: where it starts, what it names, and the table (its index) it came from. */
interface KeyEntry {
  readonly from: number;
  readonly location: LocationDef;
  readonly table: number;
}

const OPEN_END = 2_147_483_647;
/** A key with no period at all: nothing in force on any day. */
const EMPTY_TIMELINE: KeyTimeline = Object.freeze({ from: OPEN_END, rates: Object.freeze([]), previous: undefined });
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

/** Hands out one shared frozen object per distinct rate, rate set and timeline. */
interface Interner {
  rate(
    jurisdiction: JurisdictionDef,
    rate: string,
    categories: ReadonlyMap<string, CompiledCategoryRule> | undefined,
  ): ResolvedRate;
  register(rate: ResolvedRate): void;
  segment(rates: readonly ResolvedRate[]): readonly ResolvedRate[];
  timeline(days: readonly number[], segments: readonly (readonly ResolvedRate[])[]): KeyTimeline;
}

function createInterner(): Interner {
  const rateIds = new Map<ResolvedRate, number>();
  const inlineRates = new Map<string, ResolvedRate>();
  const segments = new Map<string, readonly ResolvedRate[]>();
  const segmentIds = new Map<readonly ResolvedRate[], number>();
  const timelines = new Map<string, KeyTimeline>();
  const categoryIds = new Map<ReadonlyMap<string, CompiledCategoryRule>, number>();
  const register = (rate: ResolvedRate) => {
    if (!rateIds.has(rate)) rateIds.set(rate, rateIds.size);
  };
  return {
    register,
    rate(jurisdiction, rate, categories) {
      let rules = '';
      if (categories !== undefined) {
        if (!categoryIds.has(categories)) categoryIds.set(categories, categoryIds.size);
        rules = String(categoryIds.get(categories));
      }
      const key = `${jurisdiction.id}\u0000${rate}\u0000${rules}`;
      let resolved = inlineRates.get(key);
      if (resolved === undefined) {
        const units = parseRate(rate);
        checkExactPartials(jurisdiction.id, rate, units, categories);
        resolved = Object.freeze({ jurisdiction, rate, units, feeMinor: 0, categories });
        inlineRates.set(key, resolved);
        register(resolved);
      }
      return resolved;
    },
    segment(rates) {
      const key = rates.map((rate) => rateIds.get(rate)).join(',');
      let shared = segments.get(key);
      if (shared === undefined) {
        shared = Object.freeze([...rates]);
        segments.set(key, shared);
        segmentIds.set(shared, segmentIds.size);
      }
      return shared;
    },
    timeline(days, list) {
      // Built oldest first, so each node's key names its whole history through `previous`.
      let node: KeyTimeline | undefined;
      let nodeKey = '';
      days.forEach((from, position) => {
        const rates = list[position] as readonly ResolvedRate[];
        nodeKey = `${nodeKey}|${from}:${segmentIds.get(rates)}`;
        let shared = timelines.get(nodeKey);
        if (shared === undefined) {
          shared = Object.freeze({ from, rates, previous: node });
          timelines.set(nodeKey, shared);
        }
        node = shared;
      });
      return node ?? EMPTY_TIMELINE;
    },
  };
}

/**
 * A jurisdiction's periods, each cut wherever its region's taxability rules change, so every
 * compiled period carries the category rules of its whole span.
 */
function compilePeriods(
  jurisdiction: JurisdictionDef,
  list: readonly RatePeriod[],
  interner: Interner,
  rules: RuleResolver,
): CompiledPeriod[] {
  const result = list
    .flatMap((period): CompiledPeriod[] => {
      const from = parseDay(period.from);
      const to = period.to === undefined ? OPEN_END : parseDay(period.to);
      if (to <= from) {
        throw new TaxError(
          'INVALID_VALUE',
          `Jurisdiction "${jurisdiction.id}": period ${period.from}..${period.to} is empty.`,
        );
      }
      const units = parseRate(period.rate);
      const own = compileCategories(period, jurisdiction);
      return rules.spans(jurisdiction, from, to, own).map((span) => {
        checkExactPartials(jurisdiction.id, period.rate, units, span.categories);
        const rate: ResolvedRate = Object.freeze({
          jurisdiction,
          rate: period.rate,
          units,
          feeMinor: period.feeMinor ?? 0,
          categories: span.categories,
        });
        interner.register(rate);
        return { from: span.from, to: span.to, rate };
      });
    })
    .sort((a, b) => a.from - b.from);
  for (let index = 1; index < result.length; index += 1) {
    if ((result[index] as CompiledPeriod).from < (result[index - 1] as CompiledPeriod).to) {
      throw new TaxError('INVALID_VALUE', `Jurisdiction "${jurisdiction.id}" has overlapping rate periods.`);
    }
  }
  return result;
}

/** A period's own `categories`: reduced rates for this jurisdiction only. */
function compileCategories(
  period: RatePeriod,
  jurisdiction: JurisdictionDef,
): ReadonlyMap<string, CompiledCategoryRule> | undefined {
  if (period.categories === undefined) return undefined;
  const map = new Map<string, CompiledCategoryRule>();
  for (const [category, rule] of Object.entries(period.categories)) {
    const note = rule.note ?? jurisdiction.note ?? '';
    map.set(
      category,
      Object.freeze({
        kind: 'rate' as const,
        rate: rule.rate,
        units: parseRate(rule.rate),
        thresholdMinor: 0,
        note,
        noteNotApplied: note,
      }),
    );
  }
  return map;
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
