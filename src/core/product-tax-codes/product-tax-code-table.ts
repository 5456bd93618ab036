/**
 * The crosswalk from other tax engines' product tax codes (Stripe's `txcd_…`, TaxJar's five
 * digits, Avalara's `PC040100`) to taxkit's product categories, in the plain-JSON shape it is
 * shipped in (`data/product-tax-codes/crosswalk.json`). Every vendor names the page its codes were
 * read from and every code carries the vendor's own description, so a reader can check each
 * mapping against its source.
 *
 * @module
 */

/** A vendor whose codes taxkit reads: how its codes look and where they were read. */
export interface ProductTaxCodeVendor {
  /** "stripe", "taxjar", "avalara". */
  readonly id: string;
  /** "Stripe Tax". */
  readonly name: string;
  /** A regular expression every code of the vendor matches (anchored). */
  readonly pattern: string;
  readonly source: string;
  readonly sourceDate: string;
  /** The source's sentence on what its codes are. */
  readonly quote: string;
  /** How and when the codes were read. */
  readonly read: string;
}

/** One vendor code and the taxkit category it is taxed as. */
export interface ProductTaxCodeEntry {
  readonly code: string;
  readonly vendor: string;
  /** The vendor's short name of the code. */
  readonly name: string;
  /** The vendor's own description of the code, quoted. */
  readonly description: string;
  /** Where this code's description was read, when not the vendor's list. */
  readonly source?: string;
  /** The taxkit category; null when taxkit has none for it (taxed at the general rate). */
  readonly category: string | null;
  /** Why the code has no category, or why it maps where it does when that is not plain. */
  readonly why?: string;
}

export interface ProductTaxCodeTable {
  readonly name: string;
  readonly effectiveDate: string;
  readonly vendors: readonly ProductTaxCodeVendor[];
  readonly codes: readonly ProductTaxCodeEntry[];
}

type Letter = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M';
type LetterToZ = 'N' | 'O' | 'P' | 'Q' | 'R' | 'S' | 'T' | 'U' | 'V' | 'W' | 'X' | 'Y' | 'Z';
type AvalaraKind = 'P' | 'D' | 'F' | 'S' | 'O';

/**
 * The shapes of the other engines' codes a request may send as `product_category`, as a type:
 * Stripe's `txcd_…`, TaxJar's digits, Avalara's letter pairs and digits (and `FR`, `NT`). Narrow
 * enough that a misspelt taxkit category (`GENERAL_MERCHANDIS`) still fails to compile.
 */
export type VendorTaxCode =
  | `txcd_${number}`
  | `${number}`
  | `${AvalaraKind}${Letter | LetterToZ}${number}`
  | `${AvalaraKind}${number}`
  | 'FR'
  | 'NT';
