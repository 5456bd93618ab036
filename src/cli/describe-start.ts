import type { RateTableRecord } from '../core/rates/rate-table-record.ts';
import type { Address } from '../core/types.ts';

/**
 * The start banner's "Origin:" line. Without a default origin, a calculation that sends no
 * `origin_address` has no seller country, and reverse charge (an EU or UK business customer
 * with a valid VAT number) needs one: the sale is taxed as a consumer sale instead. A user who
 * ran `npm start` is told so before the first surprise, and how to set it.
 */
export function describeOrigin(origin: Address | undefined): string {
  if (origin === undefined) {
    return (
      'Origin: none set. A calculation without origin_address has no seller country, so an EU or UK business ' +
      'sale with a valid VAT number cannot be reverse-charged: it is taxed as a consumer sale. ' +
      'Set one with --origin-country CC [--origin-province P --origin-postal-code Z] or TAXKIT_ORIGIN_COUNTRY.\n'
    );
  }
  const where = [origin.country, origin.province, origin.postalCode].filter((part) => part !== '');
  return `Origin: ${where.join(' ')} (the default for calculations without origin_address)\n`;
}

/** A location key finer than a state's ("US-CA-90210", "US-KS-66002-1234"): its state. */
const LOCAL_US_KEY = /^US-([A-Z]{2})-./;

/**
 * The start banner's "US rates:" line: which states have local (county, city, district) rates
 * from an imported table, and that every other state is answered at state level only by the
 * embedded table. A ZIP5 table or an SST file shows as the states its location keys name.
 */
export function describeUsCoverage(imported: readonly RateTableRecord[]): string {
  const states = new Set<string>();
  const files: string[] = [];
  for (const record of imported) {
    let local = false;
    for (const location of record.table.locations) {
      const state = LOCAL_US_KEY.exec(location.key)?.[1];
      if (state === undefined) continue;
      states.add(state);
      local = true;
    }
    if (local) files.push(record.fileName);
  }
  if (states.size === 0) {
    return (
      'US rates: state level only (the embedded table): no county, city or district tax is added. ' +
      'Import local rates with `taxkit rates import` (docs/rates.md).\n'
    );
  }
  const list = [...states].sort();
  // A month of Avalara files is one per state: name a few, count the rest.
  const named = files.length <= 3 ? files.join(', ') : `${files.slice(0, 3).join(', ')} and ${files.length - 3} more`;
  return (
    `US rates: local rates for ${list.length} state(s) (${list.join(', ')}) from ${named}; ` +
    'every other state at state level only (the embedded table).\n'
  );
}
