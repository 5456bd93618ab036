import type { ProductCategoryCode } from '../../src/core/product-categories.ts';
/**
 * Taxability rules reach the local jurisdictions of an imported Avalara ZIP5 table (issues 8
 * and 9): the state's rule decides for its county, city and district parts unless the rule
 * says local taxes do otherwise.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { importRates } from '../../src/rate-import/import-rates.ts';

const NOW = Date.UTC(2026, 10, 22, 12);
const HEADER =
  'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';
type Wire = Record<string, any>;

/**
 * New York ZIPs by county (the county comes from the ZIP -> county table): the counties that exempt
 * clothing under $110 from their own tax (Publication 718-C, Part 1), Erie, which does not, and
 * Dutchess and Putnam, in the MCTD, whose 0.375 % is a district named after the tax region.
 * The rates are fixture rates.
 */
const NY_EXEMPTING: readonly [zip: string, county: string][] = [
  ['14701', 'CHAUTAUQUA'],
  ['13830', 'CHENANGO'],
  ['12534', 'COLUMBIA'],
  ['13753', 'DELAWARE'],
  ['12414', 'GREENE'],
  ['12164', 'HAMILTON'],
  ['13827', 'TIOGA'],
  ['14513', 'WAYNE'],
  ['14604', 'MONROE'],
];
const NY_COUNTY_ROWS = [
  ...NY_EXEMPTING.map(([zip]) => `NY,${zip},PLACE ${zip},0.080000,0.040000,0.040000,0.000000,0.000000,1\n`),
  'NY,14202,BUFFALO,0.087500,0.040000,0.047500,0.000000,0.000000,1\n',
  'NY,12601,POUGHKEEPSIE,0.081250,0.040000,0.037500,0.000000,0.003750,1\n',
  'NY,10541,MAHOPAC,0.083750,0.040000,0.040000,0.000000,0.003750,1\n',
  'NY,13035,CAZENOVIA,0.080000,0.040000,0.040000,0.000000,0.000000,1\n',
].join('');

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
      text: `${HEADER}\nNY,10001,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,1\nNY,12207,ALBANY,0.080000,0.040000,0.040000,0.000000,0.000000,1\n${NY_COUNTY_ROWS}`,
    },
    {
      // An older vintage, so that sales dated 2012 to 2026 in these ZIPs use imported local rates.
      fileName: 'TAXRATES_ZIP5_NY201201.csv',
      text: `${HEADER}\nNY,10541,MAHOPAC,0.083750,0.040000,0.040000,0.000000,0.003750,1\nNY,13035,CAZENOVIA,0.080000,0.040000,0.040000,0.000000,0.000000,1\n`,
    },
    {
      // Mecklenburg: 2 % county + 0.5 % transit; Durham: 2.25 % county + 0.5 % transit.
      fileName: 'TAXRATES_ZIP5_NC202611.csv',
      text: `${HEADER}\nNC,28202,CHARLOTTE,0.072500,0.047500,0.020000,0.000000,0.005000,1\nNC,27701,DURHAM,0.075000,0.047500,0.022500,0.000000,0.005000,1\n`,
    },
  ];
  await importRates({ store, inputs });
  return createTaxEngine({ store, clock: { now: () => NOW }, ratesCheckIntervalMs: 0 });
}

const sale = (state: string, zip: string, category: string, amount = 10_000, inclusive = false) => ({
  customer: { address: { address_country: 'US', address_province: state, address_postal_code: zip } },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: inclusive,
    line_items: [
      { reference_line_item_id: 'l1', product_category: category as ProductCategoryCode, amount, quantity: 1 },
    ],
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

  it('New York clothing under $110 outside an exempting locality: no state tax, the local taxes as imported', async () => {
    // Albany County does not exempt clothing (Publication 718-C, Part 1B): its 4 % applies.
    const engine = await importedEngine();
    const shirt = (await engine.calculations.create(sale('NY', '12207', 'CLOTHING_GENERAL', 5_000), {
      version: '2026-03-01',
    })) as Wire;
    const rates = shirt.line_items[0].tax_jurisdictions.map((entry: Wire) => entry.tax_rate);
    expect(rates[0]).toBe(0);
    expect(rates.slice(1).reduce((sum: number, rate: number) => sum + rate, 0)).toBeCloseTo(0.04, 8);
    expect(shirt.total_tax_amount).toBe(200);
  });

  describe('local rules scoped to jurisdictions', () => {
    const create = async (engine: Awaited<ReturnType<typeof importedEngine>>, body: unknown) =>
      (await engine.calculations.create(body as never, { version: '2026-03-01' })) as Wire;

    it('New York City exempts clothing under $110 from its city and MCTD taxes too; $110 and up pays all', async () => {
      const engine = await importedEngine();
      const shirt = await create(engine, sale('NY', '10001', 'CLOTHING_GENERAL', 5_000));
      expect(shirt.total_tax_amount).toBe(0);
      const entries = shirt.line_items[0].tax_jurisdictions as Wire[];
      expect(entries.map((entry) => entry.tax_authority_type)).toEqual(['STATE', 'CITY', 'DISTRICT']);
      for (const entry of entries) expect(entry.tax_rate).toBe(0);
      expect(entries[1]?.note).toMatch(/New York City exempts clothing/);
      expect(entries[2]?.note).toMatch(/Metropolitan Commuter Transportation District/);
      const coat = await create(engine, sale('NY', '10001', 'CLOTHING_GENERAL', 11_000));
      expect(coat.total_tax_amount).toBe(976); // 110 × 8.875 % = 9.7625
      expect(coat.line_items[0].tax_jurisdictions[1].note).toMatch(/Not applied/);
      // General merchandise in the city is untouched by the clothing rule.
      expect((await create(engine, sale('NY', '10001', 'GENERAL_MERCHANDISE', 5_000))).total_tax_amount).toBe(444);
    });

    describe('New York counties that exempt clothing under $110 (Publication 718-C, Part 1)', () => {
      const levels = (result: Wire) =>
        (result.line_items[0].tax_jurisdictions as Wire[]).map((entry) => [entry.tax_authority_type, entry.tax_rate]);
      const dated = (body: Wire, day: string) => ({ ...body, tax_date: Date.parse(`${day}T12:00:00Z`) / 1000 });

      it('no state and no county tax under $110; $110 and up pays both', async () => {
        const engine = await importedEngine();
        for (const [zip, county] of NY_EXEMPTING) {
          const shirt = await create(engine, sale('NY', zip, 'CLOTHING_GENERAL', 10_999));
          expect(levels(shirt), zip).toEqual([
            ['STATE', 0],
            ['COUNTY', 0],
          ]);
          expect(shirt.total_tax_amount, zip).toBe(0);
          const entry = shirt.line_items[0].tax_jurisdictions[1] as Wire;
          expect(entry.jurisdiction_name, zip).toBe(county);
          expect(entry.note, zip).toMatch(/exempts? clothing and footwear sold for less than \$110/);
          expect(entry.note.toUpperCase(), zip).toContain(county);
          const coat = await create(engine, sale('NY', zip, 'CLOTHING_GENERAL', 11_000));
          expect(levels(coat), zip).toEqual([
            ['STATE', 0.04],
            ['COUNTY', 0.04],
          ]);
          expect(coat.total_tax_amount, zip).toBe(880);
        }
      });

      it('a county that does not exempt it (Erie) still taxes the county part under $110', async () => {
        const engine = await importedEngine();
        const shirt = await create(engine, sale('NY', '14202', 'CLOTHING_GENERAL', 4_000));
        expect(levels(shirt)).toEqual([
          ['STATE', 0],
          ['COUNTY', 0.0475],
        ]);
        expect(shirt.total_tax_amount).toBe(190);
      });

      it('Dutchess: no county tax under $110; the MCTD district, named after the tax region, is still charged', async () => {
        const engine = await importedEngine();
        const shirt = await create(engine, sale('NY', '12601', 'CLOTHING_GENERAL', 4_000));
        expect(levels(shirt)).toEqual([
          ['STATE', 0],
          ['COUNTY', 0],
          ['DISTRICT', 0.00375],
        ]);
        expect(shirt.total_tax_amount).toBe(15);
        expect(shirt.line_items[0].tax_jurisdictions[1].note).toMatch(/Dutchess County exempts/);
      });

      it('Putnam: exempt from 2024-03-01 for two years, taxed before and after', async () => {
        const engine = await importedEngine();
        const shirt = sale('NY', '10541', 'CLOTHING_GENERAL', 4_000);
        const county = async (day: string) =>
          (await create(engine, dated(shirt, day))).line_items[0].tax_jurisdictions[1].tax_rate;
        expect(await county('2024-02-29')).toBe(0.04);
        expect(await county('2024-03-01')).toBe(0);
        expect(await county('2026-02-28')).toBe(0);
        expect(await county('2026-03-01')).toBe(0.04);
        expect((await create(engine, shirt)).line_items[0].tax_jurisdictions[1].tax_rate).toBe(0.04);
      });

      it('Madison: exempt until it reimposed its tax on 2013-03-01', async () => {
        const engine = await importedEngine();
        const shirt = sale('NY', '13035', 'CLOTHING_GENERAL', 4_000);
        const before = await create(engine, dated(shirt, '2013-02-28'));
        expect(levels(before)).toEqual([
          ['STATE', 0],
          ['COUNTY', 0],
        ]);
        expect(before.line_items[0].tax_jurisdictions[1].note).toMatch(/Madison County exempted/);
        const after = await create(engine, dated(shirt, '2013-03-01'));
        expect(levels(after)).toEqual([
          ['STATE', 0],
          ['COUNTY', 0.04],
        ]);
        expect(after.total_tax_amount).toBe(160);
      });
    });

    it('North Carolina food: no state tax, 2 % in every county whatever its general rate, no transit tax', async () => {
      const engine = await importedEngine();
      for (const zip of ['28202', '27701']) {
        const food = await create(engine, sale('NC', zip, 'FOOD_GENERAL'));
        const entries = food.line_items[0].tax_jurisdictions as Wire[];
        expect(
          entries.map((entry) => [entry.tax_authority_type, entry.tax_rate]),
          zip,
        ).toEqual([
          ['STATE', 0],
          ['COUNTY', 0.02],
          ['DISTRICT', 0],
        ]);
        expect(food.total_tax_amount, zip).toBe(200);
        expect(entries[1]?.note).toMatch(/uniform 2% local food rate/);
      }
      // The county's general rate still applies to general merchandise (Durham 2.25 %).
      const general = await create(engine, sale('NC', '27701', 'GENERAL_MERCHANDISE'));
      expect(general.line_items[0].tax_jurisdictions[1].tax_rate).toBe(0.0225);
      expect(general.total_tax_amount).toBe(750);
    });

    it('tax-inclusive: the local rules give back the same price and tax', async () => {
      const engine = await importedEngine();
      const food = await create(engine, sale('NC', '27701', 'FOOD_GENERAL', 10_200, true));
      expect(food.line_items[0]).toMatchObject({ amount_excluding_tax: 10_000, tax_amount: 200 });
      const shirt = await create(engine, sale('NY', '10001', 'CLOTHING_GENERAL', 5_000, true));
      expect(shirt.line_items[0]).toMatchObject({ amount_excluding_tax: 5_000, tax_amount: 0 });
      const coat = await create(engine, sale('NY', '10001', 'CLOTHING_GENERAL', 11_976, true));
      expect(coat.line_items[0]).toMatchObject({ amount_excluding_tax: 11_000, tax_amount: 976 });
    });

    it('a refund of a line taxed under a local rule returns the tax recorded', async () => {
      const engine = await importedEngine();
      const food = await create(engine, sale('NC', '27701', 'FOOD_GENERAL', 30_000));
      expect(food.total_tax_amount).toBe(600);
      const transaction = (await engine.transactions.create({
        calculation_id: food.id,
        reference_order_id: 'nc-food-1',
      })) as Wire;
      const refund = (await engine.refunds.create({ transaction_id: transaction.id, type: 'full' })) as Wire;
      expect(refund.line_items[0]).toMatchObject({ tax_amount: -600, amount_excluding_tax: -30_000 });
      expect(refund.line_items[0].tax_jurisdictions[1].note).toMatch(/uniform 2% local food rate/);
    });
  });
});
