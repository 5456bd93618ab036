/**
 * The rate table: the plain-JSON form in which rates are shipped (`data/rates/*.json`),
 * imported and passed to {@link compileRateIndex}. Every table names its source and the date
 * its facts are effective from.
 *
 * @module
 */
import type { TaxabilityRule } from '../taxability/taxability-rule.ts';
import type { AuthorityType, TaxType } from '../types.ts';

export type JurisdictionLevel = 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'DISTRICT';

export interface JurisdictionDef {
  /** Stable id, e.g. "US-CA", "CA-GST", "CA-ON-HST", "DE". */
  readonly id: string;
  readonly country: string;
  readonly level: JurisdictionLevel;
  /** `jurisdiction_name` on the wire ("California"). */
  readonly name: string;
  /** `tax_authority_name` ("California State"). */
  readonly authorityName: string;
  /** `tax_authority_type`: STATE, COUNTY, CITY, DISTRICT or "" (national taxes). */
  readonly authorityType: AuthorityType;
  readonly taxType: TaxType;
  /** `rate_type` text label ("STATE SALES TAX", "VAT", "HST"). */
  readonly rateType: string;
  /** Default `note` on this jurisdiction's entries (e.g. that a US rate is state level only). */
  readonly note?: string;
  /**
   * The state or province the jurisdiction lies in, as its ISO 3166-2 code without the country
   * prefix ("CA", "ON"). Set on every imported STATE, COUNTY, CITY and DISTRICT jurisdiction, so
   * rules written for a state (taxability by category) reach its local jurisdictions too.
   */
  readonly subdivision?: string;
  /**
   * The region whose taxability rules apply to this jurisdiction ("US-TX", "CA-ON", "ES-CN").
   * Default: `<country>-<subdivision>` when `subdivision` is set; else the country for a
   * COUNTRY-level jurisdiction; else the state or province of the location keys that name it
   * ("US-TX-75001" → "US-TX"), so an imported county, city or district follows its state's
   * rules without saying so.
   */
  readonly region?: string;
  /**
   * The jurisdiction's FIPS code as filing uses it: the state FIPS code followed by the
   * jurisdiction's own code ("20091" for a Kansas county; the state itself "20"), as the SST
   * rate and boundary files give it. Absent where the source gives none.
   */
  readonly fips?: string;
  /** The SST composite SER code of the jurisdiction, where the SST files give one. */
  readonly serCode?: string;
}

/**
 * How a product category is taxed differently from the jurisdiction's general rate, for this
 * jurisdiction and period only. It wins over the region's taxability rules.
 */
export interface CategoryRule {
  /** Exact decimal fraction; "0" for exempt. */
  readonly rate: string;
  /** Why, shown as the entry's `note` ("Groceries are exempt in Michigan"). */
  readonly note?: string;
}

export interface RatePeriod {
  readonly jurisdiction: string;
  /** First day the rate applies, ISO date (YYYY-MM-DD). */
  readonly from: string;
  /** First day it no longer applies (exclusive), ISO date; open-ended when absent. */
  readonly to?: string;
  /** Exact decimal fraction as a string: "0.0725" is 7.25 %. Never a float. */
  readonly rate: string;
  /** Flat fee in minor units added per line on top of the percentage. */
  readonly feeMinor?: number;
  /** Per product category overrides, keyed by category ("FOOD_GENERAL"). */
  readonly categories?: Readonly<Record<string, CategoryRule>>;
  /** Where this rate comes from (URL or document). */
  readonly source?: string;
}

/**
 * Which jurisdictions apply at a location key. Keys, most specific first:
 * "US-CA-90002" (state + ZIP5), "US-CA" (state), "CA-ON" (province), "ES-CN" (territory),
 * "DE" (country).
 *
 * Undated (no `from`): the key's whole history; it replaces whatever earlier tables said about
 * the key. Dated: the key's jurisdictions from `from` on, until a later-dated entry of the same
 * key takes over; earlier dates keep their own entries. That is how monthly vintages of an
 * imported table sit side by side: each vintage's entries are dated from its first day.
 */
export interface LocationDef {
  readonly key: string;
  readonly jurisdictions: readonly string[];
  /** First day (ISO date) these jurisdictions apply at the key. */
  readonly from?: string;
  /**
   * The rate of each jurisdiction at this key, parallel to `jurisdictions`, as exact decimal
   * strings. Imported ZIP tables give every ZIP its own parts, so the rate belongs to the
   * location, not to the jurisdiction. When absent, the jurisdictions' own periods apply.
   */
  readonly rates?: readonly string[];
}

export interface RateTable {
  /** Short name of the table ("us-states"). */
  readonly name: string;
  /** Who published the facts, in words. */
  readonly source: string;
  readonly sourceUrl?: string;
  /** ISO date the table's facts are current as of. */
  readonly effectiveDate: string;
  readonly license?: string;
  readonly jurisdictions: readonly JurisdictionDef[];
  readonly rates: readonly RatePeriod[];
  readonly locations: readonly LocationDef[];
  /**
   * Taxability rules by region and category (`data/taxability/`). A later table's rules replace
   * an earlier table's for the same region and category.
   */
  readonly taxability?: readonly TaxabilityRule[];
}
