/**
 * Per-order charges (retail delivery fees), in the plain-JSON shape they are shipped in
 * (`data/order-fees/`). Unlike a rate, a fee is due once per order when its condition holds,
 * never once per line. Every fee names its sources and quotes them per field.
 *
 * @module
 */

/** When an order owes the fee. */
export type OrderFeeCondition =
  /** At least one line is taxed by the fee's state (Colorado: "at least one item … subject to state sales or use tax"). */
  | { readonly kind: 'any_taxable_item' }
  /**
   * The lines that count reach `minimumMinor` before tax (Minnesota: $100 of taxable goods and
   * clothing). A line counts when the fee's state taxes it or its category is in `alsoCounts`,
   * unless its category is in `excludedCategories` (a sale of them owes no fee) or `notCounted`.
   */
  | {
      readonly kind: 'threshold';
      readonly minimumMinor: number;
      readonly counts: 'taxable';
      readonly alsoCounts?: readonly string[];
      readonly excludedCategories?: readonly string[];
      readonly notCounted?: readonly string[];
    };

export interface OrderFeeComponent {
  readonly name: string;
  /** Exact decimal amount in the fee's currency ("0.0690"). */
  readonly amount: string;
}

export interface OrderFeePeriod {
  /** First day (ISO date) the amounts apply. */
  readonly from: string;
  /** First day they no longer apply (exclusive); open-ended when absent. */
  readonly to?: string;
  /** The component fees; their sum is the fee, a whole number of minor units. */
  readonly components: readonly OrderFeeComponent[];
}

export interface OrderFeeEvidence {
  readonly fields: readonly string[];
  readonly quote: string;
  readonly source: string;
}

export interface OrderFee {
  /** Its jurisdiction id in calculations and reports: `<state id>:FEE:<name>` ("US-CO:FEE:RETAIL_DELIVERY"). */
  readonly id: string;
  /** The state whose fee it is ("US-CO"): the state jurisdiction whose tax makes a line count. */
  readonly jurisdiction: string;
  /** Its state code ("CO"). */
  readonly state: string;
  readonly name: string;
  /** `rate_type` of its entry ("RETAIL DELIVERY FEE"). */
  readonly rateType: string;
  readonly currency: string;
  readonly condition: OrderFeeCondition;
  readonly source: string;
  readonly sourceDate: string;
  readonly evidence: readonly OrderFeeEvidence[];
  /** Who owes no fee (small sellers), and how to say so. */
  readonly smallSeller?: string;
  readonly periods: readonly OrderFeePeriod[];
  /** What taxkit does after the last period when the fee has no end (its next amounts unpublished). */
  readonly after?: string;
}

export interface OrderFeeTable {
  readonly name: string;
  readonly effectiveDate: string;
  readonly fees: readonly OrderFee[];
}
