/** Full calculations through the engine's public API (parse, resolve, rate, store, serialize). */
import { bench, describe } from 'vitest';
import { createMemoryStore } from '../adapters/memory/index.ts';
import { createTaxEngine } from '../src/engine.ts';

const engine = createTaxEngine({ store: createMemoryStore() });
const line = (id: string, amount: number) => ({
  reference_line_item_id: id,
  product_category: 'GENERAL_MERCHANDISE',
  amount,
  quantity: 1,
});
const body = (lines: number) => ({
  customer: {
    address: {
      address_line_1: '1 Main St',
      address_city: 'Danville',
      address_province: 'IN',
      address_postal_code: '46122',
      address_country: 'US',
    },
  },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: Array.from({ length: lines }, (_, index) => line(`l${index}`, 1_999 + index * 100)),
  },
});
const three = body(3);
const hundred = body(100);
const canada = {
  ...three,
  customer: { address: { address_province: 'QC', address_postal_code: 'H2X 1Y4', address_country: 'CA' } },
};

describe('engine.calculations.create', () => {
  bench('3-line cart, US ZIP', async () => {
    await engine.calculations.create(three);
  });
  bench('3-line cart, Quebec (GST + QST)', async () => {
    await engine.calculations.create(canada);
  });
  bench('100-line cart, US ZIP', async () => {
    await engine.calculations.create(hundred);
  });
});
