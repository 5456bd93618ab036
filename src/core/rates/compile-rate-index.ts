import { TaxError } from '../errors.ts';
import { parseRate } from '../money/parse-rate.ts';
import { parseDay } from './day-number.ts';
import { hashRateTable } from './hash-rate-table.ts';
import type { CompiledCategoryRule, KeyTimeline, RateIndex, ResolvedRate } from './rate-index.ts';
import type { JurisdictionDef, LocationDef, RatePeriod, RateTable } from './rate-table.ts';
import { snapshotId } from './snapshot-id.ts';

interface CompiledPeriod {
  readonly from: number;
  readonly to: number;
  readonly rate: ResolvedRate;
}

/** One location entry, parsed: where it starts and what it names. */
interface KeyEntry {
  readonly from: number;
  readonly location: LocationDef;
}

const OPEN_END = 2_147_483_647;
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
 * or undated location key defined again replaces the earlier definition, which is how an
 * imported local-rate table layers over the embedded defaults. Dated location entries (monthly
 * vintages) sit side by side, each in force from its date until the key's next dated entry.
 * Every rate is parsed exactly and every reference checked here, once, so the hot path never
 * validates.
 *
 * Identical rates, rate sets and whole timelines are compiled to one shared frozen object each:
 * tens of thousands of ZIPs share a few thousand timelines, which keeps the index small and the
 * lookup's memory accesses few.
 */
export function compileRateIndex(input: RateTable | readonly RateTable[], options: CompileOptions = {}): RateIndex {
  const tables: readonly RateTable[] = Array.isArray(input) ? input : [input as RateTable];
  const jurisdictions = new Map<string, JurisdictionDef>();
  const periods = new Map<string, RatePeriod[]>();
  const entries = new Map<string, KeyEntry[]>();
  for (const table of tables) {
    for (const jurisdiction of table.jurisdictions) {
      jurisdictions.set(jurisdiction.id, Object.freeze({ ...jurisdiction }));
      periods.set(jurisdiction.id, []);
    }
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
    for (const location of table.locations) addEntry(entries, table, location);
  }

  const interner = createInterner();
  const compiled = new Map<string, CompiledPeriod[]>();
  for (const [id, list] of periods) {
    compiled.set(id, compilePeriods(jurisdictions.get(id) as JurisdictionDef, list, interner));
  }

  const keys = new Map<string, KeyTimeline>();
  for (const [key, list] of entries) {
    keys.set(key, buildTimeline(key, list, jurisdictions, compiled, interner));
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
    jurisdictions,
  });
}

function addEntry(entries: Map<string, KeyEntry[]>, table: RateTable, location: LocationDef): void {
  if (location.rates !== undefined && location.rates.length !== location.jurisdictions.length) {
    throw new TaxError(
      'INVALID_VALUE',
      `Rate table "${table.name}": location "${location.key}" gives ${location.rates.length} rates for ${location.jurisdictions.length} jurisdictions.`,
    );
  }
  const from = location.from === undefined ? BEGINNING : parseDay(location.from);
  const entry: KeyEntry = { from, location };
  const list = entries.get(location.key);
  if (list === undefined || from === BEGINNING) {
    entries.set(location.key, [entry]);
    return;
  }
  const same = list.findIndex((existing) => existing.from === from);
  if (same === -1) list.push(entry);
  else list[same] = entry;
}

/** Hands out one shared frozen object per distinct rate, rate set and timeline. */
interface Interner {
  rate(jurisdiction: JurisdictionDef, rate: string): ResolvedRate;
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
  const register = (rate: ResolvedRate) => {
    if (!rateIds.has(rate)) rateIds.set(rate, rateIds.size);
  };
  return {
    register,
    rate(jurisdiction, rate) {
      const key = `${jurisdiction.id}\u0000${rate}`;
      let resolved = inlineRates.get(key);
      if (resolved === undefined) {
        resolved = Object.freeze({ jurisdiction, rate, units: parseRate(rate), feeMinor: 0, categories: undefined });
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
      const key = `${days.join(',')}|${list.map((segment) => segmentIds.get(segment)).join(',')}`;
      let shared = timelines.get(key);
      if (shared === undefined) {
        shared = Object.freeze({ days: Int32Array.from(days), segments: Object.freeze([...list]) });
        timelines.set(key, shared);
      }
      return shared;
    },
  };
}

function compilePeriods(
  jurisdiction: JurisdictionDef,
  list: readonly RatePeriod[],
  interner: Interner,
): CompiledPeriod[] {
  const result = list
    .map((period): CompiledPeriod => {
      const from = parseDay(period.from);
      const to = period.to === undefined ? OPEN_END : parseDay(period.to);
      if (to <= from) {
        throw new TaxError(
          'INVALID_VALUE',
          `Jurisdiction "${jurisdiction.id}": period ${period.from}..${period.to} is empty.`,
        );
      }
      const rate: ResolvedRate = Object.freeze({
        jurisdiction,
        rate: period.rate,
        units: parseRate(period.rate),
        feeMinor: period.feeMinor ?? 0,
        categories: compileCategories(period),
      });
      interner.register(rate);
      return { from, to, rate };
    })
    .sort((a, b) => a.from - b.from);
  for (let index = 1; index < result.length; index += 1) {
    if ((result[index] as CompiledPeriod).from < (result[index - 1] as CompiledPeriod).to) {
      throw new TaxError('INVALID_VALUE', `Jurisdiction "${jurisdiction.id}" has overlapping rate periods.`);
    }
  }
  return result;
}

function compileCategories(period: RatePeriod): ReadonlyMap<string, CompiledCategoryRule> | undefined {
  if (period.categories === undefined) return undefined;
  const map = new Map<string, CompiledCategoryRule>();
  for (const [category, rule] of Object.entries(period.categories)) {
    map.set(category, Object.freeze({ rate: rule.rate, units: parseRate(rule.rate), note: rule.note }));
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
  compiled: ReadonlyMap<string, readonly CompiledPeriod[]>,
  interner: Interner,
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
    const defs = location.jurisdictions.map((id) => {
      const def = jurisdictions.get(id);
      if (def === undefined) {
        throw new TaxError('INVALID_VALUE', `Location "${key}" names unknown jurisdiction "${id}".`);
      }
      return def;
    });
    if (location.rates !== undefined) {
      const rates = location.rates;
      push(entry.from, interner.segment(defs.map((def, index) => interner.rate(def, rates[index] as string))));
      return;
    }
    const perJurisdiction = defs.map((def) => compiled.get(def.id) as readonly CompiledPeriod[]);
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
