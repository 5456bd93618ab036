/**
 * Taxability rules: how a product category is taxed differently from a jurisdiction's general
 * rate, as plain JSON data (`data/taxability/*.json`). A rule is keyed by region ("US-TX",
 * "CA-ON", "DE", "ES-CN"), category and period, not by a jurisdiction id, so it also applies to
 * the county, city and district jurisdictions of an imported local rate table in that region.
 *
 * @module
 */

import type { CustomerType } from '../types.ts';

/** How the tax of one jurisdiction treats a category. Amounts are minor units of the region's currency. */
export type Treatment =
  /** Not taxed at all (US "exempt"; VAT "zero-rated" is written as a rate of "0"). */
  | { readonly kind: 'exempt' }
  /** Taxed at the jurisdiction's general rate; written down so the note can say why. */
  | { readonly kind: 'taxable' }
  /** Taxed at this rate instead of the general rate (a reduced or zero VAT rate, a reduced state rate). */
  | { readonly kind: 'rate'; readonly rate: string }
  /** Taxed at the general rate on this fraction of the price ("0.8": Texas data processing). */
  | { readonly kind: 'partial'; readonly fraction: string }
  /** An item priced below the threshold is not taxed; at or above it, the whole price is (New York clothing). */
  | { readonly kind: 'exempt_below'; readonly thresholdMinor: number }
  /** The first `thresholdMinor` of each item's price is not taxed; only the part above is (Massachusetts clothing). */
  | { readonly kind: 'exempt_up_to'; readonly thresholdMinor: number }
  /**
   * An item priced below the threshold is taxed at `rate` instead of the general rate; at or
   * above it, at the general rate (Ontario rebates the provincial 8 % of the 13 % HST on
   * prepared food and drinks sold for $4 or less: `{ rate: "0.05", thresholdMinor: 401 }`).
   */
  | { readonly kind: 'rate_below'; readonly rate: string; readonly thresholdMinor: number };

export type TreatmentKind = Treatment['kind'];

/** One dated rule. */
export interface TaxabilityRule {
  /** Regions it applies in: a country ("DE"), a state or province ("US-TX", "CA-ON"), a territory ("ES-CN"). */
  readonly regions: readonly string[];
  /** The product categories it covers. */
  readonly categories: readonly string[];
  /** First day it applies, ISO date. */
  readonly from: string;
  /** First day it no longer applies (exclusive), ISO date; open-ended when absent. */
  readonly to?: string;
  /** Treatment by the region's own tax: the state, province or national tax. */
  readonly treatment: Treatment;
  /**
   * Treatment by the county, city and district taxes of the region. "follow" (the default): the
   * same as `treatment`, which is what most US states require of local taxes. A local rate
   * cannot follow a reduced rate ("reduced to the state's rate" means nothing for a county), so
   * for a `rate` treatment the default is that local taxes keep their own rate, and "follow" is
   * refused.
   */
  readonly local?: 'follow' | Treatment;
  /**
   * Only these jurisdictions of the region, by id: an imported local jurisdiction
   * ("US-NY:CITY:NEW YORK CITY") or every id that starts with a prefix ending in `*`
   * ("US-NC:COUNTY:*": every county of North Carolina). Each id must start with one of the
   * rule's regions and a colon. The rule's `treatment` then applies to each matching
   * jurisdiction whatever its level, on top of its region's rules for the same category (an
   * exact id wins over a prefix, a longer prefix over a shorter one); `local` is refused. This is
   * how a rule says what one county or city does when it differs from its state, or what every
   * county does when the local rate on a category is fixed by state law (North Carolina food).
   */
  readonly jurisdictions?: readonly string[];
  /**
   * Only for sales to these customer types: the calculation's `customer.type` (CONSUMER when the
   * request gives none). Such a rule lies on top of the region's rule for the same category, if
   * any, for those customers only: how a state that taxes SaaS bought for use in a business but
   * not for personal use (Ohio) is written. Its periods are checked apart from the unscoped rules.
   */
  readonly customers?: readonly CustomerType[];
  /**
   * A sales tax holiday: the rule lies on top of the region's rules for its categories during
   * its dates only (`to` is required), so a state that taxes clothing all year can exempt it for
   * a weekend without ending its year-round rule. Where `local` is `{ "kind": "taxable" }` (a
   * holiday on the state tax only) the region's county, city and district taxes keep their own
   * rules. Neither `jurisdictions` nor `customers` may be given.
   */
  readonly holiday?: SalesTaxHoliday;
  /** Why, in words: shown as the `note` of every jurisdiction entry the rule changes. */
  readonly note: string;
  /** Where the rule is published (URL). */
  readonly source: string;
}

/**
 * Which sale date a holiday counts for an order placed at a distance (online, by phone or mail):
 * - `ordered_and_paid`: an item ordered and paid for during the holiday qualifies even when it
 *   is delivered after it (the seller accepts the order for immediate shipment);
 * - `delivered`: the item must also be delivered during the holiday;
 * - `not_stated`: taxkit found no published rule; the calculation's date decides.
 * taxkit applies a rule on the calculation's date (`tax_date`, else now): for a remote order,
 * send the date the holiday counts.
 */
export type RemoteSaleDate = 'ordered_and_paid' | 'delivered' | 'not_stated';

/**
 * One source read for one field of a holiday: where it is, the date the source states (its
 * publication, announcement or enactment date), and the sentence that supports the field, quoted
 * short. `conflict` says what another source says differently and why this one was chosen.
 */
export interface SourceQuote {
  readonly url: string;
  /**
   * The date the source states, ISO: a day ("2025-07-23"), or only the month or year it gives
   * ("2025"), or "undated" for a page that states none.
   */
  readonly stated: string;
  readonly quote: string;
  readonly conflict?: string;
}

/**
 * The fields of a holiday a source must support:
 * - `dates`: its first and last day (or the statute's schedule that fixes them);
 * - `items`: the item groups it covers (its categories);
 * - `cap`: the price cap, when the treatment has one;
 * - `perItem`: that the cap applies to each item, not to the purchase (taxkit applies it per
 *   item; a quote saying otherwise is kept and named in `conflict`);
 * - `local`: that local taxes are left to their own rules, when `local` says so;
 * - `remoteSales`: the remote-order rule, unless it is `not_stated`.
 */
export type HolidayEvidenceField = 'dates' | 'items' | 'cap' | 'perItem' | 'local' | 'remoteSales';

/** What makes a rule a sales tax holiday. */
export interface SalesTaxHoliday {
  /** The holiday's name and year as the state announces it ("Texas sales tax holiday on back-to-school items, 2025"). */
  readonly name: string;
  readonly remoteSales: RemoteSaleDate;
  /** For each field the rule states, the sources that support it (at least one each). */
  readonly evidence: Readonly<Partial<Record<HolidayEvidenceField, readonly SourceQuote[]>>>;
}

/** A file of rules with its provenance, as shipped in `data/taxability/`. */
export interface TaxabilityTable {
  readonly name: string;
  readonly source: string;
  readonly sourceUrl?: string;
  /** ISO date the file's facts are current as of. */
  readonly effectiveDate: string;
  readonly license?: string;
  readonly rules: readonly TaxabilityRule[];
}
