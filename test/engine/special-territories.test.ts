import type { ProductCategoryCode } from '../../src/core/product-categories.ts';
/**
 * Special VAT territories by postcode (issue 9): the postcode decides where the sale is taxed,
 * and when the province disagrees the postcode wins and the resolution status says so.
 */
import { describe, expect, it } from 'vitest';
import { createTaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';

type Wire = Record<string, any>;
const engine = createTaxEngine({ clock: { now: () => Date.UTC(2026, 10, 22, 12) }, ids: createCountingIds() });

async function tax(country: string, postal: string, province = '', category = 'GENERAL_MERCHANDISE'): Promise<Wire> {
  return (await engine.calculations.create(
    {
      customer: {
        address: {
          address_line_1: '1 Calle Mayor',
          address_city: 'X',
          address_country: country,
          address_province: province,
          address_postal_code: postal,
        },
      },
      order_details: {
        customer_currency_code: 'EUR',
        tax_included_in_amount: false,
        line_items: [
          {
            reference_line_item_id: 'l1',
            product_category: category as ProductCategoryCode,
            amount: 10_000,
            quantity: 1,
          },
        ],
      },
    },
    { version: '2026-03-01' },
  )) as Wire;
}

const entry = (result: Wire) => result.line_items[0].tax_jurisdictions[0];

describe('special territories by postcode', () => {
  it('a Canary Islands postcode without a province pays IGIC, not Spanish VAT', async () => {
    for (const postal of ['35001', '38001']) {
      const result = await tax('ES', postal);
      expect(result.total_tax_amount).toBe(700);
      expect(entry(result)).toMatchObject({ rate_type: 'IGIC', jurisdiction_name: 'Canary Islands' });
      expect(result.address_resolution_status).toBe('EXACT');
    }
  });

  it('when the province disagrees, the postcode wins and the status says so', async () => {
    const madridProvince = await tax('ES', '35001', 'M');
    expect(madridProvince.total_tax_amount).toBe(700);
    expect(madridProvince.address_resolution_status).toBe('POSTAL_FALLBACK_1');
    expect(madridProvince.address_used.address_province).toBe('CN');
    const canaryProvince = await tax('ES', '28001', 'CN');
    expect(canaryProvince.total_tax_amount).toBe(2100);
    expect(canaryProvince.address_resolution_status).toBe('POSTAL_FALLBACK_1');
    const agreeing = await tax('ES', '35001', 'GC');
    expect(agreeing.address_resolution_status).toBe('EXACT');
  });

  it('Ceuta and Melilla: no VAT, with a note about IPSI', async () => {
    for (const postal of ['51001', '52001']) {
      const result = await tax('ES', postal);
      expect(result.total_tax_amount).toBe(0);
      expect(entry(result).note).toMatch(/outside the EU VAT area.*IPSI/);
    }
  });

  it('French overseas departments: DOM rates; French Guiana and Mayotte: no VAT', async () => {
    expect((await tax('FR', '97110')).total_tax_amount).toBe(850);
    expect((await tax('FR', '97200')).total_tax_amount).toBe(850);
    expect((await tax('FR', '97400')).total_tax_amount).toBe(850);
    expect((await tax('FR', '97110', '', 'FOOD_GENERAL')).total_tax_amount).toBe(210);
    for (const postal of ['97300', '97600']) {
      const result = await tax('FR', postal);
      expect(result.total_tax_amount).toBe(0);
      expect(entry(result).note).toMatch(/French VAT is not applied/);
    }
    expect((await tax('FR', '75001')).total_tax_amount).toBe(2000);
  });

  it('Heligoland: no VAT; Büsingen: Swiss VAT, with Swiss reduced rates', async () => {
    const heligoland = await tax('DE', '27498', 'SH');
    expect(heligoland.total_tax_amount).toBe(0);
    expect(entry(heligoland).note).toMatch(/Heligoland/);
    expect(heligoland.address_resolution_status).toBe('EXACT');
    const busingen = await tax('DE', '78266');
    expect(busingen.total_tax_amount).toBe(810);
    expect(entry(busingen).note).toMatch(/Swiss VAT applies/);
    expect((await tax('DE', '78266', '', 'FOOD_GENERAL')).total_tax_amount).toBe(260);
    expect((await tax('DE', '10115')).total_tax_amount).toBe(1900);
  });

  it("Livigno, Campione d'Italia and Mount Athos: no VAT", async () => {
    for (const [country, postal] of [
      ['IT', '23041'],
      ['IT', '22061'],
      ['GR', '63086'],
    ] as const) {
      const result = await tax(country, postal);
      expect(result.total_tax_amount, postal).toBe(0);
      expect(entry(result).note).toMatch(/outside the EU VAT area/);
    }
    expect((await tax('IT', '00100')).total_tax_amount).toBe(2200);
  });

  it('the Åland Islands: Finnish rates, outside the EU VAT area, by postcode or as country AX', async () => {
    for (const [country, postal] of [
      ['FI', '22100'],
      ['FI', 'AX-22100'],
      ['AX', '22100'],
    ] as const) {
      const result = await tax(country, postal);
      expect(result.total_tax_amount).toBe(2550);
      expect(entry(result).note).toMatch(/outside the EU VAT area/);
    }
    expect(entry(await tax('FI', '00100')).note).toBe('');
  });
});
