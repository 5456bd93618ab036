import type { RateTable } from '../core/rates/rate-table.ts';
import { taxabilityAsRateTable } from '../core/taxability/taxability-as-rate-table.ts';
import type { TaxabilityTable } from '../core/taxability/taxability-rule.ts';
import { readDataFile } from './read-data-file.ts';

/** The rate tables taxkit ships (data/rates/): state-level US, Canada, national VAT/GST. */
export const DEFAULT_RATE_FILES = ['rates/vat-gst.json', 'rates/us-states.json', 'rates/ca-provinces.json'] as const;

/** The taxability rules taxkit ships (data/taxability/): how categories are taxed by region. */
export const DEFAULT_TAXABILITY_FILES = ['taxability/us.json'] as const;

let cached: readonly RateTable[] | undefined;
let cachedRules: readonly RateTable[] | undefined;

/**
 * Loads the embedded rate tables, the taxability rules first (once per process; they are
 * immutable). Rules come first so that any table compiled after them can override them.
 */
export function loadDefaultRateTables(): readonly RateTable[] {
  cached ??= Object.freeze([
    ...loadDefaultTaxability(),
    ...DEFAULT_RATE_FILES.map((file) => readDataFile<RateTable>(file)),
  ]);
  return cached;
}

/** The embedded taxability rules alone, as rate tables: to compile with tables of your own. */
export function loadDefaultTaxability(): readonly RateTable[] {
  cachedRules ??= Object.freeze(
    DEFAULT_TAXABILITY_FILES.map((file) => taxabilityAsRateTable(readDataFile<TaxabilityTable>(file))),
  );
  return cachedRules;
}
