import { describe, expect, it } from 'vitest';
import type { RateTableRecord } from '../../src/core/rates/rate-table-record.ts';
import { describeOrigin, describeUsCoverage } from '../../src/cli/describe-start.ts';

/** A stored table whose locations are `keys`, as an import leaves it. */
function record(fileName: string, keys: readonly string[]): RateTableRecord {
  return {
    id: fileName,
    format: 'taxkit-csv',
    fileName,
    rowCount: keys.length,
    importedAt: 0,
    table: {
      name: fileName,
      source: 'test',
      effectiveDate: '2026-01-01',
      jurisdictions: [],
      rates: [],
      locations: keys.map((key) => ({ key, jurisdictions: [] })),
    },
  };
}

describe('the start banner', () => {
  it('says US rates are state level only when no imported table has a key finer than a state', () => {
    expect(describeUsCoverage([])).toMatch(/^US rates: state level only/);
    // A table of state-wide keys and another country's keys adds no local US rates.
    expect(describeUsCoverage([record('states.csv', ['US-CA', 'US-NV']), record('de.csv', ['DE'])])).toMatch(
      /^US rates: state level only/,
    );
  });

  it('names the states with local rates and the files they came from, a few by name', () => {
    const line = describeUsCoverage([
      record('states.csv', ['US-TX']),
      record('ca.csv', ['US-CA-90002', 'US-CA-90210']),
      record('ks.csv', ['US-KS-66002-1234']),
    ]);
    expect(line).toBe(
      'US rates: local rates for 2 state(s) (CA, KS) from ca.csv, ks.csv; every other state at state level only (the embedded table).\n',
    );
    const many = describeUsCoverage(
      ['AZ', 'CA', 'CO', 'NV', 'WA'].map((state) => record(`${state}.csv`, [`US-${state}-80000`])),
    );
    expect(many).toContain('(AZ, CA, CO, NV, WA) from AZ.csv, CA.csv, CO.csv and 2 more;');
  });

  it('says which origin is in use, or that none is and what that costs', () => {
    expect(describeOrigin(undefined)).toMatch(/^Origin: none set\. .*cannot be reverse-charged.*TAXKIT_ORIGIN_COUNTRY/);
    expect(describeOrigin({ line1: '', line2: '', city: '', province: 'CA', postalCode: '94103', country: 'US' })).toBe(
      'Origin: US CA 94103 (the default for calculations without origin_address)\n',
    );
  });
});
