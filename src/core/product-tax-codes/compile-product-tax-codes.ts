import { TaxError } from '../errors.ts';
import { PRODUCT_CATEGORIES } from '../product-categories.ts';
import type { ProductTaxCodeEntry, ProductTaxCodeTable, ProductTaxCodeVendor } from './product-tax-code-table.ts';

/** What a `product_category` value is taxed as. */
export interface ProductCodeReading {
  /** The taxkit category the line is taxed by. */
  readonly category: string;
  /**
   * Set when the value was another engine's code rather than a taxkit category: the line's note
   * starts with it, saying which category the code was taxed as, or that it has none.
   */
  readonly notice?: string;
}

/** The compiled crosswalk: answers what any `product_category` value is taxed as. */
export interface ProductTaxCodes {
  /**
   * A taxkit category reads as itself; a listed vendor code as its category (or, with none, the
   * general rate) with a notice; a code in a vendor's format that is not listed as the general
   * rate with a notice. `undefined` for anything else: neither a category nor a code.
   */
  read(value: string): ProductCodeReading | undefined;
  readonly table: ProductTaxCodeTable;
}

const GENERAL = 'GENERAL_MERCHANDISE';

/**
 * Compiles a crosswalk table once. Refuses a table that maps a code to a category taxkit does
 * not have, lists a code twice, names an unknown vendor, writes a code outside its vendor's
 * format, or leaves a vendor without its source and quote, so a bad data file fails at load,
 * never at a checkout.
 */
export function compileProductTaxCodes(table: ProductTaxCodeTable): ProductTaxCodes {
  const vendors = new Map<string, { readonly vendor: ProductTaxCodeVendor; readonly pattern: RegExp }>();
  for (const vendor of table.vendors) {
    if (vendor.source === '' || vendor.quote === '' || vendor.sourceDate === '') {
      refuse(`vendor ${vendor.id} names no source, date or quote`);
    }
    vendors.set(vendor.id, { vendor, pattern: new RegExp(vendor.pattern) });
  }
  const readings = new Map<string, ProductCodeReading>();
  for (const entry of table.codes) {
    const of = vendors.get(entry.vendor);
    if (of === undefined) refuse(`code ${entry.code} names the unknown vendor ${entry.vendor}`);
    if (!of.pattern.test(entry.code)) refuse(`code ${entry.code} is not in ${of.vendor.name}'s format`);
    if (PRODUCT_CATEGORIES.has(entry.code)) refuse(`code ${entry.code} is also a taxkit category`);
    if (readings.has(entry.code)) refuse(`code ${entry.code} is listed twice`);
    if (entry.description === '') refuse(`code ${entry.code} has no description`);
    if (entry.category === null && (entry.why === undefined || entry.why === '')) {
      refuse(`code ${entry.code} has no category and does not say why`);
    }
    if (entry.category !== null && !PRODUCT_CATEGORIES.has(entry.category)) {
      refuse(`code ${entry.code} maps to ${entry.category}, which is not a taxkit category`);
    }
    readings.set(entry.code, readingOf(entry, of.vendor));
  }
  const patterns = [...vendors.values()];
  // A category reads as itself: one shared reading each, so the hot path allocates nothing.
  for (const category of PRODUCT_CATEGORIES) readings.set(category, Object.freeze({ category }));
  return Object.freeze({
    table,
    read(value: string): ProductCodeReading | undefined {
      const listed = readings.get(value);
      if (listed !== undefined) return listed;
      const vendor = patterns.find((of) => of.pattern.test(value))?.vendor;
      if (vendor === undefined) return undefined;
      return {
        category: GENERAL,
        notice: `${vendor.name} code ${value} is not in taxkit's crosswalk; taxed as ${GENERAL} (the general rate). Send a taxkit category for its own rules.`,
      };
    },
  });
}

function readingOf(entry: ProductTaxCodeEntry, vendor: ProductTaxCodeVendor): ProductCodeReading {
  const named = `${vendor.name} code ${entry.code} (${entry.name})`;
  if (entry.category === null) {
    return {
      category: GENERAL,
      notice: `${named} has no taxkit category; taxed as ${GENERAL} (the general rate): ${entry.why}`,
    };
  }
  return { category: entry.category, notice: `${named} taxed as ${entry.category}.` };
}

function refuse(message: string): never {
  throw new TaxError('INVALID_VALUE', `Product tax code crosswalk: ${message}.`);
}
