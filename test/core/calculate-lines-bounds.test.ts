import { describe, expect, it } from 'vitest';
import { calculateLines, type LineInput } from '../../src/core/calculate-lines.ts';
import { isTaxError } from '../../src/core/errors.ts';
import { compileRateIndex } from '../../src/core/rates/compile-rate-index.ts';
import { lookupRates } from '../../src/core/rates/lookup-rates.ts';
import type { ResolvedRate } from '../../src/core/rates/rate-index.ts';
import { mapFields } from '../../src/wire/field-map.ts';
import { platformCalculationFields } from '../../src/wire/platform-calculation-input.ts';

/** A place with a 5 % state tax and a flat 50-unit fee (a bag or delivery fee, say). */
function rateWithFee(): readonly ResolvedRate[] {
  const index = compileRateIndex({
    name: 't',
    source: 'test',
    effectiveDate: '2020-01-01',
    jurisdictions: [
      {
        id: 'J0',
        country: 'US',
        level: 'STATE',
        name: 'J0',
        authorityName: 'J0 State',
        authorityType: 'STATE',
        taxType: 'SALES',
        rateType: 'SALES TAX',
      },
      {
        id: 'J1',
        country: 'US',
        level: 'CITY',
        name: 'J1',
        authorityName: 'J1 City',
        authorityType: 'CITY',
        taxType: 'SALES',
        rateType: 'FEE',
      },
    ],
    rates: [
      { jurisdiction: 'J0', from: '2020-01-01', rate: '0.05' },
      { jurisdiction: 'J1', from: '2020-01-01', rate: '0', feeMinor: 50 },
    ],
    locations: [{ key: 'K', jurisdictions: ['J0', 'J1'] }],
  });
  return lookupRates(index, 'K', 20_000) ?? [];
}

function line(amountMinor: number): LineInput {
  return {
    lineItemId: 'li_1',
    referenceLineItemId: 'line_1',
    referenceProductId: '',
    productName: '',
    category: 'GENERAL_MERCHANDISE',
    amountMinor,
    quantity: 1,
  };
}

describe('calculateLines: flat fees in tax-inclusive amounts', () => {
  it('splits an inclusive amount into the fee, the percentage tax and the rest', () => {
    const [taxed] = calculateLines([line(155)], rateWithFee(), true, undefined).lines;
    expect(taxed).toMatchObject({ amountExcludingTaxMinor: 100, taxMinor: 55, amountIncludingTaxMinor: 155 });
    expect(taxed?.jurisdictions.map((part) => part.taxMinor)).toEqual([5, 50]);
    const [exact] = calculateLines([line(50)], rateWithFee(), true, undefined).lines;
    expect(exact).toMatchObject({ amountExcludingTaxMinor: 0, taxMinor: 50, amountIncludingTaxMinor: 50 });
  });

  it('refuses an inclusive amount below the fees it must include, naming the line, instead of going negative', () => {
    let thrown: unknown;
    try {
      calculateLines([line(155), line(30)], rateWithFee(), true, undefined, { linesKey: 'feeLines' });
    } catch (error) {
      thrown = error;
    }
    expect(isTaxError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ type: 'INVALID_VALUE', status: 400, key: ['feeLines', 1, 'amountMinor'] });
    // The wire layer names the field the caller sent.
    expect(mapFields(thrown, platformCalculationFields)).toMatchObject({
      type: 'INVALID_VALUE',
      status: 400,
      details: { field: 'fee_details.line_items[1].amount', minimum: 50 },
    });
  });

  it('still charges the fee on an exclusive line of any amount', () => {
    const [taxed] = calculateLines([line(0)], rateWithFee(), false, undefined).lines;
    expect(taxed).toMatchObject({ amountExcludingTaxMinor: 0, taxMinor: 50, amountIncludingTaxMinor: 50 });
  });
});
