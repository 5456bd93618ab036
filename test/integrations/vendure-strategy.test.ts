import { describe, expect, it } from 'vitest';
import { createCountedEngine } from '../helpers/counted-engine.ts';
import {
  TaxkitCheckoutError,
  TaxkitTaxLineCalculationStrategy,
  TaxkitTaxZoneStrategy,
  recordVendureOrderCancelled,
  recordVendureOrderPlaced,
  recordVendureRefunds,
  type VendureOrder,
} from '../../src/integrations/vendure/index.ts';

function strategy(options: ConstructorParameters<typeof TaxkitTaxLineCalculationStrategy>[0] = {}) {
  const { engine, calculations } = createCountedEngine();
  return { strategy: new TaxkitTaxLineCalculationStrategy({ engine, ...options }), count: calculations };
}

function order(lines: [number, number][], postalCode = '66044-1234'): VendureOrder {
  return {
    id: 7,
    currencyCode: 'USD',
    shippingAddress: { countryCode: 'US', province: 'KS', postalCode, city: 'Lawrence' },
    lines: lines.map(([listPrice, quantity], index) => ({
      id: index + 1,
      quantity,
      listPrice,
      listPriceIncludesTax: false,
      productVariant: { id: 100 + index, productId: 200 + index, taxCategory: { id: 1, name: 'Standard' } },
    })),
  };
}

describe('TaxkitTaxLineCalculationStrategy', () => {
  it('answers every line of an order from one calculation per revision within a request', async () => {
    const { strategy: vendure, count } = strategy();
    const ctx = {};
    const cart = order([
      [1999, 2],
      [500, 1],
      [250, 4],
    ]);
    for (const orderLine of cart.lines) {
      expect(await vendure.calculate({ ctx, order: cart, orderLine, applicableTaxRate: undefined })).toEqual([
        { description: 'Kansas (GENERAL_MERCHANDISE by default)', taxRate: 6.5 },
      ]);
    }
    expect(count()).toBe(1);
    // A new quantity is a new revision: one more calculation, again for all lines.
    const changed = order([
      [1999, 3],
      [500, 1],
      [250, 4],
    ]);
    for (const orderLine of changed.lines)
      await vendure.calculate({ ctx, order: changed, orderLine, applicableTaxRate: undefined });
    expect(count()).toBe(2);
    // Another request calculates afresh.
    await vendure.calculate({ ctx: {}, order: changed, orderLine: changed.lines[0]!, applicableTaxRate: undefined });
    expect(count()).toBe(3);
  });

  it('maps the variant’s tax category name to a taxkit category', async () => {
    const { strategy: vendure } = strategy({ productTypeCategories: { Standard: 'EXEMPT' } });
    const cart = order([[1000, 1]]);
    expect(
      await vendure.calculate({ ctx: {}, order: cart, orderLine: cart.lines[0]!, applicableTaxRate: undefined }),
    ).toEqual([{ description: 'Kansas', taxRate: 0 }]);
  });

  it('throws taxkit’s message for an address it cannot tax', async () => {
    const { strategy: vendure } = strategy();
    const cart = order([[1000, 1]], '90210');
    await expect(
      vendure.calculate({ ctx: {}, order: cart, orderLine: cart.lines[0]!, applicableTaxRate: undefined }),
    ).rejects.toBeInstanceOf(TaxkitCheckoutError);
  });
});

describe('TaxkitTaxZoneStrategy', () => {
  it('picks the most specific zone holding the shipping country, else the channel default', () => {
    const zones = [
      { id: 1, name: 'Americas', members: [{ code: 'US' }, { code: 'CA' }] },
      { id: 2, name: 'USA', members: [{ code: 'US' }] },
      { id: 3, name: 'Europe', members: [{ code: 'DE' }] },
    ];
    const channel = { defaultTaxZone: zones[2] ?? null };
    const zone = new TaxkitTaxZoneStrategy();
    expect(zone.determineTaxZone({}, zones, channel, order([[1, 1]]))?.name).toBe('USA');
    expect(zone.determineTaxZone({}, zones, channel, undefined)?.name).toBe('Europe');
  });
});

describe('the Vendure ledger handlers', () => {
  it('record a placed order once, refund settled refunds once, and delete a cancelled order', async () => {
    const { strategy: vendure } = strategy();
    const placed = { ...order([[2000, 3]]), code: 'ORD-1' };
    const first = await recordVendureOrderPlaced(vendure, placed);
    expect((await recordVendureOrderPlaced(vendure, placed)).id).toBe(first.id);
    expect(first).toMatchObject({ reference_order_id: 'ORD-1', line_items: [{ tax_amount: 390 }] });
    const refunded = {
      ...placed,
      payments: [
        {
          refunds: [
            { state: 'Settled', lines: [{ orderLineId: 1, quantity: 1 }] },
            { state: 'Failed', lines: [{ orderLineId: 1, quantity: 2 }] },
          ],
        },
      ],
    };
    const refund = await recordVendureRefunds(vendure, refunded);
    expect(refund?.line_items).toMatchObject([{ quantity: 1, amount_excluding_tax: -2000, tax_amount: -130 }]);
    expect(await recordVendureRefunds(vendure, refunded)).toBeUndefined();
    await recordVendureOrderCancelled(vendure, placed);
    expect((await vendure.engine.transactions.list({ reference_order_id: 'ORD-1' })).transactions).toHaveLength(0);
  });
});
