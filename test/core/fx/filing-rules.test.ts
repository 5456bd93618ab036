import { describe, expect, it } from 'vitest';
import type { ExchangeRate } from '../../../src/core/fx/exchange-rate.ts';
import {
  checkFilingOptions,
  filingDay,
  filingRuleFor,
  rateApplies,
  type FilingOptions,
} from '../../../src/core/fx/filing-rules.ts';
import { convertMinor } from '../../../src/core/money/convert-currency.ts';
import { createTaxEngine } from '../../../src/engine.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('filing rules', () => {
  it('picks the first rule covering the country', () => {
    const rules: FilingOptions['rules'] = [
      { countries: ['GB'], currency: 'GBP', source: 'HMRC' },
      { countries: 'EU', currency: 'EUR', source: 'ECB' },
      { countries: '*', currency: 'USD', source: 'ECB' },
    ];
    expect(filingRuleFor(rules, 'GB')?.currency).toBe('GBP');
    expect(filingRuleFor(rules, 'FR')?.currency).toBe('EUR');
    expect(filingRuleFor(rules, 'NO')?.currency).toBe('USD');
    expect(filingRuleFor(rules.slice(0, 2), 'NO')).toBeUndefined();
    expect(filingRuleFor(rules, undefined)).toBeUndefined();
  });

  it('names the sale day, or the last day of its quarter or month', () => {
    const sale = at('2026-02-14T23:59:59Z');
    const rule = { countries: 'EU', currency: 'EUR', source: 'ECB' } as const;
    expect(filingDay(rule, sale)).toBe('2026-02-14');
    expect(filingDay({ ...rule, day: 'period_end' }, sale)).toBe('2026-03-31');
    expect(filingDay({ ...rule, day: 'period_end', period: 'month' }, sale)).toBe('2026-02-28');
    expect(filingDay({ ...rule, day: 'period_end' }, at('2026-11-02T00:00:00Z'))).toBe('2026-12-31');
  });

  it('uses an ECB rate at most 7 days from the day, and an HMRC rate only within its month', () => {
    const ecb: ExchangeRate = {
      source: 'ECB',
      base: 'EUR',
      quote: 'USD',
      from: '2026-04-02',
      to: '2026-04-02',
      rate: '1.1',
    };
    expect(rateApplies(ecb, '2026-04-06')).toBe(true); // Good Friday to Easter Monday
    expect(rateApplies(ecb, '2026-04-09')).toBe(true);
    expect(rateApplies(ecb, '2026-04-10')).toBe(false);
    const hmrc: ExchangeRate = {
      source: 'HMRC',
      base: 'GBP',
      quote: 'USD',
      from: '2026-04-01',
      to: '2026-04-30',
      rate: '1.3',
    };
    expect(rateApplies(hmrc, '2026-04-30')).toBe(true);
    expect(rateApplies(hmrc, '2026-05-01')).toBe(false);
  });

  it('refuses a malformed option when the engine is made', () => {
    const bad = [
      { rules: [{ countries: 'EU', currency: 'euro', source: 'ECB' }] },
      { rules: [{ countries: 'Europe', currency: 'EUR', source: 'ECB' }] },
      { rules: [{ countries: ['de'], currency: 'EUR', source: 'ECB' }] },
      { rules: [{ countries: 'EU', currency: 'EUR', source: 'FED' }] },
      { rules: [{ countries: 'EU', currency: 'EUR', source: 'ECB', day: 'end' }] },
      { rules: [{ countries: 'EU', currency: 'EUR', source: 'ECB', period: 'year' }] },
      { rules: 'EU' },
    ];
    for (const filing of bad) {
      expect(() => checkFilingOptions(filing as FilingOptions), JSON.stringify(filing)).toThrow(TypeError);
      expect(() => createTaxEngine({ filing: filing as FilingOptions })).toThrow(TypeError);
    }
  });

  it('a derived rate past 12 decimals converts (a weak currency filed in a strong one)', () => {
    // 1,000,000.00 IDR at 1 / 17 000 = €58.82.
    expect(convertMinor(100_000_000, 'IDR', 'EUR', '0.00005882352941')).toBe(5882);
  });
});
