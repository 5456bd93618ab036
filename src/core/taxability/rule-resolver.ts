import type { JurisdictionDef } from '../rates/rate-table.ts';
import type { CompiledCategoryRule } from './compiled-category-rule.ts';
import { holidayLayer, type RuleRole, type TaxabilityIndex } from './compile-taxability.ts';
import { overlaySpans } from './overlay-spans.ts';
import { regionOfKey } from './region-of-key.ts';
import { createScopedPatterns } from './scoped-patterns.ts';
import { type RuledSpan, splitByRules } from './split-by-rules.ts';

/** What the rate compiler asks of the taxability rules, per jurisdiction. */
export interface RuleResolver {
  /** The jurisdiction's period `[from, to)` cut where its rules change, each part with its rules (`own` on top). */
  spans(
    jurisdiction: JurisdictionDef,
    from: number,
    to: number,
    own: ReadonlyMap<string, CompiledCategoryRule> | undefined,
  ): RuledSpan[];
  /** The rules in force for the jurisdiction on `day` (for rates given inline at a location). */
  at(jurisdiction: JurisdictionDef, day: number): ReadonlyMap<string, CompiledCategoryRule> | undefined;
  /** The days strictly inside `(from, to)` on which the jurisdiction's rules change. */
  cuts(jurisdiction: JurisdictionDef, from: number, to: number): number[];
}

/**
 * Binds compiled rules to jurisdictions. A jurisdiction's region is its own `region`; else
 * `<country>-<subdivision>` when an import set its subdivision; else its country when it is
 * COUNTRY-level; else the state or province of the first location key that names it
 * (`keyOf(id)`: "US-TX-75001" → "US-TX"). COUNTRY and STATE jurisdictions take a rule's
 * treatment, the others its local treatment. The region's sales tax holidays are laid on its
 * year-round rules during their dates; rules scoped to the jurisdiction's id (or an id prefix)
 * are laid on top of both, most specific last, so a county that opts out of a holiday is one
 * scoped rule.
 */
export function createRuleResolver(index: TaxabilityIndex, keyOf: (id: string) => string | undefined): RuleResolver {
  const shared = new Map<string, ReadonlyMap<string, CompiledCategoryRule>>();
  const merged = new WeakMap();
  const scopedPatterns = createScopedPatterns(index);
  const regionOf = (jurisdiction: JurisdictionDef): string | undefined => {
    if (jurisdiction.region !== undefined) return jurisdiction.region;
    if (jurisdiction.subdivision !== undefined) return `${jurisdiction.country}-${jurisdiction.subdivision}`;
    if (jurisdiction.level === 'COUNTRY') return jurisdiction.country;
    const key = keyOf(jurisdiction.id);
    return key === undefined ? undefined : regionOfKey(key);
  };
  const roleOf = (jurisdiction: JurisdictionDef): RuleRole =>
    jurisdiction.level === 'COUNTRY' || jurisdiction.level === 'STATE' ? 'primary' : 'local';
  const spans: RuleResolver['spans'] = (jurisdiction, from, to, own) => {
    const region = regionOf(jurisdiction);
    const note = jurisdiction.note ?? '';
    let result: RuledSpan[] =
      region === undefined
        ? [{ from, to, categories: own }]
        : splitByRules(index, region, roleOf(jurisdiction), from, to, note, own, shared);
    const holidays = region === undefined ? undefined : holidayLayer(region);
    if (holidays !== undefined && index.has(holidays)) {
      const layer = splitByRules(index, holidays, roleOf(jurisdiction), from, to, note, undefined, shared);
      result = overlaySpans(result, layer, own, merged);
    }
    for (const pattern of scopedPatterns(jurisdiction.id)) {
      const scoped = splitByRules(index, pattern, 'primary', from, to, note, undefined, shared);
      result = overlaySpans(result, scoped, own, merged);
    }
    return result;
  };
  return {
    spans,
    at: (jurisdiction, day) => spans(jurisdiction, day, day + 1, undefined)[0]?.categories,
    cuts(jurisdiction, from, to) {
      const region = regionOf(jurisdiction);
      const days = [...(region === undefined ? [] : (index.get(region)?.days ?? []))];
      if (region !== undefined) days.push(...(index.get(holidayLayer(region))?.days ?? []));
      for (const pattern of scopedPatterns(jurisdiction.id)) days.push(...(index.get(pattern)?.days ?? []));
      const inside = days.filter((day) => day > from && day < to);
      return [...new Set(inside)].sort((a, b) => a - b);
    },
  };
}
