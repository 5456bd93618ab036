/**
 * Issue 10 items 5–6: nothing a caller sends is silently ignored, and every address is checked
 * by the same rules, with errors naming the field the caller sent.
 */
import type { CalculationRequest, PlatformCalculationRequest } from '../../src/wire/api-types.ts';
import { describe, expect, it } from 'vitest';
import { createTaxEngine } from '../../src/engine.ts';
import type { Address } from '../../src/core/types.ts';
import { createCountingIds } from '../../src/random-ids.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const v2026 = { version: '2026-03-01' as const };
type Wire = Record<string, any>;

const BERLIN: Address = {
  line1: 'Unter den Linden 1',
  line2: '',
  city: 'Berlin',
  province: '',
  postalCode: '10117',
  country: 'DE',
};
const paris = { address_city: 'Paris', address_postal_code: '75001', address_country: 'FR' };
const indiana = { address_province: 'IN', address_postal_code: '46122', address_country: 'US' };

function setup(defaultOrigin?: Address) {
  return createTaxEngine({
    clock: { now: () => NOW },
    ids: createCountingIds(),
    ...(defaultOrigin === undefined ? {} : { defaultOrigin }),
  });
}

function calculationBody(extra: object = {}): CalculationRequest {
  return <CalculationRequest>{
    customer: { address: indiana },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1_000, quantity: 1 }],
    },
    ...extra,
  };
}

function platformBody(merchant: object, feeDetails: object = {}): PlatformCalculationRequest {
  return <PlatformCalculationRequest>{
    customer: { address: paris },
    merchant: { merchant_id: 'seller-fr', ...merchant },
    order_details: {
      customer_currency_code: 'EUR',
      tax_included_in_amount: false,
      line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1_000, quantity: 1 }],
    },
    fee_details: {
      line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 100, quantity: 1 }],
      ...feeDetails,
    },
    roles: ['marketplace_provider'],
  };
}

describe('every address goes through the same resolution', () => {
  it('origin_address is checked like the customer address, with its own field path', async () => {
    const engine = setup();
    await expect(
      engine.calculations.create(calculationBody({ origin_address: { address_country: 'ZZ' } }), v2026),
    ).rejects.toMatchObject({
      type: 'INVALID_COUNTRY_CODE',
      details: { field: 'origin_address.address_country' },
    });
    await expect(
      engine.calculations.create(
        calculationBody({
          origin_address: { address_province: 'CA', address_postal_code: '46122', address_country: 'US' },
        }),
        v2026,
      ),
    ).rejects.toMatchObject({ type: 'ZIP_STATE_MISMATCH', details: { field: 'origin_address.address_postal_code' } });
    await expect(engine.calculations.create(calculationBody({ origin_address: paris }), v2026)).resolves.toMatchObject({
      total_tax_amount: 70,
    });
  });

  it('a customer address error names customer.address.<field>, as a missing province does', async () => {
    const engine = setup();
    await expect(
      engine.calculations.create(
        calculationBody({ customer: { address: { ...indiana, address_province: 'CA' } } }),
        v2026,
      ),
    ).rejects.toMatchObject({
      type: 'ZIP_STATE_MISMATCH',
      details: { field: 'customer.address.address_postal_code' },
    });
    await expect(
      engine.calculations.create(calculationBody({ customer: { address: { address_country: 'US' } } }), v2026),
    ).rejects.toMatchObject({ type: 'MISSING_FIELD', details: { field: 'customer.address.address_province' } });
  });

  it("a merchant's default_address is checked on create and update, and nothing is written", async () => {
    const engine = setup();
    const bad = { reference_merchant_id: 'm', name: 'M', default_address: { address_country: 'ZZ' } };
    await expect(engine.merchants.create(bad, v2026)).rejects.toMatchObject({
      type: 'INVALID_COUNTRY_CODE',
      details: { field: 'default_address.address_country' },
    });
    expect(await engine.merchants.list({}, v2026)).toMatchObject({ merchants: [] });
    await engine.merchants.create({ reference_merchant_id: 'm', name: 'M', default_address: paris }, v2026);
    await expect(
      engine.merchants.update('m', { default_address: { ...indiana, address_postal_code: '9' } }, v2026),
    ).rejects.toMatchObject({ type: 'MALFORMED_ADDRESS', details: { field: 'default_address.address_postal_code' } });
    expect(await engine.merchants.get('m', v2026)).toMatchObject({ default_address: { address_country: 'FR' } });
  });
});

describe('platform calculations read merchant.type, merchant.tax_ids and all of fee_details', () => {
  async function withMerchant(taxIds: { type: string; value: string }[] = []) {
    // The platform is established in Germany; the merchant sells from France.
    const engine = setup(BERLIN);
    await engine.merchants.create(
      { reference_merchant_id: 'seller-fr', name: 'Vendeur', default_address: paris, tax_ids: taxIds },
      v2026,
    );
    return engine;
  }

  it('a business merchant with a VAT id is reverse charged on the fees; an individual pays French VAT', async () => {
    const engine = await withMerchant([{ type: 'eu_vat', value: 'FR40303265045' }]);
    const business: Wire = await engine.platform.calculations.create(platformBody({ type: 'BUSINESS' }), v2026);
    expect(business.totals.fees.tax_amount).toBe(0);
    expect(business.fee_line_items[0].tax_jurisdictions[0].note).toMatch(/reverse charge/i);
    const individual: Wire = await engine.platform.calculations.create(platformBody({ type: 'INDIVIDUAL' }), v2026);
    expect(individual.totals.fees.tax_amount).toBe(20);
    // The merchant's own sale to the customer is taxed either way.
    expect(business.totals.order.tax_amount).toBe(200);
  });

  it('merchant.tax_ids on the request overrides the stored ones', async () => {
    const engine = await withMerchant();
    const stored: Wire = await engine.platform.calculations.create(platformBody({}), v2026);
    expect(stored.totals.fees.tax_amount).toBe(20);
    const given: Wire = await engine.platform.calculations.create(
      platformBody({ tax_ids: [{ type: 'eu_vat', value: 'FR40303265045' }] }),
      v2026,
    );
    expect(given.totals.fees.tax_amount).toBe(0);
  });

  it('fee_details takes customer_currency_code, tax_included_in_amount and automatic_tax', async () => {
    const engine = await withMerchant();
    const inclusive: Wire = await engine.platform.calculations.create(
      platformBody({}, { customer_currency_code: 'EUR', tax_included_in_amount: true, automatic_tax: 'auto' }),
      v2026,
    );
    // 100 including 20 % VAT: 83 + 17.
    expect(inclusive.totals.fees).toEqual({ tax_amount: 17, amount_excluding_tax: 83, amount_including_tax: 100 });
    const disabled: Wire = await engine.platform.calculations.create(
      platformBody({}, { automatic_tax: 'disabled' }),
      v2026,
    );
    expect(disabled.totals.fees.tax_amount).toBe(0);
    await expect(
      engine.platform.calculations.create(platformBody({}, { customer_currency_code: 'USD' }), v2026),
    ).rejects.toMatchObject({ type: 'INVALID_CURRENCY', details: { field: 'fee_details.customer_currency_code' } });
  });
});
