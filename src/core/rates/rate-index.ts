import type { CompiledCategoryRule } from '../taxability/compiled-category-rule.ts';
import type { JurisdictionDef } from './rate-table.ts';
import type { SstStateIndex } from './sst/sst-state-index.ts';

export type { CompiledCategoryRule } from '../taxability/compiled-category-rule.ts';

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

export interface RateTableInfo {
  readonly name: string;
  readonly source: string;
  readonly effectiveDate: string;
}

/** An immutable, compiled rate table. Build it once with `compileRateIndex`. */
export interface RateIndex {
  /**
   * The snapshot id: a hash of the content ids of the tables it was compiled from, in order.
   * Every calculation records it, so it can be recomputed with exactly these tables.
   */
  readonly snapshot: string;
  /** Content ids (`hashRateTable`) of the tables, in compile order. */
  readonly tableIds: readonly string[];
  readonly tables: readonly RateTableInfo[];
  readonly keys: ReadonlyMap<string, KeyTimeline>;
  readonly jurisdictions: ReadonlyMap<string, JurisdictionDef>;
  /**
   * The address-level index of the imported SST files, by USPS state code ("KS"); absent when
   * none are imported (compile-sst-index.ts).
   */
  readonly sst?: ReadonlyMap<string, SstStateIndex>;
}

export const NO_RATES: readonly ResolvedRate[] = Object.freeze([]);
