import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRateIndex } from '../../../src/core/rates/compile-rate-index.ts';
import { dayNumber } from '../../../src/core/rates/day-number.ts';
import { findSstSet, sstRatesOf, zip5Rates } from '../../../src/core/rates/sst/lookup-sst.ts';
import type { SstStateIndex } from '../../../src/core/rates/sst/sst-state-index.ts';
import { loadDefaultRatesOnly } from '../../../src/defaults/load-default-rate-tables.ts';
import { boundaryLine, rateLine } from '../../helpers/sst-lines.ts';
import { sstTable } from '../../helpers/sst-tables.ts';

interface Row {
  readonly low: number;
  readonly high: number;
  readonly begin: string;
  readonly end: string;
}

const DATES = ['20240101', '20250101', '20250701', '20260101', '29991231'] as const;

function indexOf(rows: readonly Row[]): SstStateIndex {
  const rates = rows.map((_, i) => rateLine('20', '00', String(i + 1).padStart(3, '0'), '0.01', '20000101'));
  const boundaries = rows.map((row, i) =>
    boundaryLine({
      type: '4',
      begin: row.begin,
      end: row.end,
      zipLow: String(Math.floor(row.low / 10_000)).padStart(5, '0'),
      plus4Low: String(row.low % 10_000),
      zipHigh: String(Math.floor(row.high / 10_000)).padStart(5, '0'),
      plus4High: String(row.high % 10_000),
      county: String(i + 1).padStart(3, '0'),
    }),
  );
  const index = compileRateIndex([
    ...loadDefaultRatesOnly(),
    sstTable('KSR2026Q1JAN5.csv', [rateLine('20', '45', '20', '0.065', '20000101'), ...rates]),
    sstTable('KSB2026Q1JAN5.csv', boundaries),
  ]);
  return index.sst?.get('KS') as SstStateIndex;
}

function dayOf(date: string): number {
  return dayNumber(Number(date.slice(0, 4)), Number(date.slice(4, 6)), Number(date.slice(6, 8)));
}

/** The naive answer: of the rows holding `nine` on `day`, the one with the greatest low, then the latest in the file. */
function oracle(rows: readonly Row[], nine: number, day: number): string | undefined {
  let best: number | undefined;
  rows.forEach((row, i) => {
    const end = row.end === '29991231' ? Number.POSITIVE_INFINITY : dayOf(row.end) + 1;
    if (row.low > nine || row.high < nine || dayOf(row.begin) > day || day >= end) return;
    if (best === undefined || row.low >= (rows[best] as Row).low) best = i;
  });
  return best === undefined ? undefined : `US-KS:COUNTY:${String(best + 1).padStart(3, '0')}`;
}

describe('the SST ZIP+4 index', () => {
  it('finds the record a linear scan finds, for any ranges, overlaps, dates and queries', () => {
    const zip = 66_061;
    const nine = fc.integer({ min: zip * 10_000 - 20, max: zip * 10_000 + 40 });
    const row = fc
      .tuple(nine, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 4 }))
      .map(([low, length, from, to]): Row => ({
        low,
        high: low + length,
        begin: DATES[Math.min(from, to - 1)] as string,
        end: DATES[Math.max(from + 1, to)] as string,
      }));
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 25 }),
        fc.array(fc.tuple(nine, fc.constantFrom(...DATES.slice(0, 4))), { minLength: 1, maxLength: 20 }),
        (rows, queries) => {
          const index = indexOf(rows);
          for (const [query, date] of queries) {
            const day = dayOf(date);
            const set = findSstSet(index.plus4, query, day);
            const found =
              set < 0 ? undefined : sstRatesOf(index, set, day).find((rate) => rate.jurisdiction.level === 'COUNTY');
            expect(found?.jurisdiction.id).toBe(oracle(rows, query, day));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gives a ZIP5 its lowest and highest combined rate over every record reaching into it', () => {
    const index = compileRateIndex([
      ...loadDefaultRatesOnly(),
      sstTable('KSR2026Q1JAN5.csv', [
        rateLine('20', '45', '20', '0.065', '20000101'),
        rateLine('20', '00', '091', '0.01', '20000101'),
        rateLine('20', '01', '52575', '0.0125', '20000101'),
      ]),
      sstTable('KSB2026Q1JAN5.csv', [
        boundaryLine({ type: 'Z', zipLow: '66061', county: '091', place: '52575' }),
        boundaryLine({ zipLow: '66061', plus4Low: '1', plus4High: '99', county: '091' }),
        boundaryLine({ zipLow: '66061', plus4Low: '100', plus4High: '9999', county: '091', place: '52575' }),
      ]),
    ]).sst?.get('KS') as SstStateIndex;
    const out = zip5Rates(index, 66_061, dayOf('20260201'), {
      lowestSet: -1,
      lowestUnits: 0,
      highestUnits: 0,
      split: false,
    });
    expect(out).toMatchObject({ lowestUnits: 7_500_000, highestUnits: 8_750_000, split: true });
    expect(sstRatesOf(index, out.lowestSet, dayOf('20260201')).map((rate) => rate.jurisdiction.id)).toEqual([
      'US-KS',
      'US-KS:COUNTY:091',
    ]);
  });
});
