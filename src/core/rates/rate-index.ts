import type { JurisdictionDef } from './rate-table.ts';
import type { KeyTimeline, ResolvedRate } from './key-timeline.ts';
import type { SstStateIndex } from './sst/sst-state-index.ts';

export type { CompiledCategoryRule } from '../taxability/compiled-category-rule.ts';
export type { KeyTimeline, ResolvedRate } from './key-timeline.ts';

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
