import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import taxkitMedusa, {
  type MedusaItemTaxCalculationLine,
  type MedusaItemTaxLine,
  type MedusaShippingTaxCalculationLine,
  type MedusaShippingTaxLine,
  type MedusaTaxCalculationContext,
  TaxkitCheckoutError,
  TaxkitTaxProvider,
  recordOrderCanceled,
  recordOrderPlaced,
  recordOrderReturns,
  type MedusaOrderForTax,
  ORDER_FIELDS,
  taxkitOrderCanceled,
  taxkitOrderPlaced,
  taxkitReturnReceived,
} from '../../src/integrations/medusa/index.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import { createCountedEngine, KANSAS_CITY_ORIGIN } from '../helpers/counted-engine.ts';

const NOW_MS = Date.UTC(2026, 10, 20, 12);
const KANSAS_ZIP4: MedusaTaxCalculationContext['address'] = {
  country_code: 'us',
  province_code: 'us-ks',
  postal_code: '66044-1234',
  city: 'Lawrence',
  address_1: '1 Massachusetts St',
};

/** A provider over an engine seated in Kansas, with its calculations counted. */
function provider(options: ConstructorParameters<typeof TaxkitTaxProvider>[1] = {}) {
  const { engine, calculations } = createCountedEngine({ clock: { now: () => NOW_MS }, ids: createCountingIds() });
  return { provider: new TaxkitTaxProvider({}, { engine, ...options }), calculations };
}

function item(id: string, price: number | string, quantity = 1, extra: object = {}): MedusaItemTaxCalculationLine {
  return {
    line_item: { id, product_id: `prod_${id}`, unit_price: price, quantity, currency_code: 'usd', ...extra },
    rates: [],
  };
}

function shipping(id: string, price: number): MedusaShippingTaxCalculationLine {
  return { shipping_line: { id, shipping_option_id: 'so_1', unit_price: price, currency_code: 'usd' }, rates: [] };
}

const isShipping = (line: MedusaItemTaxLine | MedusaShippingTaxLine): line is MedusaShippingTaxLine =>
  'shipping_line_id' in line;

describe('taxkit/medusa: the module provider registration', () => {
  it('is what ModuleProvider(Modules.TAX, { services: [TaxkitTaxProvider] }) returns, identified as taxkit', () => {
    expect(taxkitMedusa).toEqual({ module: 'tax', services: [TaxkitTaxProvider] });
    expect(TaxkitTaxProvider.identifier).toBe('taxkit');
    expect(new TaxkitTaxProvider({}, {}).getIdentifier()).toBe('taxkit');
  });

  it('makes its own engine from engine options when none is given', async () => {
    const own = new TaxkitTaxProvider({}, { defaultOrigin: KANSAS_CITY_ORIGIN, productTypeCategories: {} });
    const lines = await own.getTaxLines([item('a', 10)], [], { address: KANSAS_ZIP4 });
    expect(lines).toMatchObject([{ code: 'US-KS', rate: 6.5 }]);
  });

  it('refuses a mapping option of the wrong shape when Medusa loads it', () => {
    expect(() => TaxkitTaxProvider.validateOptions({ productTypeCategories: 'CLOTHING' })).toThrow(
      /productTypeCategories/,
    );
    expect(() => TaxkitTaxProvider.validateOptions({ exemptCustomerGroups: 'b2b' })).toThrow(/exemptCustomerGroups/);
  });
});

describe('TaxkitTaxProvider.getTaxLines', () => {
  it('answers a Kansas ZIP+4 cart with one line per jurisdiction per item and shipping, from one calculation', async () => {
    const { provider: medusa, calculations } = provider();
    const lines = await medusa.getTaxLines([item('li_1', '19.99', 2), item('li_2', 5)], [shipping('sm_1', 4.5)], {
      address: KANSAS_ZIP4,
    });
    expect(calculations()).toBe(1);
    expect(lines).toHaveLength(3);
    expect(lines.filter((line) => !isShipping(line)).map((line) => (line as MedusaItemTaxLine).line_item_id)).toEqual([
      'li_1',
      'li_2',
    ]);
    const ship = lines.find(isShipping);
    expect(ship).toMatchObject({
      shipping_line_id: 'sm_1',
      code: 'US-KS',
      name: 'Kansas',
      rate: 6.5,
      provider_id: 'taxkit',
    });
    expect(lines[0]).toMatchObject({
      line_item_id: 'li_1',
      code: 'US-KS',
      name: 'Kansas',
      rate: 6.5,
      provider_id: 'taxkit',
      data: { taxkit_category: 'GENERAL_MERCHANDISE', taxkit_category_source: 'default' },
    });
  });

  it('maps a product id before its product type, and says which mapping chose the category', async () => {
    const { provider: medusa } = provider({
      productCategories: { prod_b: 'GENERAL_MERCHANDISE' },
      productTypeCategories: { ptyp_exempt: 'EXEMPT' },
    });
    const lines = (await medusa.getTaxLines(
      [item('a', 10, 1, { product_type_id: 'ptyp_exempt' }), item('b', 10, 1, { product_type_id: 'ptyp_exempt' })],
      [],
      { address: KANSAS_ZIP4 },
    )) as MedusaItemTaxLine[];
    expect(lines.find((line) => line.line_item_id === 'a')).toMatchObject({
      rate: 0,
      data: { taxkit_category: 'EXEMPT', taxkit_category_source: 'product_type' },
    });
    expect(lines.find((line) => line.line_item_id === 'b')).toMatchObject({
      rate: 6.5,
      data: { taxkit_category: 'GENERAL_MERCHANDISE', taxkit_category_source: 'product' },
    });
  });

  it('throws taxkit’s message for an address it cannot tax, never an empty list', async () => {
    const { provider: medusa } = provider();
    const mismatch = medusa.getTaxLines([item('a', 10)], [], {
      address: { country_code: 'us', province_code: 'us-ks', postal_code: '90210' },
    });
    await expect(mismatch).rejects.toBeInstanceOf(TaxkitCheckoutError);
    await expect(mismatch).rejects.toMatchObject({
      type: 'invalid_data',
      taxkitType: 'ZIP_STATE_MISMATCH',
      message: expect.stringMatching(/90210/),
    });
    await expect(medusa.getTaxLines([item('a', 10)], [], { address: { country_code: 'zz' } })).rejects.toMatchObject({
      taxkitType: 'INVALID_COUNTRY_CODE',
    });
  });

  it('reverse-charges a German business whose customer metadata has a VAT number', async () => {
    const { provider: medusa } = provider();
    const lines = await medusa.getTaxLines([item('a', 100, 1, { currency_code: 'eur' })], [], {
      address: { country_code: 'de', postal_code: '10115', city: 'Berlin', address_1: 'Invalidenstr. 1' },
      customer: {
        id: 'cus_de',
        email: 'buyer@example.de',
        customer_groups: [],
        metadata: { vat_number: 'DE136695976' },
      },
    });
    expect(lines).toMatchObject([
      { code: 'DE', name: 'Germany', rate: 0, data: { taxkit_note: expect.stringMatching(/Reverse charge/) } },
    ]);
  });

  it('exempts a customer of an exempt group, storing them in taxkit once, and a stored exempt customer by id', async () => {
    const { provider: medusa } = provider({ exemptCustomerGroups: ['cusgroup_b2b'] });
    const context = (id: string, groups: string[]): MedusaTaxCalculationContext => ({
      address: KANSAS_ZIP4,
      customer: { id, email: `${id}@example.com`, customer_groups: groups },
    });
    expect(await medusa.getTaxLines([item('a', 10)], [], context('cus_1', ['cusgroup_b2b']))).toMatchObject([
      { rate: 0 },
    ]);
    expect(await medusa.engine.customers.get('cus_1')).toMatchObject({ is_tax_exempt: true });
    // A buyer in no exempt group is taxed, and not stored.
    expect(await medusa.getTaxLines([item('a', 10)], [], context('cus_2', []))).toMatchObject([{ rate: 6.5 }]);
    await expect(medusa.engine.customers.get('cus_2')).rejects.toMatchObject({ type: 'CUSTOMER_NOT_FOUND' });
    // taxkit's stored record applies by the Medusa customer id, whatever the groups say.
    await medusa.engine.customers.create({
      email: 'c3@example.com',
      reference_customer_id: 'cus_3',
      is_tax_exempt: true,
    });
    expect(await medusa.getTaxLines([item('a', 10)], [], context('cus_3', []))).toMatchObject([{ rate: 0 }]);
  });

  it('exempts by the customer metadata flag', async () => {
    const { provider: medusa } = provider();
    const lines = await medusa.getTaxLines([item('a', 10)], [], {
      address: KANSAS_ZIP4,
      customer: { id: 'cus_m', email: 'm@example.com', customer_groups: [], metadata: { tax_exempt: 'true' } },
    });
    expect(lines).toMatchObject([{ rate: 0 }]);
  });

  it('marks the lines of a return', async () => {
    const { provider: medusa } = provider();
    const lines = await medusa.getTaxLines([item('a', 10)], [], { address: KANSAS_ZIP4, is_return: true });
    expect(lines).toMatchObject([{ rate: 6.5, data: { is_return: true } }]);
  });

  it('property: one calculation per call, every line taxed, codes unique within each line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 20 })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 3 }),
        async (items, ships) => {
          const { provider: medusa, calculations } = provider();
          const lines = await medusa.getTaxLines(
            items.map(([cents, quantity], index) => item(`li_${index}`, (cents / 100).toFixed(2), quantity)),
            ships.map((cents, index) => shipping(`sm_${index}`, cents / 100)),
            { address: KANSAS_ZIP4 },
          );
          expect(calculations()).toBe(1);
          const byLine = new Map<string, string[]>();
          for (const line of lines) {
            const id = isShipping(line) ? line.shipping_line_id : (line as MedusaItemTaxLine).line_item_id;
            byLine.set(id, [...(byLine.get(id) ?? []), line.code ?? '']);
          }
          expect(byLine.size).toBe(items.length + ships.length);
          for (const codes of byLine.values()) expect(new Set(codes).size).toBe(codes.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('the order ledger hooks', () => {
  const order: MedusaOrderForTax = {
    id: 'order_1',
    currency_code: 'usd',
    created_at: new Date(NOW_MS).toISOString(),
    items: [
      { id: 'ordli_1', product_id: 'prod_1', unit_price: 20, quantity: 3 },
      { id: 'ordli_2', product_id: 'prod_2', unit_price: '9.99', quantity: 1 },
    ],
    shipping_methods: [{ id: 'ordsm_1', amount: 5 }],
    shipping_address: { country_code: 'us', province: 'ks', postal_code: '66044-1234', city: 'Lawrence' },
  };

  it('records a placed order once under retries, refunds received returns once, and deletes a canceled order', async () => {
    const { provider: medusa } = provider();
    const first = await recordOrderPlaced(medusa, order);
    const again = await recordOrderPlaced(medusa, order);
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ reference_order_id: 'order_1' });
    expect(first.line_items.map((line) => line.tax_amount)).toEqual([390, 65, 33]);

    const returned = {
      ...order,
      items: (order.items ?? []).map((line) =>
        line.id === 'ordli_1' ? { ...line, detail: { return_received_quantity: 2 } } : line,
      ),
    };
    const refund = await recordOrderReturns(medusa, returned);
    expect(refund?.line_items).toMatchObject([{ quantity: 2, amount_excluding_tax: -4000, tax_amount: -260 }]);
    expect(await recordOrderReturns(medusa, returned)).toBeUndefined();
    expect((await medusa.engine.transactions.listRefunds(first.id)).refunds).toHaveLength(1);

    const report = await medusa.engine.reports.liability({ from: '2026-11-01', to: '2026-11-30' });
    expect(report.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ jurisdiction_id: 'US-KS', tax_collected: 488, tax_refunded: -260 }),
      ]),
    );

    await recordOrderCanceled(medusa, 'order_1');
    await expect(medusa.engine.transactions.get(first.id)).rejects.toMatchObject({ type: 'TRANSACTION_NOT_FOUND' });
    expect(await recordOrderCanceled(medusa, 'order_1')).toBeUndefined();
  });
});

describe('the Medusa subscribers', () => {
  it('load the order through Query, find the provider through the Tax Module, and record by event', async () => {
    const { provider: medusa } = provider();
    let order: MedusaOrderForTax = {
      id: 'order_9',
      currency_code: 'usd',
      items: [{ id: 'ordli_1', product_id: 'prod_1', unit_price: 10, quantity: 2 }],
      shipping_address: { country_code: 'us', province: 'ks', postal_code: '66044-1234' },
    };
    const asked: unknown[] = [];
    const container = {
      resolve: (name: string) => {
        if (name === 'tax') return { getProvider: (id: string) => (id === 'tp_taxkit_taxkit' ? medusa : undefined) };
        if (name === 'query') {
          return {
            graph: async (input: { fields: string[]; filters: Record<string, unknown> }) => {
              asked.push(input);
              return { data: [order] };
            },
          };
        }
        throw new Error(`not registered: ${name}`);
      },
    };
    await taxkitOrderPlaced({ event: { name: 'order.placed', data: { id: 'order_9' } }, container });
    await taxkitOrderPlaced({ event: { name: 'order.placed', data: { id: 'order_9' } }, container });
    expect(asked[0]).toMatchObject({ entity: 'order', fields: ORDER_FIELDS, filters: { id: 'order_9' } });
    const { transactions } = await medusa.engine.transactions.list({ reference_order_id: 'order_9' });
    expect(transactions).toHaveLength(1);

    order = {
      ...order,
      items: [
        { id: 'ordli_1', product_id: 'prod_1', unit_price: 10, quantity: 2, detail: { return_received_quantity: 1 } },
      ],
    };
    await taxkitReturnReceived({ event: { name: 'order.return_received', data: { order_id: 'order_9' } }, container });
    expect((await medusa.engine.transactions.listRefunds(transactions[0]!.id)).refunds).toMatchObject([
      { line_items: [{ quantity: 1, amount_excluding_tax: -1000, tax_amount: -65 }] },
    ]);

    await taxkitOrderCanceled({ event: { name: 'order.canceled', data: { id: 'order_9' } }, container });
    expect((await medusa.engine.transactions.list({ reference_order_id: 'order_9' })).transactions).toHaveLength(0);
  });
});
