import { TaxError } from '../errors.ts';
import { parseRate } from '../money/parse-rate.ts';
import type { CompiledCategoryRule } from '../taxability/compiled-category-rule.ts';
import { compileTaxability, type TaxabilityIndex } from '../taxability/compile-taxability.ts';
import { checkExactPartials } from '../taxability/check-exact-partials.ts';
import { regionOfKey } from '../taxability/region-of-key.ts';
import { splitByRules } from '../taxability/split-by-rules.ts';
import { parseDay } from './day-number.ts';
import { hashText } from './hash-text.ts';
import type { KeyTimeline, RateIndex, ResolvedRate } from './rate-index.ts';
import type { JurisdictionDef, RatePeriod, RateTable } from './rate-table.ts';

interface CompiledPeriod {
  readonly from: number;
  readonly to: number;
  readonly rate: ResolvedRate;
}

const OPEN_END = 2_147_483_647;

/**
 * Compiles rate tables into an immutable {@link RateIndex}. Later tables win: a jurisdiction
 * or location key defined again replaces the earlier definition, which is how an imported
 * local-rate table layers over the embedded defaults. Every rate is parsed exactly and every
 * reference checked here, once, so the hot path never validates.
 */
export function compileRateIndex(input: RateTable | readonly RateTable[]): RateIndex {
  const tables: readonly RateTable[] = Array.isArray(input) ? input : [input as RateTable];
  const jurisdictions = new Map<string, JurisdictionDef>();
  const periods = new Map<string, RatePeriod[]>();
  const locations = new Map<string, readonly string[]>();
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
    for (const location of table.locations) locations.set(location.key, location.jurisdictions);
  }

  // Taxability rules hang on regions, so each jurisdiction needs one: its own, its country's,
  // or the state/province of the location keys that name it.
  const taxability = compileTaxability(tables.map((table) => table.taxability ?? []));
  const keyRegions = new Map<string, string>();
  for (const [key, ids] of locations) {
    for (const id of ids) if (!keyRegions.has(id)) keyRegions.set(id, regionOfKey(key));
  }
  const shared = new Map<string, ReadonlyMap<string, CompiledCategoryRule>>();
  const compiled = new Map<string, CompiledPeriod[]>();
  for (const [id, list] of periods) {
    const jurisdiction = jurisdictions.get(id) as JurisdictionDef;
    const region =
      jurisdiction.region ?? (jurisdiction.level === 'COUNTRY' ? jurisdiction.country : keyRegions.get(id));
    compiled.set(id, compilePeriods(jurisdiction, list, taxability, region, shared));
  }

  const keys = new Map<string, KeyTimeline>();
  for (const [key, ids] of locations) {
    const perJurisdiction = ids.map((id) => {
      const list = compiled.get(id);
      if (list === undefined) {
        throw new TaxError('INVALID_VALUE', `Location "${key}" names unknown jurisdiction "${id}".`);
      }
      return list;
    });
    keys.set(key, buildTimeline(perJurisdiction));
  }

  return Object.freeze({
    snapshot: hashText(JSON.stringify(tables)),
    tables: Object.freeze(
      tables.map((table) =>
        Object.freeze({ name: table.name, source: table.source, effectiveDate: table.effectiveDate }),
      ),
    ),
    keys,
    jurisdictions,
  });
}

/**
 * A jurisdiction's periods, each cut wherever its region's taxability rules change, so every
 * compiled period carries the category rules of its whole span.
 */
function compilePeriods(
  jurisdiction: JurisdictionDef,
  list: readonly RatePeriod[],
  taxability: TaxabilityIndex,
  region: string | undefined,
  shared: Map<string, ReadonlyMap<string, CompiledCategoryRule>>,
): CompiledPeriod[] {
  const role = jurisdiction.level === 'COUNTRY' || jurisdiction.level === 'STATE' ? 'primary' : 'local';
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
      const spans =
        region === undefined
          ? [{ from, to, categories: own }]
          : splitByRules(taxability, region, role, from, to, jurisdiction.note ?? '', own, shared);
      return spans.map((span) => {
        checkExactPartials(jurisdiction.id, period.rate, units, span.categories);
        const rate: ResolvedRate = Object.freeze({
          jurisdiction,
          rate: period.rate,
          units,
          feeMinor: period.feeMinor ?? 0,
          categories: span.categories,
        });
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

/** Cuts time at every period boundary of the key's jurisdictions; one frozen segment per cut. */
function buildTimeline(perJurisdiction: readonly (readonly CompiledPeriod[])[]): KeyTimeline {
  const cuts = new Set<number>();
  for (const list of perJurisdiction) {
    for (const period of list) {
      cuts.add(period.from);
      if (period.to !== OPEN_END) cuts.add(period.to);
    }
  }
  const days = Int32Array.from([...cuts].sort((a, b) => a - b));
  const segments = Array.from(days, (day) =>
    Object.freeze(
      perJurisdiction.flatMap((list) => {
        const active = list.find((period) => period.from <= day && day < period.to);
        return active === undefined ? [] : [active.rate];
      }),
    ),
  );
  return Object.freeze({ days, segments: Object.freeze(segments) });
}
