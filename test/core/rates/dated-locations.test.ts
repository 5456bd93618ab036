import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRateIndex } from '../../../src/core/rates/compile-rate-index.ts';
import { parseDay } from '../../../src/core/rates/day-number.ts';
import { lookupRates } from '../../../src/core/rates/lookup-rates.ts';
import type { JurisdictionDef, LocationDef, RateTable } from '../../../src/core/rates/rate-table.ts';

const isoOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

const jurisdiction = (id: string): JurisdictionDef => ({
  id,
  country: 'US',
  level: 'CITY',
  name: id,
  authorityName: id,
  authorityType: 'CITY',
  taxType: 'SALES',
  rateType: 'CITY SALES TAX',
  subdivision: 'CA',
});

/** A table of dated, inline-rate entries (one vintage each), over jurisdictions J0..J2. */
function vintage(name: string, locations: LocationDef[]): RateTable {
  return {
    name,
    source: 'test',
    effectiveDate: locations[0]?.from ?? '2026-01-01',
    jurisdictions: ['J0', 'J1', 'J2'].map(jurisdiction),
    rates: [],
    locations,
  };
}

describe('dated location entries (vintages)', () => {
  const march = vintage('march', [
    { key: 'Z1', from: '2026-03-01', jurisdictions: ['J0', 'J1'], rates: ['0.06', '0.01'] },
  ]);
  const april = vintage('april', [
    { key: 'Z1', from: '2026-04-01', jurisdictions: ['J0', 'J1'], rates: ['0.06', '0.015'] },
  ]);

  it('each vintage applies from its first day until the next one, in whatever order the tables come', () => {
    for (const tables of [
      [march, april],
      [april, march],
    ]) {
      const index = compileRateIndex(tables);
      const rates = (day: string) => lookupRates(index, 'Z1', parseDay(day))?.map((rate) => rate.rate);
      expect(rates('2026-02-28')).toEqual([]);
      expect(rates('2026-03-01')).toEqual(['0.06', '0.01']);
      expect(rates('2026-03-31')).toEqual(['0.06', '0.01']);
      expect(rates('2026-04-01')).toEqual(['0.06', '0.015']);
      expect(rates('2031-01-01')).toEqual(['0.06', '0.015']);
    }
  });

  it('a later table with the same key and date replaces the earlier one; an undated entry replaces all', () => {
    const fix = vintage('fix', [{ key: 'Z1', from: '2026-04-01', jurisdictions: ['J2'], rates: ['0.02'] }]);
    const index = compileRateIndex([march, april, fix]);
    expect(lookupRates(index, 'Z1', parseDay('2026-04-02'))?.map((rate) => rate.jurisdiction.id)).toEqual(['J2']);
    expect(lookupRates(index, 'Z1', parseDay('2026-03-02'))?.map((rate) => rate.rate)).toEqual(['0.06', '0.01']);
    const undated = vintage('undated', [{ key: 'Z1', jurisdictions: ['J2'], rates: ['0.03'] }]);
    const replaced = compileRateIndex([march, april, undated]);
    expect(lookupRates(replaced, 'Z1', parseDay('2000-01-01'))?.map((rate) => rate.rate)).toEqual(['0.03']);
    expect(lookupRates(replaced, 'Z1', parseDay('2026-04-02'))?.map((rate) => rate.rate)).toEqual(['0.03']);
  });

  it('shares one frozen rate set and one timeline between keys with the same rates', () => {
    const table = vintage('shared', [
      { key: 'A', from: '2026-03-01', jurisdictions: ['J0', 'J1'], rates: ['0.06', '0.01'] },
      { key: 'B', from: '2026-03-01', jurisdictions: ['J0', 'J1'], rates: ['0.06', '0.01'] },
      { key: 'C', from: '2026-03-01', jurisdictions: ['J0', 'J1'], rates: ['0.06', '0.02'] },
    ]);
    const index = compileRateIndex(table);
    expect(index.keys.get('A')).toBe(index.keys.get('B'));
    expect(index.keys.get('C')).not.toBe(index.keys.get('A'));
    const day = parseDay('2026-05-01');
    expect(lookupRates(index, 'C', day)?.[0]).toBe(lookupRates(index, 'A', day)?.[0]);
  });

  it('rejects a rates list that does not match the jurisdictions', () => {
    expect(() =>
      compileRateIndex(
        vintage('bad', [{ key: 'A', from: '2026-03-01', jurisdictions: ['J0', 'J1'], rates: ['0.06'] }]),
      ),
    ).toThrow(/1 rates for 2 jurisdictions/);
    expect(() =>
      compileRateIndex(vintage('bad', [{ key: 'A', from: '2026-03-01', jurisdictions: ['J0'], rates: ['1.5'] }])),
    ).toThrow(/exact decimal|above 1/);
  });

  it('equals the naive rule (the latest entry dated on or before the day, last table wins a tie) on random vintages', () => {
    const entry = fc.record({
      key: fc.constantFrom('A', 'B', 'C'),
      from: fc.integer({ min: 20_000, max: 20_400 }),
      members: fc.uniqueArray(fc.constantFrom('J0', 'J1', 'J2'), { maxLength: 3 }),
      rate: fc.integer({ min: 0, max: 99_999 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(entry, { maxLength: 6 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 19_990, max: 20_410 }), { maxLength: 15 }),
        (tables, probes) => {
          const built = tables.map((entries, position) =>
            vintage(
              `t${position}`,
              entries.map((spec) => ({
                key: spec.key,
                from: isoOf(spec.from),
                jurisdictions: spec.members,
                rates: spec.members.map(() => `0.${String(spec.rate).padStart(5, '0')}`),
              })),
            ),
          );
          const index = compileRateIndex(built);
          const all = built.flatMap((table) => table.locations);
          const days = [
            ...probes,
            ...all.flatMap((location) => [parseDay(location.from as string), parseDay(location.from as string) - 1]),
          ];
          for (const key of ['A', 'B', 'C']) {
            for (const day of days) {
              const candidates = all.filter(
                (location) => location.key === key && parseDay(location.from as string) <= day,
              );
              const latest = candidates.reduce<LocationDef | undefined>(
                (best, location) =>
                  best === undefined || parseDay(location.from as string) >= parseDay(best.from as string)
                    ? location
                    : best,
                undefined,
              );
              const known = all.some((location) => location.key === key);
              const expected = !known
                ? undefined
                : latest === undefined
                  ? []
                  : latest.jurisdictions.map((id, position) => `${id}=${latest.rates?.[position]}`);
              const fast = lookupRates(index, key, day)?.map((rate) => `${rate.jurisdiction.id}=${rate.rate}`);
              expect(fast).toEqual(expected);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
