import { describe, expect, it } from 'vitest';
import { compileRateIndex } from '../../../src/core/rates/compile-rate-index.ts';
import type { JurisdictionDef, RateTable } from '../../../src/core/rates/rate-table.ts';

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
