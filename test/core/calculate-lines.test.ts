import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateLines, type LineInput } from '../../src/core/calculate-lines.ts';
import { compileRateIndex } from '../../src/core/rates/compile-rate-index.ts';
import { lookupRates } from '../../src/core/rates/lookup-rates.ts';
import type { ResolvedRate } from '../../src/core/rates/rate-index.ts';
import type { RateTable } from '../../src/core/rates/rate-table.ts';

const oracle = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

function ratesOf(
  rates: readonly string[],
  categories?: Record<string, { rate: string; note?: string }>,
): readonly ResolvedRate[] {
  const table: RateTable = {
    name: 't',
    source: 'test',
    effectiveDate: '2020-01-01',
    jurisdictions: rates.map((_, index) => ({
      id: `J${index}`,
      country: 'US',
      level: 'STATE' as const,
      name: `J${index}`,
      authorityName: `J${index} State`,
      authorityType: 'STATE' as const,
      taxType: 'SALES' as const,
      rateType: 'SALES TAX',
    })),
    rates: rates.map((rate, index) => ({
      jurisdiction: `J${index}`,
      from: '2020-01-01',
      rate,
      ...(categories ? { categories } : {}),
    })),
    locations: [{ key: 'K', jurisdictions: rates.map((_, index) => `J${index}`) }],
  };
  return lookupRates(compileRateIndex(table), 'K', 20_000) ?? [];
}

function line(amountMinor: number, overrides: Partial<LineInput> = {}): LineInput {
  return {
    lineItemId: 'li_1',
    referenceLineItemId: 'line_1',
    referenceProductId: 'p',
    productName: 'Product',
    category: 'GENERAL_MERCHANDISE',
    amountMinor,
    quantity: 1,
    ...overrides,
  };
}

describe('calculateLines', () => {
  it('Indiana: a 200-cent line at 7 % owes 14 (the README example)', () => {
    const result = calculateLines([line(200, { quantity: 2 })], ratesOf(['0.07']), false, undefined);
    expect(result.totalTaxMinor).toBe(14);
    expect(result.lines[0]?.jurisdictions[0]).toMatchObject({ rate: '0.07', taxDue: '14', taxMinor: 14 });
  });

  it('rounds the sum of exact jurisdiction taxes once per line: 625 + 150 + 37.5 → 813', () => {
    const result = calculateLines([line(10_000)], ratesOf(['0.0625', '0.015', '0.00375']), false, undefined);
    expect(result.totalTaxMinor).toBe(813);
    expect(result.lines[0]?.jurisdictions.map((entry) => entry.taxDue)).toEqual(['625', '150', '37.5']);
    expect(result.lines[0]?.jurisdictions.map((entry) => entry.taxMinor)).toEqual([625, 150, 38]);
  });

  it('splits a tax-inclusive amount so excluded + tax == amount', () => {
    const result = calculateLines([line(11_300)], ratesOf(['0.13']), true, undefined);
    expect(result.lines[0]).toMatchObject({
      amountExcludingTaxMinor: 10_000,
      taxMinor: 1_300,
      amountIncludingTaxMinor: 11_300,
    });
  });

  it('zero reasons keep the jurisdictions, at rate 0, with a note', () => {
    const exempt = calculateLines([line(1_000)], ratesOf(['0.06']), false, { kind: 'exempt_customer' });
    expect(exempt.totalTaxMinor).toBe(0);
    expect(exempt.lines[0]?.jurisdictions[0]).toMatchObject({ rate: '0', note: expect.stringMatching(/exempt/) });
    const noNexus = calculateLines([line(1_000)], ratesOf(['0.06']), false, { kind: 'no_nexus' });
    expect(noNexus.lines[0]?.jurisdictions[0]?.rateType).toBe('NO COLLECTION; NO STATE NEXUS');
  });

  it('applies category rules and never taxes EXEMPT or NON_TAXABLE', () => {
    const rates = ratesOf(['0.06'], { FOOD_GENERAL: { rate: '0', note: 'Groceries are exempt.' } });
    const result = calculateLines(
      [line(1_000), line(1_000, { category: 'FOOD_GENERAL' }), line(1_000, { category: 'EXEMPT' })],
      rates,
      false,
      undefined,
    );
    expect(result.lines.map((entry) => entry.taxMinor)).toEqual([60, 0, 0]);
    expect(result.lines[1]?.jurisdictions[0]?.note).toBe('Groceries are exempt.');
  });
});

const rateText = fc.integer({ min: 0, max: 250_000 }).map((units) => new oracle(units).div(1_000_000).toFixed());
const amounts = fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 6 });

describe('properties', () => {
  it('total = Σ lines = Σ jurisdiction parts, and each line is half-up of its exact sum', () => {
    fc.assert(
      fc.property(amounts, fc.array(rateText, { minLength: 0, maxLength: 5 }), (values, rates) => {
        const resolved = ratesOf(rates);
        const result = calculateLines(
          values.map((value) => line(value)),
          resolved,
          false,
          undefined,
        );
        let sum = 0;
        result.lines.forEach((taxed, index) => {
          const exact = rates.reduce((acc, rate) => acc.plus(new oracle(values[index] ?? 0).mul(rate)), new oracle(0));
          expect(taxed.taxMinor).toBe(exact.toDecimalPlaces(0).toNumber());
          expect(taxed.jurisdictions.reduce((acc, entry) => acc + entry.taxMinor, 0)).toBe(taxed.taxMinor);
          taxed.jurisdictions.forEach((entry, at) => {
            expect(entry.taxDue).toBe(new oracle(values[index] ?? 0).mul(rates[at] ?? 0).toFixed());
          });
          sum += taxed.taxMinor;
        });
        expect(result.totalTaxMinor).toBe(sum);
        expect(result.totalIncludingTaxMinor).toBe(result.totalExcludingTaxMinor + result.totalTaxMinor);
      }),
    );
  });

  it('inclusive round-trip is exact: excluded + tax == amount, excluded = half-up of amount / (1 + r)', () => {
    fc.assert(
      fc.property(amounts, fc.array(rateText, { minLength: 1, maxLength: 4 }), (values, rates) => {
        const combined = rates.reduce((acc, rate) => acc.plus(rate), new oracle(0));
        const result = calculateLines(
          values.map((value) => line(value)),
          ratesOf(rates),
          true,
          undefined,
        );
        result.lines.forEach((taxed, index) => {
          const value = values[index] ?? 0;
          expect(taxed.amountExcludingTaxMinor + taxed.taxMinor).toBe(value);
          expect(taxed.amountIncludingTaxMinor).toBe(value);
          expect(taxed.amountExcludingTaxMinor).toBe(
            new oracle(value).div(combined.plus(1)).toDecimalPlaces(0).toNumber(),
          );
          expect(taxed.jurisdictions.reduce((acc, entry) => acc + entry.taxMinor, 0)).toBe(taxed.taxMinor);
        });
      }),
    );
  });
});
