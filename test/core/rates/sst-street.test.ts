import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRateIndex } from '../../../src/core/rates/compile-rate-index.ts';
import { dayNumber } from '../../../src/core/rates/day-number.ts';
import { findStreetSet } from '../../../src/core/rates/sst/find-street-set.ts';
import { sstRatesOf } from '../../../src/core/rates/sst/lookup-sst.ts';
import type { SstStateIndex } from '../../../src/core/rates/sst/sst-state-index.ts';
import { loadDefaultRatesOnly } from '../../../src/defaults/load-default-rate-tables.ts';
import { boundaryLine, rateLine } from '../../helpers/sst-lines.ts';
import { sstTable } from '../../helpers/sst-tables.ts';

/** An address record as written in the file (already normalized, so the parser keeps it as is). */
interface AddressRow {
  readonly zip: string;
  readonly low: number;
  readonly high: number;
  readonly parity: 'O' | 'E' | 'B';
  readonly pre: string;
  readonly name: string;
  readonly suffix: string;
  readonly unitLow: string;
  readonly unitHigh: string;
  readonly begin: string;
  readonly end: string;
}

const DATES = ['20240101', '20250101', '20260101', '29991231'] as const;
const ZIPS = ['05401', '05402'] as const;

const addressRow = fc
  .record({
    zip: fc.constantFrom(...ZIPS),
    low: fc.integer({ min: 1, max: 120 }),
    length: fc.integer({ min: 0, max: 80 }),
    parity: fc.constantFrom('O' as const, 'E' as const, 'B' as const),
    pre: fc.constantFrom('', 'N', 'S'),
    name: fc.constantFrom('MAIN', 'ELM'),
    suffix: fc.constantFrom('', 'ST', 'AVE'),
    units: fc.constantFrom(['', ''], ['1', '5'], ['4', ''], ['A', 'C']),
    dates: fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 3 })),
  })
  .map(({ low, length, units, dates, ...rest }): AddressRow => {
    const [from, span] = dates;
    return {
      ...rest,
      low,
      high: low + length,
      unitLow: units[0] as string,
      unitHigh: units[1] as string,
      begin: DATES[from] as string,
      end: DATES[Math.min(from + span, 3)] as string,
    };
  });

function dayOf(date: string): number {
  return dayNumber(Number(date.slice(0, 4)), Number(date.slice(4, 6)), Number(date.slice(6, 8)));
}

/** Each row gets a county of its own, so the set found names the row. */
function indexOf(rows: readonly AddressRow[]): SstStateIndex {
  const counties = rows.map((_, i) => rateLine('50', '00', String(i + 1).padStart(3, '0'), '0.01', '20000101'));
  const lines = rows.map((row, i) =>
    boundaryLine({
      type: 'A',
      state: '50',
      begin: row.begin,
      end: row.end,
      county: String(i + 1).padStart(3, '0'),
      street: {
        low: String(row.low),
        high: String(row.high),
        parity: row.parity,
        pre: row.pre,
        name: row.name,
        suffix: row.suffix,
        zip: row.zip,
        unitLow: row.unitLow,
        unitHigh: row.unitHigh,
      },
    }),
  );
  const index = compileRateIndex([
    ...loadDefaultRatesOnly(),
    sstTable('VTR2026Q1JAN5.csv', [rateLine('50', '45', '50', '0.06', '20000101'), ...counties]),
    sstTable('VTB2026Q1JAN5.csv', lines),
  ]);
  return index.sst?.get('VT') as SstStateIndex;
}

/** The naive rule: the first row in file order whose street, side, house, unit and dates hold. */
function oracle(rows: readonly AddressRow[], query: Query): number | undefined {
  const agrees = (a: string, b: string) => a === '' || b === '' || a === b;
  const found = rows.findIndex((row) => {
    if (row.zip !== query.zip || row.name !== query.name) return false;
    if (query.house < row.low || query.house > row.high) return false;
    if (row.parity === 'O' && query.house % 2 === 0) return false;
    if (row.parity === 'E' && query.house % 2 === 1) return false;
    if (!agrees(row.pre, query.pre) || !agrees(row.suffix, query.suffix)) return false;
    if (query.unit !== '' && row.unitLow !== '') {
      const high = row.unitHigh === '' ? row.unitLow : row.unitHigh;
      const [value, from, to] = [Number(query.unit), Number(row.unitLow), Number(high)];
      const within =
        Number.isFinite(value) && Number.isFinite(from) && Number.isFinite(to)
          ? value >= from && value <= to
          : query.unit >= row.unitLow && query.unit <= high;
      if (!within) return false;
    }
    const end = row.end === '29991231' ? Number.POSITIVE_INFINITY : dayOf(row.end) + 1;
    return dayOf(row.begin) <= query.day && query.day < end;
  });
  return found < 0 ? undefined : found;
}

interface Query {
  readonly zip: string;
  readonly house: number;
  readonly name: string;
  readonly pre: string;
  readonly suffix: string;
  readonly unit: string;
  readonly day: number;
}

const query = fc.record({
  zip: fc.constantFrom(...ZIPS),
  house: fc.integer({ min: 0, max: 220 }),
  name: fc.constantFrom('MAIN', 'ELM', 'OAK'),
  pre: fc.constantFrom('', 'N', 'S'),
  suffix: fc.constantFrom('', 'ST', 'AVE'),
  unit: fc.constantFrom('', '3', '7', 'B'),
  day: fc.constantFrom(...DATES.slice(0, 3).map(dayOf), dayOf('20270601'), dayOf('20231231')),
});

describe('the SST address (A) records, packed', () => {
  it('match the street the naive rule matches, for any records, sides, units, dates and queries', () => {
    fc.assert(
      fc.property(
        fc.array(addressRow, { minLength: 1, maxLength: 25 }),
        fc.array(query, { maxLength: 20 }),
        (rows, queries) => {
          const state = indexOf(rows);
          for (const q of queries) {
            const set = findStreetSet(
              state.addresses,
              Number(q.zip),
              { house: q.house, name: q.name, preDirection: q.pre, suffix: q.suffix, postDirection: '' },
              q.unit,
              q.day,
            );
            const expected = oracle(rows, q);
            const county =
              set < 0
                ? undefined
                : sstRatesOf(state, set, q.day)
                    .map((rate) => rate.jurisdiction.id)
                    .find((id) => id.includes(':COUNTY:'));
            expect(county).toBe(
              expected === undefined ? undefined : `US-VT:COUNTY:${String(expected + 1).padStart(3, '0')}`,
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
