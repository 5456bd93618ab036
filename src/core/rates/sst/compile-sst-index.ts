import { type CompiledPeriod, compilePeriods, type Interner, OPEN_END } from '../compile-periods.ts';
import type { RuleResolver } from '../../taxability/rule-resolver.ts';
import { dayNumber } from '../day-number.ts';
import { formatDay } from '../format-day.ts';
import type { KeyTimeline, ResolvedRate } from '../rate-index.ts';
import type { CategoryRule, JurisdictionDef, JurisdictionLevel, RatePeriod, RateTable } from '../rate-table.ts';
import { SST_OPEN_END, type SstBoundaryRow, type SstDate, type SstFile, type SstRateRow } from './sst-file.ts';
import type { SstAddressRecord, SstRanges, SstStateIndex } from './sst-state-index.ts';

/**
 * The grocery categories a state's SST food/drug rate applies to, where the rate file gives a
 * jurisdiction a food rate different from its general rate (Georgia's state rate on food is 0,
 * Kansas's and Arkansas's are reduced). Where the two are equal the file says nothing about food
 * (Minnesota and Wisconsin repeat the general rate) and the state's taxability rules decide.
 */
const FOOD_CATEGORIES = [
  'FOOD_GENERAL',
  'BEVERAGES',
  'BEVERAGE_BOTTLED_WATER',
  'BEVERAGE_CARBONATED_JUICE_50_70_PERCENT',
  'BEVERAGE_CARBONATED_JUICE_70_100_PERCENT',
  'BEVERAGE_CARBONATED_JUICE_100_PERCENT',
] as const;

const RATE_TYPES: Readonly<Record<Exclude<JurisdictionLevel, 'COUNTRY'>, string>> = {
  STATE: 'STATE SALES TAX',
  COUNTY: 'COUNTY SALES TAX',
  CITY: 'CITY SALES TAX',
  DISTRICT: 'DISTRICT SALES TAX',
};

interface Helpers {
  readonly interner: Interner;
  readonly rules: RuleResolver;
  /** The jurisdictions of the other tables: the embedded `US-KS` gives the state its name. */
  readonly jurisdictions: ReadonlyMap<string, JurisdictionDef>;
}

/**
 * Compiles the SST files among `tables` into one {@link SstStateIndex} per state: the newest
 * boundary file and the newest rate file of each state (by quarter, then publication day, then
 * import order; every row keeps its own dates, so a newer file answers older days too, and an
 * older snapshot, which names the older files, is replayed with them). `undefined` when no state
 * has both. A generator that pauses every {@link STEP_ROWS} rows, so a server compiles a
 * nationwide import between requests (compileRateIndexSteps).
 */
export function* compileSstIndex(
  tables: readonly RateTable[],
  helpers: Helpers,
): Generator<undefined, ReadonlyMap<string, SstStateIndex> | undefined, undefined> {
  const newest = new Map<string, { rates?: SstFile; boundaries?: SstFile }>();
  for (const table of tables) {
    const sst = table.sst;
    if (sst === undefined) continue;
    const entry = newest.get(sst.state) ?? {};
    const current = entry[sst.kind];
    if (current === undefined || orderOf(current) <= orderOf(sst)) entry[sst.kind] = sst;
    newest.set(sst.state, entry);
  }
  const states = new Map<string, SstStateIndex>();
  for (const [state, files] of newest) {
    if (files.rates === undefined || files.boundaries === undefined) continue;
    states.set(state, yield* compileState(files.rates, files.boundaries, helpers));
  }
  return states.size === 0 ? undefined : states;
}

function orderOf(file: SstFile): string {
  return `${file.quarter}|${file.published ?? ''}`;
}

function dayOf(date: SstDate): number {
  return dayNumber(Math.floor(date / 10_000), Math.floor(date / 100) % 100, date % 100);
}

function endOf(date: SstDate): number {
  return date === SST_OPEN_END ? OPEN_END : dayOf(date) + 1;
}

/** Boundary rows compiled between two pauses: a few milliseconds. */
const STEP_ROWS = 2_048;

function* compileState(
  ratesFile: SstFile,
  boundaryFile: SstFile,
  helpers: Helpers,
): Generator<undefined, SstStateIndex, undefined> {
  const { state, stateFips } = boundaryFile;
  const rows = boundaryFile.boundaries ?? [];
  const rateRows = new Map<string, SstRateRow[]>();
  for (const row of ratesFile.rates ?? []) {
    const list = rateRows.get(row[1]);
    if (list === undefined) rateRows.set(row[1], [row]);
    else list.push(row);
  }
  const embedded = helpers.jurisdictions.get(`US-${state}`);
  const stateName = embedded?.name ?? state;
  const defs = new Map<string, JurisdictionDef>();
  const periods = new Map<JurisdictionDef, CompiledPeriod[]>();
  const jurisdiction = (level: Exclude<JurisdictionLevel, 'COUNTRY'>, code: string, ser: string) => {
    const id = level === 'STATE' ? `US-${state}` : `US-${state}:${level}:${code}`;
    const cacheKey = `${id}\u0000${ser}`;
    let def = defs.get(cacheKey);
    if (def === undefined) {
      const name =
        level === 'STATE'
          ? stateName
          : level === 'COUNTY'
            ? (boundaryFile.countyNames?.[code] ?? `County ${code}`)
            : `${level === 'CITY' ? 'City' : 'District'} ${code}`;
      def = Object.freeze({
        id,
        country: 'US',
        level,
        name,
        authorityName: level === 'STATE' ? (embedded?.authorityName ?? `${stateName} State`) : `${name}, ${state}`,
        authorityType: level,
        taxType: 'SALES' as const,
        rateType: RATE_TYPES[level],
        subdivision: state,
        fips: level === 'STATE' ? stateFips : `${stateFips}${code}`,
        ...(ser === '' || level === 'STATE' ? {} : { serCode: ser }),
      });
      defs.set(cacheKey, def);
      periods.set(def, compilePeriods(def, ratePeriods(rateRows.get(code) ?? []), helpers.interner, helpers.rules));
    }
    return def;
  };

  const setIds = new Map<string, number>();
  const sets: KeyTimeline[] = [];
  const setOf = (row: SstBoundaryRow): number => {
    const [, , , , , ser, stateTax, county, place, districts] = row;
    const key = `${stateTax}|${county}|${place}|${districts.join(',')}|${ser}`;
    let id = setIds.get(key);
    if (id === undefined) {
      const members: JurisdictionDef[] = [];
      if (stateTax === 1) members.push(jurisdiction('STATE', stateFips, ''));
      if (county !== '') members.push(jurisdiction('COUNTY', county, ser));
      if (place !== '') members.push(jurisdiction('CITY', place, ser));
      for (const code of districts) members.push(jurisdiction('DISTRICT', code, ser));
      id = sets.length;
      sets.push(
        timelineOf(
          members.map((def) => periods.get(def) as CompiledPeriod[]),
          helpers.interner,
        ),
      );
      setIds.set(key, id);
    }
    return id;
  };

  const plus4: SstBoundaryRow[] = [];
  const zip5: SstBoundaryRow[] = [];
  const plus4Sets: number[] = [];
  const zip5Sets: number[] = [];
  const addresses = new Map<number, SstAddressRecord[]>();
  let count = 0;
  for (const row of rows) {
    if (++count % STEP_ROWS === 0) yield;
    const set = setOf(row);
    if (row[0] === '4') {
      plus4.push(row);
      plus4Sets.push(set);
    } else if (row[0] === 'Z') {
      zip5.push(row);
      zip5Sets.push(set);
    } else {
      const zip = Math.floor(row[3] / 10_000);
      const record: SstAddressRecord = Object.freeze({
        low: row[3],
        high: row[4],
        begin: dayOf(row[1]),
        end: endOf(row[2]),
        set,
        street: row[10] as NonNullable<SstBoundaryRow[10]>,
      });
      const list = addresses.get(zip);
      if (list === undefined) addresses.set(zip, [record]);
      else list.push(record);
    }
  }
  return Object.freeze({
    state,
    boundaryQuarter: boundaryFile.quarter,
    rateQuarter: ratesFile.quarter,
    plus4: rangesOf(plus4, plus4Sets),
    zip5: rangesOf(zip5, zip5Sets),
    addresses,
    sets: Object.freeze(sets),
  });
}

/** The records sorted by `low` (stable: file order breaks ties) as typed arrays. */
function rangesOf(rows: SstBoundaryRow[], sets: readonly number[]): SstRanges {
  const order = rows
    .map((_, index) => index)
    .sort((a, b) => (rows[a] as SstBoundaryRow)[3] - (rows[b] as SstBoundaryRow)[3] || a - b);
  const n = order.length;
  const ranges = {
    low: new Uint32Array(n),
    high: new Uint32Array(n),
    maxHigh: new Uint32Array(n),
    begin: new Int32Array(n),
    end: new Int32Array(n),
    set: new Uint32Array(n),
  };
  let max = 0;
  order.forEach((from, to) => {
    const row = rows[from] as SstBoundaryRow;
    ranges.low[to] = row[3];
    ranges.high[to] = row[4];
    max = Math.max(max, row[4]);
    ranges.maxHigh[to] = max;
    ranges.begin[to] = dayOf(row[1]);
    ranges.end[to] = endOf(row[2]);
    ranges.set[to] = sets[from] as number;
  });
  return Object.freeze(ranges);
}

/**
 * A code's rate rows as rate periods. Rows are ordered by begin date; where a row begins before
 * the previous one ends, the later row wins from its begin date (the files restate a rate that
 * way), so the periods never overlap.
 */
function ratePeriods(rows: readonly SstRateRow[]): RatePeriod[] {
  const sorted = [...rows].sort((a, b) => a[4] - b[4]);
  const spans: { from: number; to: number; row: SstRateRow }[] = [];
  for (const row of sorted) {
    const from = dayOf(row[4]);
    const to = endOf(row[5]);
    const previous = spans[spans.length - 1];
    if (previous !== undefined && previous.to > from) {
      if (previous.from >= from) spans.pop();
      else previous.to = from;
    }
    spans.push({ from, to, row });
  }
  return spans.map(({ from, to, row }) => ({
    jurisdiction: '',
    from: formatDay(from),
    ...(to === OPEN_END ? {} : { to: formatDay(to) }),
    rate: row[2],
    ...(row[3] === row[2] ? {} : { categories: foodCategories(row[3]) }),
  }));
}

function foodCategories(rate: string): Record<string, CategoryRule> {
  const note = `Taxed at ${rate}, the food and drug rate of the state's SST rate file.`;
  return Object.fromEntries(FOOD_CATEGORIES.map((category) => [category, { rate, note }]));
}

/** The rates of a jurisdiction set over time: cut at every period boundary of its members. */
function timelineOf(members: readonly (readonly CompiledPeriod[])[], interner: Interner): KeyTimeline {
  const cuts = new Set<number>();
  for (const list of members) {
    for (const period of list) {
      cuts.add(period.from);
      if (period.to !== OPEN_END) cuts.add(period.to);
    }
  }
  const days: number[] = [];
  const segments: (readonly ResolvedRate[])[] = [];
  for (const day of [...cuts].sort((a, b) => a - b)) {
    const segment = interner.segment(
      members.flatMap((list) => {
        const active = list.find((period) => period.from <= day && day < period.to);
        return active === undefined ? [] : [active.rate];
      }),
    );
    if (segments[segments.length - 1] === segment) continue;
    days.push(day);
    segments.push(segment);
  }
  return interner.timeline(days, segments);
}
