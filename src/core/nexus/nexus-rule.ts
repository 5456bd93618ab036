/**
 * An economic nexus (registration) threshold as `data/nexus/*.json` states it: where, from
 * when, how much and how many sales, how the two combine, over which period, and what counts.
 * docs/nexus.md describes every field.
 */
export interface NexusRule {
  /** "US-OH", or a country ("CA", "GB"), or "EU" for the EU's distance-sales threshold. */
  readonly jurisdiction: string;
  readonly name: string;
  /** First day the rule applies, YYYY-MM-DD. */
  readonly from: string;
  /** First day it no longer applies (exclusive), when it ended. */
  readonly to?: string;
  /** ISO 4217 of the amount. */
  readonly currency: string;
  /** The sales amount in minor units of `currency`; 0: the first sale crosses it. */
  readonly amountMinor: number;
  /** The number of sales, or null when the rule has no count. */
  readonly transactions: number | null;
  readonly combine: NexusCombine;
  readonly period: NexusPeriodKind;
  /**
   * What the amount measures: all sales, retail sales (not for resale), taxable sales, or sales
   * to consumers (B2C: a sale reverse-charged to a business customer is left out).
   */
  readonly basis: 'gross' | 'retail' | 'taxable' | 'consumer';
  /**
   * Whether sales a marketplace facilitated count toward the seller's threshold. 'unstated': no
   * source taxkit read says; they are counted (a seller learns of a threshold early, not late).
   */
  readonly marketplace: 'included' | 'excluded' | 'unstated';
  /** Whom it is for: sellers established there (in the EU, the UK), the others, or all. */
  readonly sellers?: 'all' | 'established' | 'not_established';
  /** 'worldwide': every sale of the account counts, wherever made (Switzerland). */
  readonly scope?: 'destination' | 'worldwide';
  /** For `preceding_four_quarters`: the months (1-12) quarters end in; calendar quarters when absent. */
  readonly quarterEndMonths?: readonly number[];
  /** Where the rule is stated: the authority's page, then the statute. */
  readonly source: string;
  /**
   * What supports each field the rule states: a short quote from a source taxkit read, its URL
   * and the date the source states. The loader refuses a rule with a stated field no quote
   * covers (check-nexus-rule-table.ts).
   */
  readonly evidence: readonly NexusEvidence[];
  /** Where sources disagree on a field and which one taxkit followed (the state's own text). */
  readonly disagreements?: readonly NexusFieldNote[];
  /** A field taxkit's sources leave open, and why. */
  readonly uncertain?: readonly NexusFieldNote[];
}

/** The fields of a rule a source has to support (`amount` is `amountMinor` and `currency`). */
export type NexusField =
  'from' | 'to' | 'amount' | 'transactions' | 'period' | 'basis' | 'marketplace' | 'sellers' | 'scope';

/** One quote and the fields it supports. */
export interface NexusEvidence {
  readonly fields: readonly NexusField[];
  /** The source's words, short, as read (an ellipsis marks an omission). */
  readonly quote: string;
  /** The https URL read. */
  readonly source: string;
  /** The date the source states (YYYY, YYYY-MM or YYYY-MM-DD): published, updated, or enacted. */
  readonly sourceDate: string;
}

/** A remark on one field. */
export interface NexusFieldNote {
  readonly field: NexusField;
  readonly note: string;
}

/** How the amount and the count combine: either crosses, both must, or there is no count. */
export type NexusCombine = 'amount_only' | 'amount_or_transactions' | 'amount_and_transactions';

/** The measuring periods the data uses (docs/nexus.md). */
export type NexusPeriodKind =
  | 'previous_calendar_year'
  | 'previous_or_current_calendar_year'
  | 'rolling_12_months'
  | 'preceding_four_quarters'
  | 'twelve_months_ending_september_30';

/** A place with no general sales tax, and the source that says so. */
export interface NoSalesTaxPlace {
  readonly jurisdiction: string;
  readonly name: string;
  readonly source: string;
}

/** One file of `data/nexus/`. */
export interface NexusRuleTable {
  readonly name: string;
  readonly source: string;
  readonly effectiveDate: string;
  readonly license: string;
  readonly rules: readonly NexusRule[];
  readonly noSalesTax?: readonly NoSalesTaxPlace[];
}
