/**
 * The defaultOrigin option as a JavaScript caller or a config file writes it: fields left out are
 * empty, not a TypeError deep in the store when the first calculation is kept; an origin without
 * a country is refused when the engine is made.
 */
import { describe, expect, it } from 'vitest';
import type { Address } from '../../src/core/types.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { createSqliteStore } from '../../adapters/sqlite/index.ts';

describe('defaultOrigin', () => {
  it('takes an origin without line2 or city, and keeps calculations made with it', async () => {
    const origin = { line1: '1 Main St', province: 'CA', postalCode: '94105', country: 'US' } as unknown as Address;
    const engine = createTaxEngine({ defaultOrigin: origin, store: createSqliteStore({ path: ':memory:' }) });
    const calculation = (await engine.calculations.create({
      customer: { address: { address_country: 'US', address_province: 'IN', address_postal_code: '46122' } },
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: false,
        line_items: [
          { reference_line_item_id: 'l', product_category: 'GENERAL_MERCHANDISE', amount: 1000, quantity: 1 },
        ],
      },
    })) as { id: string; total_tax_amount: number };
    expect(calculation.total_tax_amount).toBe(70);
    await expect(
      engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'o-1' }),
    ).resolves.toMatchObject({ reference_order_id: 'o-1' });
    await engine.close();
  });

  it('refuses an origin without a two-letter country when the engine is made', () => {
    expect(() => createTaxEngine({ defaultOrigin: { line1: 'x' } as unknown as Address })).toThrow(
      /defaultOrigin.country/,
    );
  });
});
