import type { CompiledCategoryRule } from '../taxability/compiled-category-rule.ts';
import type { JurisdictionDef } from './rate-table.ts';

/** One jurisdiction's rate on one day: what {@link lookupRates} hands out, shared and frozen. */
export interface ResolvedRate {
  readonly jurisdiction: JurisdictionDef;
  /** Exact decimal fraction as written in the table ("0.0725"). */
  readonly rate: string;
  /** The same rate in units of 10^-8. */
  readonly units: number;
  readonly feeMinor: number;
  readonly categories: ReadonlyMap<string, CompiledCategoryRule> | undefined;
}

/**
 * The rates of one location key over time, newest first: `rates` are in force from `from`
 * (days since 1970-01-01) until the next newer node's `from`; `previous` holds what applied
 * before. A lookup for a current date touches one node, and a key's map entry points straight
 * at it; older dates walk back (a key has a handful of periods). Nodes are shared: every key
 * with the same history points at the same node.
 */
export interface KeyTimeline {
  readonly from: number;
  readonly rates: readonly ResolvedRate[];
  readonly previous: KeyTimeline | undefined;
}
