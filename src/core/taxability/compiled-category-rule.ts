import type { TreatmentKind } from './taxability-rule.ts';

/**
 * How one jurisdiction taxes one category during one period, compiled from a taxability rule
 * (or a rate period's `categories` override). Shared between every jurisdiction of a region
 * with the same default note, so it holds nothing that depends on a jurisdiction's rate.
 */
export interface CompiledCategoryRule {
  readonly kind: TreatmentKind;
  /** Kind "rate": the rate as written ("0.07"); otherwise "". */
  readonly rate: string;
  /** Kind "rate": the rate in 10^-8 units; kind "partial": the taxed fraction in 10^-8 units; otherwise 0. */
  readonly units: number;
  /** Threshold kinds: the per-item threshold in minor units; otherwise 0. */
  readonly thresholdMinor: number;
  /** The entry's note when the rule changed the tax (the rule's reason, then the jurisdiction's own note). */
  readonly note: string;
  /** The entry's note when a threshold rule did not change the tax (the item is at or above the threshold). */
  readonly noteNotApplied: string;
}
