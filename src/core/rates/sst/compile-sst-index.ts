import { type CompiledPeriod, compilePeriods, type Interner, OPEN_END } from '../compile-periods.ts';
import type { RuleResolver } from '../../taxability/rule-resolver.ts';
import { formatDay } from '../format-day.ts';
import type { ResolvedRate } from '../key-timeline.ts';
import type { CategoryRule, JurisdictionDef, JurisdictionLevel, RatePeriod, RateTable } from '../rate-table.ts';
import { sstDay, sstEndDay } from './sst-day.ts';
import type { SstFile, SstRateRow } from './sst-file.ts';
import type { SstStateIndex } from './sst-state-index.ts';
import { unpackSstAddresses, unpackSstRanges } from './unpack-sst-ranges.ts';

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
 * has both. A generator that pauses between the steps of each state, so a server compiles a
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

function* compileState(
  ratesFile: SstFile,
  boundaryFile: SstFile,
  helpers: Helpers,
): Generator<undefined, SstStateIndex, undefined> {
  const { state, stateFips } = boundaryFile;
  const rateRows = new Map<string, SstRateRow[]>();
  for (const row of ratesFile.rates ?? []) {
    const list = rateRows.get(row[1]);
    if (list === undefined) rateRows.set(row[1], [row]);
    else list.push(row);
  }
  const embedded = helpers.jurisdictions.get(`US-${state}`);
  const stateName = embedded?.name ?? state;
  // Each jurisdiction's compiled periods, by level, code and SER code: a nationwide import names
  // about a hundred thousand sets of a few thousand jurisdictions, so no key is built per set.
  const compiled = new Map<string, Map<string, Map<string, readonly CompiledPeriod[]>>>();
  const periodsOf = (level: Exclude<JurisdictionLevel, 'COUNTRY'>, code: string, ser: string) => {
    let byCode = compiled.get(level);
    if (byCode === undefined) {
      byCode = new Map();
      compiled.set(level, byCode);
    }
    let bySer = byCode.get(code);
    if (bySer === undefined) {
      bySer = new Map();
      byCode.set(code, bySer);
    }
    let periods = bySer.get(ser);
    if (periods === undefined) {
      const id = level === 'STATE' ? `US-${state}` : `US-${state}:${level}:${code}`;
      const name =
        level === 'STATE'
          ? stateName
          : level === 'COUNTY'
            ? (boundaryFile.countyNames?.[code] ?? `County ${code}`)
            : `${level === 'CITY' ? 'City' : 'District'} ${code}`;
      const def: JurisdictionDef = Object.freeze({
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
      periods = Object.freeze(
        compilePeriods(def, ratePeriods(rateRows.get(code) ?? []), helpers.interner, helpers.rules),
      );
      bySer.set(ser, periods);
    }
    return periods;
  };

  const packed = boundaryFile.boundaries ?? { sets: [], dates: [], zip5: '', plus4: '', addresses: '', words: [] };
  const memberPeriods: (readonly CompiledPeriod[])[] = [];
  const memberStart = new Uint32Array(packed.sets.length + 1);
  packed.sets.forEach(([ser, stateTax, county, place, districts], set) => {
    if (stateTax === 1) memberPeriods.push(periodsOf('STATE', stateFips, ''));
    if (county !== '') memberPeriods.push(periodsOf('COUNTY', county, ser));
    if (place !== '') memberPeriods.push(periodsOf('CITY', place, ser));
    for (const code of districts) memberPeriods.push(periodsOf('DISTRICT', code, ser));
    memberStart[set + 1] = memberPeriods.length;
  });
  yield;
  const what = (layer: string) =>
    `The ${layer} layer of the stored SST boundary file of ${state} (${boundaryFile.quarter})`;
  const plus4 = unpackSstRanges(packed.plus4, packed, what('ZIP+4'));
  yield;
  const zip5 = unpackSstRanges(packed.zip5, packed, what('ZIP5'));
  const addresses = unpackSstAddresses(packed.addresses, packed, what('address'));
  return Object.freeze({
    state,
    boundaryQuarter: boundaryFile.quarter,
    rateQuarter: ratesFile.quarter,
    plus4,
    zip5,
    addresses,
    memberPeriods: Object.freeze(memberPeriods),
    memberStart,
    spanRates: new Array<readonly ResolvedRate[] | undefined>(packed.sets.length),
    spanFrom: new Int32Array(packed.sets.length),
    spanTo: new Int32Array(packed.sets.length),
  });
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
    const from = sstDay(row[4]);
    const to = sstEndDay(row[5]);
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
