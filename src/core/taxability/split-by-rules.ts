import type { CompiledCategoryRule } from './compiled-category-rule.ts';
import type { RuleRole, TaxabilityIndex } from './compile-taxability.ts';

/** A part of a rate period during which the same category rules are in force. */
export interface RuledSpan {
  readonly from: number;
  readonly to: number;
  readonly categories: ReadonlyMap<string, CompiledCategoryRule> | undefined;
}

const EMPTY: ReadonlyMap<string, CompiledCategoryRule> = new Map();

/**
 * Cuts the days `[from, to)` of one jurisdiction's rate period wherever its region's rules
 * change, and gives each part the category rules of that time: the region's rules for `role`,
 * with `own` (the period's explicit `categories`) on top, each note followed by the
 * jurisdiction's own note (so "state level only" is never lost when a rule applies). `cache`
 * shares identical maps between jurisdictions: a large imported table has thousands of local
 * jurisdictions per state but only a few distinct notes.
 */
export function splitByRules(
  index: TaxabilityIndex,
  region: string,
  role: RuleRole,
  from: number,
  to: number,
  jurisdictionNote: string,
  own: ReadonlyMap<string, CompiledCategoryRule> | undefined,
  cache: Map<string, ReadonlyMap<string, CompiledCategoryRule>>,
): RuledSpan[] {
  const rules = index.get(region);
  if (rules === undefined) return [{ from, to, categories: own }];
  const spans: RuledSpan[] = [];
  let start = from;
  while (start < to) {
    // The rule segment in force on `start`, and where it ends.
    let segment = -1;
    for (let at = 0; at < rules.days.length && (rules.days[at] as number) <= start; at += 1) segment = at;
    const next = segment + 1 < rules.days.length ? (rules.days[segment + 1] as number) : to;
    const end = next < to ? next : to;
    spans.push({ from: start, to: end, categories: categoriesOf(segment) });
    start = end;
  }
  return spans;

  function categoriesOf(segment: number): ReadonlyMap<string, CompiledCategoryRule> | undefined {
    if (segment < 0 || rules === undefined) return own;
    const regional = (role === 'primary' ? rules.primary : rules.local)[segment] ?? EMPTY;
    if (regional.size === 0) return own;
    const key = `${region}\u0000${role}\u0000${segment}\u0000${jurisdictionNote}`;
    let shared = own === undefined ? cache.get(key) : undefined;
    if (shared === undefined) {
      const map = new Map<string, CompiledCategoryRule>();
      for (const [category, rule] of regional) map.set(category, withNote(rule, jurisdictionNote));
      if (own !== undefined) for (const [category, rule] of own) map.set(category, rule);
      shared = map;
      if (own === undefined) cache.set(key, shared);
    }
    return shared;
  }
}

function withNote(rule: CompiledCategoryRule, jurisdictionNote: string): CompiledCategoryRule {
  if (jurisdictionNote === '') return rule;
  return Object.freeze({
    ...rule,
    note: `${rule.note} ${jurisdictionNote}`,
    noteNotApplied: `${rule.noteNotApplied} ${jurisdictionNote}`,
  });
}
