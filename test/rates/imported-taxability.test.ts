/**
 * Taxability rules reach the local jurisdictions of an imported Avalara ZIP5 table (issues 8
 * and 9): the state's rule decides for its county, city and district parts unless the rule
 * says local taxes do otherwise.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { importRates } from '../../src/rates/import-rates.ts';

const NOW = Date.UTC(2026, 10, 22, 12);
const HEADER =
  'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';
type Wire = Record<string, any>;

async function importedEngine() {
  const store = createMemoryStore();
  const inputs = [
    {
      fileName: 'TAXRATES_ZIP5_TX202611.csv',
      text: `${HEADER}\nTX,75001,ADDISON,0.082500,0.062500,0.000000,0.010000,0.010000,1\n`,
    },
    {
      fileName: 'TAXRATES_ZIP5_TN202611.csv',
      text: `${HEADER}\nTN,37201,NASHVILLE-DAVIDSON,0.092500,0.070000,0.022500,0.000000,0.000000,1\n`,
    },
    {
      fileName: 'TAXRATES_ZIP5_NY202611.csv',
      text: `${HEADER}\nNY,10001,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,1\n`,
    },
  ];
  await importRates({ store, inputs });
  return createTaxEngine({ store, clock: { now: () => NOW }, ratesCheckIntervalMs: 0 });
}

const sale = (state: string, zip: string, category: string, amount = 10_000) => ({
  customer: { address: { address_country: 'US', address_province: state, address_postal_code: zip } },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: [{ reference_line_item_id: 'l1', product_category: category, amount, quantity: 1 }],
  },
});

describe('taxability on imported local rates', () => {
  it('Texas groceries are exempt at the state, city and district; SaaS is taxed on 80 % at each', async () => {
    const engine = await importedEngine();
    const general = (await engine.calculations.create(sale('TX', '75001', 'GENERAL_MERCHANDISE'), {
      version: '2026-03-01',
    })) as Wire;
    expect(general.total_tax_amount).toBe(825);
    const food = (await engine.calculations.create(sale('TX', '75001', 'FOOD_GENERAL'), {
      version: '2026-03-01',
    })) as Wire;
    expect(food.total_tax_amount).toBe(0);
    const entries = food.line_items[0].tax_jurisdictions as Wire[];
    expect(entries.length).toBeGreaterThan(1);
    for (const entry of entries)
      expect(entry).toMatchObject({ tax_rate: 0, note: expect.stringMatching(/exempt in Texas/) });
    const saas = (await engine.calculations.create(sale('TX', '75001', 'SAAS_GENERAL'), {
      version: '2026-03-01',
    })) as Wire;
    expect(saas.total_tax_amount).toBe(660);
  });

  it('Tennessee food: 4 % state, the county in full', async () => {
    const engine = await importedEngine();
    const food = (await engine.calculations.create(sale('TN', '37201', 'FOOD_GENERAL'), {
      version: '2026-03-01',
    })) as Wire;
    expect(food.line_items[0].tax_jurisdictions.map((entry: Wire) => entry.tax_rate)).toEqual([0.04, 0.0225]);
    expect(food.total_tax_amount).toBe(625);
  });

  it('New York clothing under $110: no state tax, the local taxes as imported', async () => {
    const engine = await importedEngine();
    const shirt = (await engine.calculations.create(sale('NY', '10001', 'CLOTHING_GENERAL', 5_000), {
      version: '2026-03-01',
    })) as Wire;
    const rates = shirt.line_items[0].tax_jurisdictions.map((entry: Wire) => entry.tax_rate);
    expect(rates[0]).toBe(0);
    expect(rates.slice(1).reduce((sum: number, rate: number) => sum + rate, 0)).toBeCloseTo(0.04875, 8);
  });
});
