import { describe, expect, it } from 'vitest';
import { compileRateIndex } from '../../../src/core/rates/compile-rate-index.ts';
import { parseDay } from '../../../src/core/rates/day-number.ts';
import { lookupRates } from '../../../src/core/rates/lookup-rates.ts';
import type { JurisdictionDef, RateTable } from '../../../src/core/rates/rate-table.ts';
import { TEST_RATES } from '../../helpers/engine-fixtures.ts';

const tableWith = (jurisdiction: JurisdictionDef): RateTable => ({
  name: 'test',
  source: 'test',
  effectiveDate: '2026-01-01',
  jurisdictions: [jurisdiction],
  rates: [{ jurisdiction: jurisdiction.id, from: '2026-01-01', rate: '0.05' }],
  locations: [{ key: 'US-TX-75001', jurisdictions: [jurisdiction.id] }],
});

describe('compileRateIndex: the jurisdictions it hands out', () => {
  const base: JurisdictionDef = {
    id: 'US-TX',
    country: 'US',
    level: 'STATE',
    name: 'Texas',
    authorityName: 'Texas State',
    authorityType: 'STATE',
    taxType: 'SALES',
    rateType: 'STATE SALES TAX',
    subdivision: 'TX',
  };

  it('are frozen copies holding the same fields, absent ones absent', () => {
    const compiled = compileRateIndex(tableWith(base)).jurisdictions.get('US-TX');
    expect(compiled).not.toBe(base);
    expect(Object.isFrozen(compiled)).toBe(true);
    expect(compiled).toStrictEqual(base);
    expect(Object.keys(compiled ?? {})).toEqual(Object.keys(base));
  });

  it('keep a "__proto__" key of a parsed table as a field, not as the copy\'s prototype', () => {
    const parsed = JSON.parse(JSON.stringify({ ...base, id: 'US-OK' }).replace(/}$/, ',"__proto__":{"injected":1}}'));
    const compiled = compileRateIndex(tableWith(parsed as JurisdictionDef)).jurisdictions.get('US-OK');
    expect(Object.getPrototypeOf(compiled)).toBe(Object.prototype);
    expect((compiled as unknown as Record<string, unknown>).injected).toBeUndefined();
    expect(Object.keys(compiled ?? {})).toContain('__proto__');
  });
});

describe('compileRateIndex: one id named by two tables (issue 37)', () => {
  const embedded: RateTable = {
    name: 'embedded',
    source: 'test',
    effectiveDate: '2026-01-01',
    // The test engine's California, with the note an embedded state rate carries.
    jurisdictions: [
      {
        ...(TEST_RATES.jurisdictions.find((j) => j.id === 'US-CA') as JurisdictionDef),
        note: 'State-level rate only.',
      },
    ],
    rates: [{ jurisdiction: 'US-CA', from: '2026-01-01', rate: '0.0725' }],
    locations: [{ key: 'US-CA', jurisdictions: ['US-CA'] }],
  };
  const { note: _note, ...withoutNote } = embedded.jurisdictions[0] as JurisdictionDef;
  const imported = (rates: 'inline' | 'dated'): RateTable => ({
    name: 'imported',
    source: 'test',
    effectiveDate: '2026-01-01',
    jurisdictions: [{ ...withoutNote, rateType: 'IMPORTED' }],
    rates: rates === 'dated' ? [{ jurisdiction: 'US-CA', from: '2026-01-01', rate: '0.06' }] : [],
    locations: [
      rates === 'inline'
        ? { key: 'US-CA-90002', jurisdictions: ['US-CA'], rates: ['0.06'] }
        : { key: 'US-CA-90002', jurisdictions: ['US-CA'] },
    ],
  });
  const at = (index: ReturnType<typeof compileRateIndex>, key: string) => {
    const [rate] = lookupRates(index, key, parseDay('2026-06-01')) ?? [];
    return [rate?.jurisdiction.id, rate?.jurisdiction.rateType, rate?.rate];
  };

  it('an inline-rated table keeps its definition to its own locations; the earlier table keeps its rate and note', () => {
    const index = compileRateIndex([embedded, imported('inline')]);
    expect(at(index, 'US-CA-90002')).toEqual(['US-CA', 'IMPORTED', '0.06']);
    expect(at(index, 'US-CA')).toEqual(['US-CA', 'STATE SALES TAX', '0.0725']);
    // Listed once, by the definition the id's own (dated) table gave.
    expect([...index.jurisdictions.keys()]).toEqual(['US-CA']);
    expect(index.jurisdictions.get('US-CA')?.note).toBe('State-level rate only.');
  });

  it('a table that dates the id itself replaces it everywhere, as before', () => {
    const index = compileRateIndex([embedded, imported('dated')]);
    expect(at(index, 'US-CA-90002')).toEqual(['US-CA', 'IMPORTED', '0.06']);
    expect(at(index, 'US-CA')).toEqual(['US-CA', 'IMPORTED', '0.06']);
  });
});
