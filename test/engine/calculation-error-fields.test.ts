/**
 * Calculations and platform calculations are engine operations on domain objects: their errors
 * carry domain keys (`['lines', 1, 'referenceProductId']`) and the wire layer names the field
 * the caller sent, in `details.field` and in the message. A refused call records nothing.
 */
import { describe, expect, it } from 'vitest';
import { createCountingEngine } from '../helpers/counting-engine.ts';
import type { CalculationRequest, PlatformCalculationRequest } from '../../src/wire/api-types.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const v2026 = { version: '2026-03-01' as const };
const indiana = { address_province: 'IN', address_postal_code: '46122', address_country: 'US' };
const paris = { address_city: 'Paris', address_postal_code: '75001', address_country: 'FR' };

const setup = () => createCountingEngine(NOW);

function calculationBody(overrides: Record<string, unknown> = {}, lines?: object[]): CalculationRequest {
  return <CalculationRequest>{
    customer: { address: indiana },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: lines ?? [{ product_category: 'GENERAL_MERCHANDISE', amount: 1_000, quantity: 1 }],
    },
    ...overrides,
  };
}

function platformBody(overrides: Record<string, unknown> = {}): PlatformCalculationRequest {
  return <PlatformCalculationRequest>{
    customer: { address: paris },
    merchant: { merchant_id: 'seller-fr' },
    order_details: {
      customer_currency_code: 'EUR',
      tax_included_in_amount: false,
      line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1_000, quantity: 1 }],
    },
    roles: ['marketplace_provider'],
    ...overrides,
  };
}

/** The error of `call`, which must fail. */
async function refusal(call: () => Promise<unknown>): Promise<{ type: string; message: string; details: any }> {
  try {
    await call();
  } catch (error) {
    return error as { type: string; message: string; details: any };
  }
  throw new Error('expected the call to be refused');
}

describe('calculation errors name the request field', () => {
  it('an unknown product on the second line names that line and the fallback field', async () => {
    const { engine, inserted: written } = setup();
    const error = await refusal(() =>
      engine.calculations.create(
        calculationBody({}, [
          { product_category: 'GENERAL_MERCHANDISE', amount: 1_000, quantity: 1 },
          { reference_product_id: 'sku-missing', amount: 500, quantity: 1 },
        ]),
        v2026,
      ),
    );
    expect(error).toMatchObject({
      type: 'PRODUCT_NOT_FOUND',
      details: { field: 'order_details.line_items[1].reference_product_id' },
    });
    expect(error.message).toBe(
      'order_details.line_items[1].reference_product_id "sku-missing" is not a stored product; create it first or send fallback_product_category.',
    );
    expect(written).toEqual([]);
  });

  it('a US address without a province names customer.address.address_province', async () => {
    const { engine } = setup();
    const error = await refusal(() =>
      engine.calculations.create(
        calculationBody({ customer: { address: { address_postal_code: '46122', address_country: 'US' } } }),
        v2026,
      ),
    );
    expect(error).toMatchObject({ type: 'MISSING_FIELD', details: { field: 'customer.address.address_province' } });
    expect(error.message).toBe(
      'Missing required field: customer.address.address_province (required for US addresses).',
    );
  });

  it('a US origin without a postal code names origin_address.address_postal_code', async () => {
    const { engine } = setup();
    const error = await refusal(() =>
      engine.calculations.create(
        calculationBody({ origin_address: { address_province: 'IN', address_country: 'US' } }),
        v2026,
      ),
    );
    expect(error).toMatchObject({ type: 'MISSING_FIELD', details: { field: 'origin_address.address_postal_code' } });
  });

  it('a malformed IP names customer.ip.value, even beside a good address', async () => {
    const { engine } = setup();
    const error = await refusal(() =>
      engine.calculations.create(
        calculationBody({ customer: { address: indiana, ip: { value: '999.1.1.1' } } }),
        v2026,
      ),
    );
    expect(error).toMatchObject({ type: 'INVALID_IP_FORMAT', details: { field: 'customer.ip.value' } });
    expect(error.message).toMatch(/^customer\.ip\.value "999\.1\.1\.1" is not a valid IPv4 or IPv6 address\.$/);
  });

  it('an unknown stored customer names customer.id', async () => {
    const { engine } = setup();
    const error = await refusal(() =>
      engine.calculations.create(calculationBody({ customer: { id: 'nobody', address: indiana } }), v2026),
    );
    expect(error).toMatchObject({ type: 'CUSTOMER_NOT_FOUND', details: { field: 'customer.id' } });
  });

  it('a customer with neither address nor IP: the message names what the version accepts', async () => {
    const { engine } = setup();
    const latest = await refusal(() => engine.calculations.create(calculationBody({ customer: {} }), v2026));
    expect(latest).toMatchObject({ type: 'MISSING_FIELD', details: { field: 'customer.address' } });
    expect(latest.message).toBe('Missing required field: customer.address (or customer.ip).');
    const old = await refusal(() =>
      engine.calculations.create(calculationBody({ customer: {} }), { version: '2025-05-12' }),
    );
    expect(old.message).toBe('Missing required field: customer.address.');
  });

  it('replaying an unknown calculation names its id', async () => {
    const { engine } = setup();
    const error = await refusal(() => engine.calculations.replay('calc_nope', v2026));
    expect(error).toMatchObject({ type: 'CALCULATION_NOT_FOUND', details: { field: 'id' } });
  });
});

describe('platform calculation errors name the request field', () => {
  it('an unknown merchant names merchant.merchant_id', async () => {
    const { engine } = setup();
    const error = await refusal(() => engine.platform.calculations.create(platformBody(), v2026));
    expect(error).toMatchObject({ type: 'MERCHANT_NOT_FOUND', details: { field: 'merchant.merchant_id' } });
  });

  it('a merchant without a default address and no origin_address: MISSING_ORIGIN_ADDRESS names both fields', async () => {
    const { engine } = setup();
    await engine.merchants.create(
      { reference_merchant_id: 'seller-fr', name: 'Seller', email: 's@example.com' },
      v2026,
    );
    const error = await refusal(() => engine.platform.calculations.create(platformBody(), v2026));
    expect(error).toMatchObject({ type: 'MISSING_ORIGIN_ADDRESS', details: { field: 'origin_address' } });
    expect(error.message).toMatch(/has no default_address; set one .* or send origin_address\.$/);
  });

  it('an unknown product on a fee line names fee_details.line_items[i], and nothing is recorded', async () => {
    const { engine, inserted: written } = setup();
    await engine.merchants.create(
      { reference_merchant_id: 'seller-fr', name: 'Seller', email: 's@example.com', default_address: paris },
      v2026,
    );
    const error = await refusal(() =>
      engine.platform.calculations.create(
        platformBody({
          fee_details: {
            line_items: [
              { product_category: 'GENERAL_MERCHANDISE', amount: 100, quantity: 1 },
              { reference_product_id: 'fee-missing', amount: 100, quantity: 1 },
            ],
          },
        }),
        v2026,
      ),
    );
    expect(error).toMatchObject({
      type: 'PRODUCT_NOT_FOUND',
      details: { field: 'fee_details.line_items[1].reference_product_id' },
    });
    expect(error.message).toMatch(/^fee_details\.line_items\[1\]\.reference_product_id "fee-missing"/);
    expect(written).toEqual([]);
    const made = await engine.platform.calculations.create(platformBody(), v2026);
    expect(written).toEqual([made.id]);
  });

  it('a unit price whose line total passes 2^53 − 1 names the line amount', async () => {
    const { engine } = setup();
    await engine.merchants.create(
      { reference_merchant_id: 'seller-fr', name: 'Seller', email: 's@example.com', default_address: paris },
      v2026,
    );
    const body = platformBody();
    const error = await refusal(() =>
      engine.platform.calculations.create(
        {
          ...body,
          order_details: {
            ...body.order_details,
            line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 2 ** 52, quantity: 3 }],
          },
        },
        v2026,
      ),
    );
    expect(error).toMatchObject({ type: 'INVALID_VALUE', details: { field: 'order_details.line_items[0].amount' } });
    expect(error.message).toBe('order_details.line_items[0]: amount × quantity exceeds the largest safe integer.');
  });
});
