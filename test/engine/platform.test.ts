import { describe, expect, it } from 'vitest';
import type { PlatformCalculationRequest } from '../../src/wire/api-types.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
type Wire = Record<string, any>;
const v2026 = { version: '2026-03-01' as const };

function setup() {
  let now = NOW;
  const engine = createTaxEngine({ clock: { now: () => now }, ids: createCountingIds() });
  return { engine, advance: (seconds: number) => (now += seconds * 1000) };
}

const sellerAddress = {
  address_line_1: '1 Market St',
  address_city: 'San Francisco',
  address_province: 'CA',
  address_postal_code: '94105',
  address_country: 'US',
};
const merchantBody = {
  reference_merchant_id: 'seller-1',
  name: 'Seller One',
  email: 'seller@example.com',
  default_address: sellerAddress,
};

function platformBody(roles: string[], extra: object = {}): PlatformCalculationRequest {
  return <PlatformCalculationRequest>{
    customer: { address: { address_province: 'IN', address_postal_code: '46122', address_country: 'US' } },
    merchant: { merchant_id: 'seller-1' },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: [
        { product_category: 'GENERAL_MERCHANDISE', amount: 2_500, quantity: 3, reference_line_item_id: 'l1' },
      ],
    },
    fee_details: { line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 300, quantity: 1 }] },
    roles,
    ...extra,
  };
}

describe('merchants', () => {
  it('create, get by id and reference, list with cursor, update, delete', async () => {
    const { engine } = setup();
    const created: Wire = await engine.merchants.create(merchantBody, v2026);
    expect(created).toMatchObject({
      object: 'tax.merchant',
      reference_merchant_id: 'seller-1',
      status: 'active',
      testmode: true,
    });
    expect(created.id).toMatch(/^merch_\d{13}/);
    expect(await engine.merchants.get('seller-1', v2026)).toEqual(created);
    expect(await engine.merchants.get(created.id, v2026)).toEqual(created);
    await expect(engine.merchants.create(merchantBody, v2026)).rejects.toMatchObject({
      type: 'DUPLICATE_MERCHANT',
      status: 409,
    });

    await engine.merchants.create({ ...merchantBody, reference_merchant_id: 'seller-2' }, v2026);
    const first: Wire = await engine.merchants.list({ limit: 1 }, v2026);
    expect(first).toMatchObject({ has_more: true, last_merchant_id: created.id });
    const second: Wire = await engine.merchants.list({ limit: '1', cursor: first.last_merchant_id }, v2026);
    expect(second.merchants.map((merchant: Wire) => merchant.reference_merchant_id)).toEqual(['seller-2']);
    expect(second.has_more).toBe(false);

    const updated: Wire = await engine.merchants.update(
      'seller-1',
      { name: 'Renamed', tax_ids: [{ type: 'us_ein', value: '12-3456789' }] },
      v2026,
    );
    expect(updated).toMatchObject({
      name: 'Renamed',
      tax_ids: [{ type: 'us_ein', value: '12-3456789' }],
      reference_merchant_id: 'seller-1',
    });
    await expect(engine.merchants.update('seller-1', { reference_merchant_id: 'other' }, v2026)).rejects.toMatchObject({
      type: 'INVALID_VALUE',
    });
    expect(((await engine.merchants.get('seller-1', v2026)) as Wire).name).toBe('Renamed');

    expect(await engine.merchants.delete('seller-1', v2026)).toMatchObject({
      id: created.id,
      object: 'tax.merchant',
      deleted: true,
    });
    await expect(engine.merchants.get('seller-1', v2026)).rejects.toMatchObject({
      type: 'MERCHANT_NOT_FOUND',
      status: 404,
    });
    await expect(engine.merchants.delete('seller-1', v2026)).rejects.toMatchObject({ type: 'MERCHANT_NOT_FOUND' });
  });

  it('needs 2026-01-01 or later, and validates', async () => {
    const { engine } = setup();
    // The types refuse versions before 2026-01-01 here; JavaScript callers get the error.
    await expect(engine.merchants.create(merchantBody, { version: '2025-05-12' as never })).rejects.toMatchObject({
      type: 'UNSUPPORTED_API_VERSION',
      status: 400,
    });
    await expect(engine.merchants.create({ ...merchantBody, email: 'nope' }, v2026)).rejects.toMatchObject({
      type: 'INVALID_EMAIL',
    });
    await expect(engine.merchants.list({ limit: 500 }, v2026)).rejects.toMatchObject({ type: 'INVALID_VALUE' });
    await expect(engine.merchants.list({}, v2026)).resolves.toMatchObject({ merchants: [], has_more: false });
  });

  it('test and live merchants are separate', async () => {
    const { engine } = setup();
    await engine.merchants.create(merchantBody, { ...v2026, tenant: { accountId: 'a', mode: 'test' } });
    await expect(
      engine.merchants.get('seller-1', { ...v2026, tenant: { accountId: 'a', mode: 'live' } }),
    ).rejects.toMatchObject({ type: 'MERCHANT_NOT_FOUND' });
    await expect(
      engine.merchants.get('seller-1', { ...v2026, tenant: { accountId: 'b', mode: 'test' } }),
    ).rejects.toMatchObject({ type: 'MERCHANT_NOT_FOUND' });
  });
});

describe('platform calculations and transactions', () => {
  it('taxes per-unit amounts at the customer, fees at the merchant, with totals', async () => {
    const { engine } = setup();
    await engine.merchants.create(merchantBody, v2026);
    const calculation: Wire = await engine.platform.calculations.create(platformBody(['marketplace_provider']), v2026);
    expect(calculation.id).toMatch(/^calc_platform_\d{13}/);
    expect(calculation.line_items[0]).toMatchObject({ quantity: 3, amount_excluding_tax: 7_500, tax_amount: 525 }); // Indiana 7 %
    expect(calculation.fee_line_items[0]).toMatchObject({ amount_excluding_tax: 300, tax_amount: 22 }); // California 7.25 %: 21.75
    expect(calculation.totals).toEqual({
      order: { tax_amount: 525, amount_excluding_tax: 7_500, amount_including_tax: 8_025 },
      fees: { tax_amount: 22, amount_excluding_tax: 300, amount_including_tax: 322 },
    });
    expect(calculation).toMatchObject({
      merchant: { reference_merchant_id: 'seller-1' },
      roles: ['marketplace_provider'],
    });
  });

  it('a payment processor records an order and a fee; other roles one order with the fees folded in', async () => {
    const { engine } = setup();
    await engine.merchants.create(merchantBody, v2026);
    const processor: Wire = await engine.platform.calculations.create(platformBody(['payment_processor']), v2026);
    const recorded: Wire = await engine.platform.transactions.create(
      { platform_calculation_id: processor.id, reference_order_id: 'order-1', reference_payment_id: 'pay-1' },
      v2026,
    );
    expect(recorded.object).toBe('list');
    expect(
      recorded.transactions.map((transaction: Wire) => [
        transaction.type,
        transaction.client_role,
        transaction.line_items.length,
      ]),
    ).toEqual([
      ['order', ['payment_processor'], 1],
      ['fee', [], 1],
    ]);
    expect(await engine.transactions.get(recorded.transactions[1].id, v2026)).toMatchObject({
      type: 'fee',
      reference_payment_id: 'pay-1',
    });
    await expect(
      engine.platform.transactions.create(
        { platform_calculation_id: processor.id, reference_order_id: 'order-2' },
        v2026,
      ),
    ).rejects.toMatchObject({ type: 'CALCULATION_ALREADY_RECORDED', status: 409 });

    const marketplace: Wire = await engine.platform.calculations.create(platformBody(['marketplace_provider']), v2026);
    const single: Wire = await engine.platform.transactions.create(
      { platform_calculation_id: marketplace.id, reference_order_id: 'order-3' },
      v2026,
    );
    expect(single.transactions).toHaveLength(1);
    expect(single.transactions[0]).toMatchObject({ type: 'order', client_role: ['marketplace_provider'] });
    expect(single.transactions[0].line_items).toHaveLength(2);
  });

  it('marketplace_facilitated records the order with zero tax charged and keeps the fee taxed', async () => {
    const { engine } = setup();
    await engine.merchants.create(merchantBody, v2026);
    const processor: Wire = await engine.platform.calculations.create(platformBody(['payment_processor']), v2026);
    const recorded: Wire = await engine.platform.transactions.create(
      { platform_calculation_id: processor.id, reference_order_id: 'order-mf', marketplace_facilitated: true },
      v2026,
    );
    const [order, fee] = recorded.transactions;
    expect(order.line_items[0]).toMatchObject({ amount_excluding_tax: 7_500, tax_amount: 0 });
    expect(order.line_items[0].tax_jurisdictions[0].note).toMatch(/^Marketplace facilitated/);
    expect(fee.line_items[0]).toMatchObject({ amount_excluding_tax: 300, tax_amount: 22 });
  });

  it('refuses what it cannot do, writing nothing', async () => {
    const { engine, advance } = setup();
    await expect(engine.platform.calculations.create(platformBody(['payment_processor']), v2026)).rejects.toMatchObject(
      { type: 'MERCHANT_NOT_FOUND' },
    );
    await engine.merchants.create({ ...merchantBody, default_address: undefined }, v2026);
    await expect(engine.platform.calculations.create(platformBody(['payment_processor']), v2026)).rejects.toMatchObject(
      {
        type: 'MISSING_ORIGIN_ADDRESS',
      },
    );
    await engine.merchants.update('seller-1', { default_address: sellerAddress }, v2026);
    await expect(engine.platform.calculations.create(platformBody([]), v2026)).rejects.toMatchObject({
      type: 'MISSING_FIELD',
    });
    await expect(
      engine.platform.calculations.create(platformBody(['payment_processor']), { version: '2025-05-12' as never }),
    ).rejects.toMatchObject({
      type: 'UNSUPPORTED_API_VERSION',
    });
    const standard: Wire = await engine.calculations.create(
      { customer: platformBody([]).customer, order_details: platformBody([]).order_details },
      v2026,
    );
    await expect(
      engine.platform.transactions.create({ platform_calculation_id: standard.id, reference_order_id: 'x' }, v2026),
    ).rejects.toMatchObject({
      type: 'CALCULATION_NOT_FOUND',
    });
    const platform: Wire = await engine.platform.calculations.create(platformBody(['payment_processor']), v2026);
    await expect(
      engine.transactions.create({ calculation_id: platform.id, reference_order_id: 'x' }, v2026),
    ).rejects.toMatchObject({
      type: 'CALCULATION_NOT_FOUND',
    });
    advance(86_401);
    await expect(
      engine.platform.transactions.create({ platform_calculation_id: platform.id, reference_order_id: 'x' }, v2026),
    ).rejects.toMatchObject({
      type: 'CALCULATION_EXPIRED',
    });
  });
});
