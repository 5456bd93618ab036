import { TaxError } from '../errors.ts';
import { parseRate } from '../money/parse-rate.ts';
import { checkExactPartials } from '../taxability/check-exact-partials.ts';
import type { CompiledCategoryRule } from '../taxability/compiled-category-rule.ts';
import type { RuleResolver } from '../taxability/rule-resolver.ts';
import { parseDay } from './day-number.ts';
import type { KeyTimeline, ResolvedRate } from './key-timeline.ts';
import type { JurisdictionDef, RatePeriod } from './rate-table.ts';

/**
 * The shared pieces of compiling rates (compile-rate-index.ts, compile-sst-index.ts): a
 * jurisdiction's periods, and the interner that hands out one frozen object per distinct rate,
 * rate set and timeline.
 *
 * @module
 */

/** One compiled period of a jurisdiction: in force from `from` until `to` (days, exclusive). */
export interface CompiledPeriod {
  readonly from: number;
  readonly to: number;
  readonly rate: ResolvedRate;
}

/** The end of an open period. */
export const OPEN_END = 2_147_483_647;
/** A key with no period at all: nothing in force on any day. */
export const EMPTY_TIMELINE: KeyTimeline = Object.freeze({
  from: OPEN_END,
  rates: Object.freeze([]),
  previous: undefined,
});
/** Hands out one shared frozen object per distinct rate, rate set and timeline. */
export interface Interner {
  rate(
    jurisdiction: JurisdictionDef,
    rate: string,
    categories: ReadonlyMap<string, CompiledCategoryRule> | undefined,
  ): ResolvedRate;
  register(rate: ResolvedRate): void;
  segment(rates: readonly ResolvedRate[]): readonly ResolvedRate[];
  timeline(days: readonly number[], segments: readonly (readonly ResolvedRate[])[]): KeyTimeline;
}

export function createInterner(): Interner {
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
export function compilePeriods(
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
