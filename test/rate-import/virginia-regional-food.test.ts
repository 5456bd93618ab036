import type { ProductCategoryCode } from '../../src/core/product-categories.ts';
/**
 * Virginia's regional sales taxes (an imported Avalara table's special rate, a DISTRICT) do not
 * apply to food for home consumption: it pays the 1 % local tax only (data/taxability/us-local.json).
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { importRates } from '../../src/rate-import/import-rates.ts';
import { avalaraCsv } from '../helpers/avalara-fixture.ts';

type Wire = Record<string, any>;

async function engineWithVirginia() {
  const store = createMemoryStore();
  await importRates({
    store,
    inputs: [
      {
        fileName: 'TAXRATES_ZIP5_VA202601.csv',
        text: avalaraCsv([
          // Richmond (Central Virginia, 0.7 %), Norfolk (Hampton Roads, 0.7 %), Roanoke (no regional tax).
          { state: 'VA', zip: '23219', region: 'RICHMOND', combined: 60_000, parts: [43_000, 10_000, 0, 7_000] },
          { state: 'VA', zip: '23510', region: 'NORFOLK', combined: 60_000, parts: [43_000, 0, 10_000, 7_000] },
          { state: 'VA', zip: '24011', region: 'ROANOKE', combined: 53_000, parts: [43_000, 0, 10_000, 0] },
        ]),
      },
    ],
  });
  return createTaxEngine({ store, clock: { now: () => Date.UTC(2026, 2, 1, 12) }, ratesCheckIntervalMs: 0 });
}

const sale = (zip: string, category: string) => ({
  customer: { address: { address_country: 'US', address_province: 'VA', address_postal_code: zip } },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: [{ product_category: category as ProductCategoryCode, amount: 10_000, quantity: 1 }],
  },
});

describe('Virginia food with an imported local table', () => {
  it('pays the 1 % local tax only: no state food tax from 2023, no regional tax', async () => {
    const engine = await engineWithVirginia();
    for (const zip of ['23219', '23510', '24011']) {
      const food = (await engine.calculations.create(sale(zip, 'FOOD_GENERAL'), { version: '2026-01-01' })) as Wire;
      expect(food.total_tax_amount, zip).toBe(100);
      const entries = food.line_items[0].tax_jurisdictions as Wire[];
      const district = entries.find((entry) => entry.tax_authority_type === 'DISTRICT');
      if (zip !== '24011') expect(district?.note, zip).toMatch(/regional sales taxes .* do not apply to food/);
      const general = (await engine.calculations.create(sale(zip, 'GENERAL_MERCHANDISE'))) as Wire;
      expect(general.total_tax_amount, zip).toBe(zip === '24011' ? 530 : 600);
    }
  });
});
