import type { ProductCategoryCode } from '../../src/core/product-categories.ts';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';

// The two misses of issue 29: Illinois taxes nonprescription medicines at its 1 % low rate (taxkit
// charged 6.25 %), and Ontario rebates the provincial HST on prepared food of $4 or less (taxkit
// charged 13 %).
type Wire = Record<string, any>;

const engine = createTaxEngine({
  store: createMemoryStore(),
  clock: { now: () => Date.UTC(2026, 10, 26, 12) },
  ids: createCountingIds(),
  ratesCheckIntervalMs: 0,
});

async function sale(
  address: { country: string; province: string; postal: string },
  category: string,
  amount: number,
  day: string,
  options: { quantity?: number; included?: boolean } = {},
): Promise<Wire> {
  return (await engine.calculations.create({
    customer: {
      address: {
        address_country: address.country,
        address_province: address.province,
        address_postal_code: address.postal,
      },
    },
    order_details: {
      customer_currency_code: address.country === 'CA' ? 'CAD' : 'USD',
      tax_included_in_amount: options.included ?? false,
      line_items: [{ product_category: category as ProductCategoryCode, amount, quantity: options.quantity ?? 1 }],
    },
    tax_date: Date.parse(`${day}T12:00:00Z`) / 1000,
  })) as Wire;
}

const chicago = { country: 'US', province: 'IL', postal: '60601' };
const toronto = { country: 'CA', province: 'ON', postal: 'M5V 3L9' };
/** A $100 nonprescription medicine sold into a US state's ZIP. */
const medicineIn = (province: string, postal: string, day = '2026-03-01') =>
  sale({ country: 'US', province, postal }, 'MEDICINES_NONPRESCRIPTION', 10_000, day);

describe('nonprescription medicines', () => {
  it('Illinois: the 1 % low rate, with groceries in 2025 and alone from 2026, when groceries pay 0 %', async () => {
    for (const day of ['2025-06-01', '2026-03-01']) {
      const medicine = await sale(chicago, 'MEDICINES_NONPRESCRIPTION', 10_000, day);
      expect(medicine.total_tax_amount).toBe(100);
      expect(medicine.line_items[0].tax_jurisdictions[0]).toMatchObject({ tax_rate: 0.01 });
      expect(medicine.line_items[0].tax_jurisdictions[0].note).toMatch(/^Illinois taxes nonprescription medicines/);
    }
    expect((await sale(chicago, 'FOOD_GENERAL', 10_000, '2025-06-01')).total_tax_amount).toBe(100);
    expect((await sale(chicago, 'FOOD_GENERAL', 10_000, '2026-03-01')).total_tax_amount).toBe(0);
    expect((await sale(chicago, 'GENERAL_MERCHANDISE', 10_000, '2026-03-01')).total_tax_amount).toBe(625);
  });

  it.each([
    ['TX', '75201'],
    ['NY', '10001'],
    ['MN', '55401'],
    ['VA', '23219'],
  ])('%s exempts them; a state without a rule taxes them at the general rate and says so', async (state, zip) => {
    const exempt = await medicineIn(state, zip);
    expect(exempt.total_tax_amount).toBe(0);
    const taxed = await medicineIn('GA', '30301');
    expect(taxed.total_tax_amount).toBe(400);
    expect(taxed.line_items[0].tax_jurisdictions[0].note).toMatch(/no taxability rule for MEDICINES_NONPRESCRIPTION/);
  });
});

describe('nonprescription medicines re-checked in 2026 (issue 36)', () => {
  it('Missouri taxes them at the general 4.225 % state rate (only a sale to an individual with a disability is exempt)', async () => {
    const medicine = await medicineIn('MO', '63101');
    expect(medicine.total_tax_amount).toBe(423);
    expect(medicine.line_items[0].tax_jurisdictions[0].note).toMatch(/^Missouri taxes over-the-counter drugs/);
  });

  it('Rhode Island exempted them until 2011-09-30 and taxes them at 7 % since 2011-10-01', async () => {
    expect((await medicineIn('RI', '02903', '2011-09-30')).total_tax_amount).toBe(0);
    expect((await medicineIn('RI', '02903', '2011-10-01')).total_tax_amount).toBe(700);
  });
});

describe('Ontario prepared food of $4 or less', () => {
  it('pays only the 5 % federal part up to $4.00, the 13 % HST from $4.01', async () => {
    const coffee = await sale(toronto, 'FOOD_PREPARED', 400, '2026-03-01');
    expect(coffee.total_tax_amount).toBe(20);
    expect(coffee.line_items[0].tax_jurisdictions[0]).toMatchObject({ tax_rate: 0.05 });
    expect(coffee.line_items[0].tax_jurisdictions[0].note).toMatch(/^Ontario rebates the 8% provincial part/);
    const lunch = await sale(toronto, 'FOOD_PREPARED', 401, '2026-03-01');
    expect(lunch.total_tax_amount).toBe(52);
    expect(lunch.line_items[0].tax_jurisdictions[0].note).toMatch(/Not applied/);
    expect((await sale(toronto, 'CANDY', 150, '2026-03-01')).total_tax_amount).toBe(8);
  });

  it('compares the whole line, tax-inclusive lines too, and yields to the 2024-25 GST/HST holiday', async () => {
    expect((await sale(toronto, 'FOOD_PREPARED', 500, '2026-03-01', { quantity: 2 })).total_tax_amount).toBe(65);
    expect(await sale(toronto, 'FOOD_PREPARED', 420, '2026-03-01', { included: true })).toMatchObject({
      total_tax_amount: 20,
    });
    expect((await sale(toronto, 'FOOD_PREPARED', 400, '2025-01-10')).total_tax_amount).toBe(0);
    expect((await sale(toronto, 'FOOD_PREPARED', 400, '2024-06-01')).total_tax_amount).toBe(20);
  });
});
