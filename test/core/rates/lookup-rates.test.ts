import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRateIndex } from '../../../src/core/rates/compile-rate-index.ts';
import { dayNumber, parseDay } from '../../../src/core/rates/day-number.ts';
import { lookupRates } from '../../../src/core/rates/lookup-rates.ts';
import type { RatePeriod, RateTable } from '../../../src/core/rates/rate-table.ts';

const isoOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** A random table: a few jurisdictions with non-overlapping dated periods, a few location keys. */
const tableArbitrary = fc
  .record({
    jurisdictionCount: fc.integer({ min: 1, max: 5 }),
    periods: fc.array(
      fc.record({
        jurisdiction: fc.nat(4),
        cuts: fc.uniqueArray(fc.integer({ min: 18_000, max: 21_000 }), { minLength: 1, maxLength: 6 }),
        openEnd: fc.boolean(),
        rates: fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 6, maxLength: 6 }),
      }),
      { maxLength: 5 },
    ),
    locations: fc.array(fc.uniqueArray(fc.nat(4), { maxLength: 4 }), { minLength: 1, maxLength: 4 }),
  })
  .map(({ jurisdictionCount, periods, locations }): RateTable => {
    const ids = Array.from({ length: jurisdictionCount }, (_, index) => `J${index}`);
    const rates: RatePeriod[] = [];
    const used = new Set<string>();
    for (const spec of periods) {
      const id = ids[spec.jurisdiction % jurisdictionCount] as string;
      if (used.has(id)) continue; // one schedule per jurisdiction keeps periods disjoint
      used.add(id);
      const cuts = [...spec.cuts].sort((a, b) => a - b);
      cuts.forEach((from, index) => {
        const to = cuts[index + 1];
        if (to === undefined && !spec.openEnd && cuts.length > 1) return;
        rates.push({
          jurisdiction: id,
          from: isoOf(from),
          ...(to === undefined ? {} : { to: isoOf(to) }),
          rate: `0.${String(spec.rates[index] ?? 0).padStart(6, '0')}`,
        });
      });
    }
    return {
      name: 'random',
      source: 'fast-check',
      effectiveDate: '2020-01-01',
      jurisdictions: ids.map((id) => ({
        id,
        country: 'XX',
        level: 'COUNTRY' as const,
        name: id,
        authorityName: id,
        authorityType: '' as const,
        taxType: 'VAT' as const,
        rateType: 'VAT',
      })),
      rates,
      locations: locations.map((members, index) => ({
        key: `K${index}`,
        jurisdictions: members.filter((member) => member < jurisdictionCount).map((member) => `J${member}`),
      })),
    };
  });

/** The naive oracle: scan every period of every jurisdiction of the key. */
function naiveLookup(table: RateTable, key: string, day: number): string[] | undefined {
  const location = table.locations.find((entry) => entry.key === key);
  if (location === undefined) return undefined;
  return location.jurisdictions.flatMap((id) =>
    table.rates
      .filter((period) => period.jurisdiction === id)
      .filter((period) => parseDay(period.from) <= day && (period.to === undefined || day < parseDay(period.to)))
      .map((period) => `${id}=${period.rate}`),
  );
}

describe('dayNumber', () => {
  it('agrees with Date.UTC on every day across four centuries', () => {
    for (let day = -150_000; day < 150_000; day += 37) {
      const date = new Date(day * 86_400_000);
      expect(dayNumber(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())).toBe(day);
    }
  });

  it('rejects text that is not an ISO date', () => {
    expect(() => parseDay('2025-13-01')).toThrow(/ISO date/);
    expect(() => parseDay('1/2/2025')).toThrow(/ISO date/);
  });
});

describe('lookupRates', () => {
  const table: RateTable = {
    name: 'ns',
    source: 'test',
    effectiveDate: '2025-04-01',
    jurisdictions: [
      {
        id: 'CA-NS-HST',
        country: 'CA',
        level: 'STATE',
        name: 'Nova Scotia',
        authorityName: 'Nova Scotia',
        authorityType: 'STATE',
        taxType: 'GST',
        rateType: 'HST',
      },
    ],
    rates: [
      { jurisdiction: 'CA-NS-HST', from: '2010-07-01', to: '2025-04-01', rate: '0.15' },
      { jurisdiction: 'CA-NS-HST', from: '2025-04-01', rate: '0.14' },
    ],
    locations: [{ key: 'CA-NS', jurisdictions: ['CA-NS-HST'] }],
  };
  const index = compileRateIndex(table);

  it('switches rate on the effective day, not a day early or late', () => {
    expect(lookupRates(index, 'CA-NS', parseDay('2025-03-31'))?.[0]?.rate).toBe('0.15');
    expect(lookupRates(index, 'CA-NS', parseDay('2025-04-01'))?.[0]?.rate).toBe('0.14');
  });

  it('answers undefined for an unknown key and nothing before the first period', () => {
    expect(lookupRates(index, 'CA-ON', parseDay('2025-04-01'))).toBeUndefined();
    expect(lookupRates(index, 'CA-NS', parseDay('2000-01-01'))).toEqual([]);
  });

  it('hands out the same frozen array every time (no allocation)', () => {
    const day = parseDay('2026-01-01');
    const first = lookupRates(index, 'CA-NS', day);
    expect(lookupRates(index, 'CA-NS', day)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('names its snapshot by content: same tables, same id; any change, another', () => {
    expect(compileRateIndex(table).snapshot).toBe(index.snapshot);
    const changed = {
      ...table,
      rates: [...table.rates.slice(0, 1), { jurisdiction: 'CA-NS-HST', from: '2025-04-01', rate: '0.13' }],
    };
    expect(compileRateIndex(changed).snapshot).not.toBe(index.snapshot);
  });

  it('rejects overlapping periods, unknown jurisdictions and inexact rates at compile time', () => {
    const overlapping = {
      ...table,
      rates: [...table.rates, { jurisdiction: 'CA-NS-HST', from: '2024-01-01', rate: '0.1' }],
    };
    expect(() => compileRateIndex(overlapping)).toThrow(/overlapping/);
    expect(() => compileRateIndex({ ...table, locations: [{ key: 'X', jurisdictions: ['NOPE'] }] })).toThrow(
      /unknown jurisdiction/,
    );
    expect(() =>
      compileRateIndex({ ...table, rates: [{ jurisdiction: 'CA-NS-HST', from: '2020-01-01', rate: '0.123456789' }] }),
    ).toThrow(/exact decimal/);
  });

  it('equals a naive linear scan on random tables, at and around every boundary', () => {
    fc.assert(
      fc.property(
        tableArbitrary,
        fc.array(fc.integer({ min: 17_990, max: 21_010 }), { maxLength: 20 }),
        (table, probes) => {
          const index = compileRateIndex(table);
          const boundaries = table.rates
            .flatMap((period) => [period.from, ...(period.to === undefined ? [] : [period.to])])
            .map(parseDay);
          const days = [...probes, ...boundaries, ...boundaries.map((day) => day - 1)];
          for (const key of [...table.locations.map((location) => location.key), 'missing']) {
            for (const day of days) {
              const fast = lookupRates(index, key, day)?.map((rate) => `${rate.jurisdiction.id}=${rate.rate}`);
              expect(fast).toEqual(naiveLookup(table, key, day));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
