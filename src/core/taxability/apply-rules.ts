import type { LineInput } from '../line-input.ts';
import type { ResolvedRate } from '../rates/rate-index.ts';
import { partialUnits } from './check-exact-partials.ts';
import type { CompiledCategoryRule } from './compiled-category-rule.ts';

/** How a jurisdiction's taxable base follows the price: in full, or cut by a per-item threshold. */
export const NO_THRESHOLD = 0;
/** Nothing is taxed while the price is below the cut; all of it at or above (New York clothing). */
export const EXEMPT_BELOW = 1;
/** Only the part of the price above the cut is taxed (Massachusetts clothing). */
export const EXEMPT_UP_TO = 2;

/** Each jurisdiction's rate and base rule for one line; index `i` is `rates[i]`. */
export interface AppliedRules {
  /** The rate applied to the taxable base, in 10^-8 units (0 when exempt). */
  readonly units: number[];
  /**
   * A rate applied to the whole base whatever the threshold, in 10^-8 units; 0 but for a
   * reduced rate below a threshold (`rate_below`), whose jurisdiction taxes the whole base at
   * the reduced rate and, at or above the cut, the rest of its general rate on top.
   */
  readonly floors: number[];
  readonly modes: number[];
  /** Threshold kinds: the threshold × quantity, in minor units. */
  readonly cuts: number[];
  readonly notes: string[];
  /** Notes for threshold rules that did not change the tax. */
  readonly notApplied: string[];
  readonly combinedUnits: number;
  /** Whether any jurisdiction has a threshold (the slower exact path). */
  readonly thresholds: boolean;
  /** Whether any floor is above 0. */
  readonly floored: boolean;
}

const EXEMPT_RULE: CompiledCategoryRule = {
  kind: 'exempt',
  rate: '',
  units: 0,
  thresholdMinor: 0,
  note: 'This product category is not taxed.',
  noteNotApplied: 'This product category is not taxed.',
};

/** The category a missing rule is the answer for: goods taxed at the general rate. */
const GENERAL_CATEGORY = 'GENERAL_MERCHANDISE';

/**
 * The note of a jurisdiction that taxes a line at its general rate because taxkit holds no rule
 * for the line's category there. For any category but general merchandise that is a gap in
 * taxkit's data, not a published rule, so the answer says so rather than pass for one; a
 * jurisdiction whose rate is zero taxes nothing either way and keeps its own note.
 */
function noRuleNote(category: string, rate: ResolvedRate): string {
  const own = rate.jurisdiction.note ?? '';
  if (category === GENERAL_CATEGORY || rate.units === 0) return own;
  const gap = `taxkit holds no taxability rule for ${category} here: taxed at the general rate.`;
  return own === '' ? gap : `${gap} ${own}`;
}

/**
 * Looks up each jurisdiction's rule for the line's category and turns it into a rate and a
 * base rule. `alwaysExempt`: the category is never taxed (EXEMPT, NON_TAXABLE). `zeroNote`: the
 * whole calculation owes nothing (exempt customer, reverse charge…), with this note.
 * `customerKey`: the category's key for the customer's type (`customerCategory`); a rule
 * compiled under it wins over the category's own.
 */
export function applyRules(
  line: LineInput,
  rates: readonly ResolvedRate[],
  alwaysExempt: boolean,
  zeroNote: string | undefined,
  customerKey?: string,
): AppliedRules {
  const units: number[] = [];
  const floors: number[] = [];
  const modes: number[] = [];
  const cuts: number[] = [];
  const notes: string[] = [];
  const notApplied: string[] = [];
  let combinedUnits = 0;
  let thresholds = false;
  let floored = false;
  for (let index = 0; index < rates.length; index += 1) {
    const rate = rates[index] as ResolvedRate;
    modes[index] = NO_THRESHOLD;
    floors[index] = 0;
    cuts[index] = 0;
    if (zeroNote !== undefined) {
      units[index] = 0;
      notes[index] = zeroNote;
      notApplied[index] = zeroNote;
      continue;
    }
    const rule = alwaysExempt
      ? EXEMPT_RULE
      : ((customerKey === undefined ? undefined : rate.categories?.get(customerKey)) ??
        rate.categories?.get(line.category));
    if (rule === undefined) {
      units[index] = rate.units;
      notes[index] = noRuleNote(line.category, rate);
      notApplied[index] = notes[index] as string;
      combinedUnits += rate.units;
      continue;
    }
    notes[index] = rule.note;
    notApplied[index] = rule.noteNotApplied;
    let applied = rate.units;
    switch (rule.kind) {
      case 'exempt':
        applied = 0;
        break;
      case 'rate':
        applied = rule.units;
        break;
      case 'partial':
        applied = partialUnits(rate.units, rule.units);
        break;
      case 'exempt_below':
      case 'exempt_up_to': {
        modes[index] = rule.kind === 'exempt_below' ? EXEMPT_BELOW : EXEMPT_UP_TO;
        // Past the largest safe amount the cut exempts everything either way.
        cuts[index] = Math.min(rule.thresholdMinor * line.quantity, Number.MAX_SAFE_INTEGER);
        thresholds = true;
        break;
      }
      case 'rate_below': {
        // Never above the general rate: below the cut the reduced rate, at or above it the general one.
        const low = Math.min(rule.units, rate.units);
        floors[index] = low;
        floored ||= low > 0;
        applied = rate.units - low;
        modes[index] = EXEMPT_BELOW;
        // The cut is on the line's amount, not each item's: Ontario's $4 is on what is bought together.
        cuts[index] = rule.thresholdMinor;
        thresholds = true;
        combinedUnits += low;
        break;
      }
      case 'taxable':
        break;
    }
    units[index] = applied;
    combinedUnits += applied;
  }
  return { units, floors, modes, cuts, notes, notApplied, combinedUnits, thresholds, floored };
}

/** The part of `base` a jurisdiction taxes under its threshold mode. */
export function taxableBase(base: number, mode: number, cut: number): number {
  if (mode === EXEMPT_BELOW) return base < cut ? 0 : base;
  if (mode === EXEMPT_UP_TO) return base > cut ? base - cut : 0;
  return base;
}

/**
 * Weights to split a line's rounded tax between its jurisdictions when their bases differ: the
 * exact taxes themselves while they are safe integers, else the rates of the jurisdictions that
 * tax anything (proportional either way to within the rounding being split).
 */
export function shareWeights(
  exact: readonly (number | bigint)[],
  units: readonly number[],
  taxedBase: readonly number[],
  floors: readonly number[],
): number[] {
  if (exact.every((value) => typeof value === 'number')) return exact as number[];
  return units.map((value, index) => (taxedBase[index] === 0 ? 0 : value) + (floors[index] as number));
}
