import type { RateTable } from '../rates/rate-table.ts';
import type { TaxabilityTable } from './taxability-rule.ts';

/**
 * A taxability table in the {@link RateTable} form (no jurisdictions, rates or locations of its
 * own), so rules travel with rate tables: compiled by the same `compileRateIndex` call, counted
 * in the same snapshot hash, and overridden by a later table's rules.
 */
export function taxabilityAsRateTable(table: TaxabilityTable): RateTable {
  return {
    name: table.name,
    source: table.source,
    ...(table.sourceUrl === undefined ? {} : { sourceUrl: table.sourceUrl }),
    effectiveDate: table.effectiveDate,
    ...(table.license === undefined ? {} : { license: table.license }),
    jurisdictions: [],
    rates: [],
    locations: [],
    taxability: table.rules,
  };
}
