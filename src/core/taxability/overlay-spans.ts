import type { CompiledCategoryRule } from './compiled-category-rule.ts';
import type { RuledSpan } from './split-by-rules.ts';

type CategoryMap = ReadonlyMap<string, CompiledCategoryRule>;

const NONE: CategoryMap = new Map();

/**
 * Lays the spans of a jurisdiction-scoped rule set over a jurisdiction's regional spans (both
 * cover the same days): the result is cut wherever either changes, and in each part a scoped
 * rule replaces the regional rule for its category. `own` (the rate period's explicit
 * categories) stays on top of both. `cache` shares merged maps between jurisdictions that have
 * the same regional and scoped maps (every county of a state under one prefix rule).
 */
export function overlaySpans(
  base: readonly RuledSpan[],
  scoped: readonly RuledSpan[],
  own: CategoryMap | undefined,
  cache: WeakMap<CategoryMap, WeakMap<CategoryMap, CategoryMap>>,
): RuledSpan[] {
  const out: RuledSpan[] = [];
  let b = 0;
  let s = 0;
  while (b < base.length && s < scoped.length) {
    const left = base[b] as RuledSpan;
    const right = scoped[s] as RuledSpan;
    const from = Math.max(left.from, right.from);
    const to = Math.min(left.to, right.to);
    if (from < to) out.push({ from, to, categories: merge(left.categories, right.categories) });
    if (left.to <= right.to) b += 1;
    else s += 1;
  }
  return out;

  function merge(regional: CategoryMap | undefined, local: CategoryMap | undefined): CategoryMap | undefined {
    if (local === undefined || local.size === 0) return regional;
    const under = regional ?? NONE;
    let byLocal = cache.get(under);
    if (byLocal === undefined) {
      byLocal = new WeakMap();
      cache.set(under, byLocal);
    }
    let merged = own === undefined ? byLocal.get(local) : undefined;
    if (merged === undefined) {
      const map = new Map(under);
      for (const [category, rule] of local) map.set(category, rule);
      if (own !== undefined) for (const [category, rule] of own) map.set(category, rule);
      merged = map;
      if (own === undefined) byLocal.set(local, merged);
    }
    return merged;
  }
}
