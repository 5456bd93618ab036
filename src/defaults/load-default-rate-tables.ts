import type { RateTable } from '../core/rates/rate-table.ts';
import { taxabilityAsRateTable } from '../core/taxability/taxability-as-rate-table.ts';
import type { TaxabilityTable } from '../core/taxability/taxability-rule.ts';
import { readDataFile } from './read-data-file.ts';

/** The rate tables taxkit ships (data/rates/): state-level US, Canada, national VAT/GST. */
export const DEFAULT_RATE_FILES = ['rates/vat-gst.json', 'rates/us-states.json', 'rates/ca-provinces.json'] as const;

/** The taxability rules taxkit ships (data/taxability/): how categories are taxed by region. */
export const DEFAULT_TAXABILITY_FILES = [
  'taxability/us.json',
  'taxability/us-local.json',
  'taxability/us-holidays.json',
  'taxability/ca.json',
  'taxability/vat-gst.json',
] as const;

let cachedRates: readonly RateTable[] | undefined;
let cachedRules: readonly RateTable[] | undefined;
let cachedBoth: readonly RateTable[] | undefined;

/**
 * The embedded tables, ready to compile: the taxability rules first, then the rate tables
 * (loaded once per process; they are immutable). Rules come first so that the rules of any
 * table compiled after them override them.
 */
export function loadDefaultRateTables(): readonly RateTable[] {
  cachedBoth ??= Object.freeze([...loadDefaultTaxability(), ...loadDefaultRatesOnly()]);
  return cachedBoth;
}

/** The embedded rate tables alone, without taxability rules. */
export function loadDefaultRatesOnly(): readonly RateTable[] {
  cachedRates ??= Object.freeze(DEFAULT_RATE_FILES.map((file) => readDataFile<RateTable>(file)));
  return cachedRates;
}

/** The embedded taxability rules alone, as rate tables: to compile with tables of your own. */
export function loadDefaultTaxability(): readonly RateTable[] {
  cachedRules ??= Object.freeze(
    DEFAULT_TAXABILITY_FILES.map((file) => taxabilityAsRateTable(readDataFile<TaxabilityTable>(file))),
  );
  return cachedRules;
}
