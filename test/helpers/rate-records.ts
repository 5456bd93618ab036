/**
 * Builders of small rate-table records for store and engine tests.
 *
 * @module
 */
import { hashRateTable } from '../../src/core/rates/hash-rate-table.ts';
import type { RateTableFormat, RateTableRecord } from '../../src/core/rates/rate-table-record.ts';
import type { RateTable } from '../../src/core/rates/rate-table.ts';

/**
 * A one-ZIP local table: state and city parts at `zip` in `state`, dated from `from`. Different
 * arguments give different content, hence a different id.
 */
export function makeLocalTable(
  options: { state?: string; zip?: string; from?: string; cityRate?: string } = {},
): RateTable {
  const state = options.state ?? 'CA';
  const zip = options.zip ?? '90002';
  const from = options.from ?? '2026-03-01';
  return {
    name: `test-${state}-${from}`,
    source: 'taxkit tests',
    effectiveDate: from,
    jurisdictions: [
      {
        id: `US-${state}`,
        country: 'US',
        level: 'STATE',
        name: state,
        authorityName: `${state} STATE`,
        authorityType: 'STATE',
        taxType: 'SALES',
        rateType: 'STATE SALES TAX',
        subdivision: state,
      },
      {
        id: `US-${state}:CITY:TESTVILLE`,
        country: 'US',
        level: 'CITY',
        name: 'TESTVILLE',
        authorityName: 'TESTVILLE',
        authorityType: 'CITY',
        taxType: 'SALES',
        rateType: 'CITY SALES TAX',
        subdivision: state,
      },
    ],
    rates: [],
    locations: [
      {
        key: `US-${state}-${zip}`,
        from,
        jurisdictions: [`US-${state}`, `US-${state}:CITY:TESTVILLE`],
        rates: ['0.06', options.cityRate ?? '0.01'],
      },
    ],
  };
}

/** A record of `table` as an import would store it. */
export function makeRateRecord(
  table: RateTable = makeLocalTable(),
  overrides: { format?: RateTableFormat; fileName?: string; importedAt?: number } = {},
): RateTableRecord {
  return {
    id: hashRateTable(table),
    format: overrides.format ?? 'taxkit-json',
    fileName: overrides.fileName ?? `${table.name}.json`,
    rowCount: table.locations.length,
    importedAt: overrides.importedAt ?? 1_772_323_200,
    table,
  };
}
