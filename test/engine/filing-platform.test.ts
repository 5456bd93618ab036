import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import type { PlatformCalculationRequest } from '../../src/wire/api-types.ts';

/** Sunday 2026-11-22, noon UTC. */
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const v2026 = { version: '2026-03-01' as const };

describe('filing currency of platform sales', () => {
  it('converts the order and the fee of a payment processor, each once, with Friday’s ECB rate', async () => {
    const store = createMemoryStore();
    // Synthetic rates in ECB's shape: Thursday and Friday before the sale.
    await store.importExchangeRates([
      { source: 'ECB', base: 'EUR', quote: 'USD', from: '2026-11-19', to: '2026-11-19', rate: '1.0000' },
      { source: 'ECB', base: 'EUR', quote: 'USD', from: '2026-11-20', to: '2026-11-20', rate: '1.2500' },
    ]);
    const engine = createTaxEngine({
      store,
      clock: { now: () => NOW },
      ids: createCountingIds(),
      filing: { rules: [{ countries: '*', currency: 'EUR', source: 'ECB' }] },
    });
    await engine.merchants.create(
      {
        reference_merchant_id: 'seller-1',
        name: 'Seller One',
        email: 'seller@example.com',
        default_address: {
          address_line_1: '1 Market St',
          address_city: 'San Francisco',
          address_province: 'CA',
          address_postal_code: '94105',
          address_country: 'US',
        },
      },
      v2026,
    );
    const calculation = await engine.platform.calculations.create(
      <PlatformCalculationRequest>{
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
        roles: ['payment_processor'],
      },
      v2026,
    );
    const recorded = await engine.platform.transactions.create(
      { platform_calculation_id: calculation.id, reference_order_id: 'order-1', reference_payment_id: 'pay-1' },
      v2026,
    );
    expect(recorded.transactions.map((transaction) => transaction.filing_currency_code)).toStrictEqual(['EUR', 'EUR']);
    for (const { id } of recorded.transactions) {
      const stored = await store.getTransaction({ accountId: 'default', mode: 'test' }, id);
      expect(stored?.filingConversion).toStrictEqual({ rate: '0.8', rateDate: '2026-11-20', source: 'ECB' });
    }
    await engine.close();
  });
});
