/**
 * A calculation waits only for what it must: with the rates loaded and no stored customer or
 * product named, it reaches the store's insert in the same turn it was called; a stored
 * customer or product makes it wait for the lookup, with the same answers and errors as before.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import { createCountingEngine } from '../helpers/counting-engine.ts';
import { resolveLines } from '../../src/operations/resolve-lines.ts';
import type { EngineDeps } from '../../src/engine-deps.ts';
import type { CalculationRequest } from '../../src/wire/api-types.ts';
import type { LineItemInput } from '../../src/operations/resolve-lines.ts';
import { TENANT } from '../helpers/records.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const indiana = { address_province: 'IN', address_postal_code: '46122', address_country: 'US' };

function body(customer: object, lines: object[]): CalculationRequest {
  return <CalculationRequest>{
    customer,
    order_details: { customer_currency_code: 'USD', tax_included_in_amount: false, line_items: lines },
  };
}

const setup = () => createCountingEngine(NOW);
const generalLine = { product_category: 'GENERAL_MERCHANDISE', amount: 1_000, quantity: 1 };

describe('what a calculation waits for', () => {
  it('nothing, once the rates are loaded: it is inserted before the call returns its promise', async () => {
    const { engine, inserted } = setup();
    await engine.calculations.create(body({ address: indiana }, [generalLine])); // loads the rates
    const pending = engine.calculations.create(body({ address: indiana }, [generalLine, generalLine]));
    expect(inserted).toHaveLength(2);
    expect((await pending).total_tax_amount).toBe(140);
  });

  it('nothing, so its promise is already settled: one turn of the microtask queue sees the answer', async () => {
    const { engine } = setup();
    await engine.calculations.create(body({ address: indiana }, [generalLine])); // loads the rates
    let answered = false;
    void engine.calculations.create(body({ address: indiana }, [generalLine])).then(() => {
      answered = true;
    });
    await Promise.resolve();
    expect(answered).toBe(true);
    // An error before any wait rejects the promise; the call itself never throws.
    const refused = engine.calculations.create(body({ address: { ...indiana, address_postal_code: '1' } }, []));
    await expect(refused).rejects.toMatchObject({ status: 400 });
  });

  it('a stored product or customer: looked up, then applied as before', async () => {
    const { engine, inserted } = setup();
    await engine.products.create({
      reference_product_id: 'shirt',
      reference_product_name: 'Shirt',
      product_category: 'EXEMPT',
    });
    const customer = await engine.customers.create({ email: 'ada@example.com', is_tax_exempt: true });
    const byProduct = engine.calculations.create(
      body({ address: indiana }, [{ reference_product_id: 'shirt', amount: 1_000, quantity: 1 }]),
    );
    expect(inserted).toHaveLength(0); // waiting for the product
    const result = await byProduct;
    expect(result.total_tax_amount).toBe(0);
    expect((result.line_items as { product: Record<string, unknown> }[])[0]?.product).toMatchObject({
      reference_product_name: 'Shirt',
      product_tax_code: 'EXEMPT',
    });
    const exempt = await engine.calculations.create(body({ address: indiana, id: customer.id }, [generalLine]));
    expect(exempt.total_tax_amount).toBe(0);
    await expect(
      engine.calculations.create(body({ address: indiana, id: 'cust_unknown' }, [generalLine])),
    ).rejects.toMatchObject({ type: 'CUSTOMER_NOT_FOUND' });
  });
});

describe('resolveLines', () => {
  const deps = {
    ids: createCountingIds(),
    store: createMemoryStore(),
  } as unknown as EngineDeps;
  const general: LineItemInput = {
    referenceLineItemId: 'a',
    category: 'GENERAL_MERCHANDISE',
    amountMinor: 100,
    quantity: 1,
  };
  const named: LineItemInput = { referenceLineItemId: 'b', referenceProductId: 'nope', amountMinor: 100, quantity: 1 };
  const uncategorised: LineItemInput = { referenceLineItemId: 'c', amountMinor: 100, quantity: 1 };

  it('answers at once when no line names a product, and with a promise when one does', async () => {
    const now = resolveLines(deps, TENANT, [general, general], NOW, 'lines', false);
    expect(Array.isArray(now)).toBe(true);
    const later = resolveLines(
      deps,
      TENANT,
      [general, { ...named, fallbackCategory: 'SAAS_GENERAL' }],
      NOW,
      'lines',
      false,
    );
    expect(later).toBeInstanceOf(Promise);
    expect((await later).map((line) => line.category)).toEqual(['GENERAL_MERCHANDISE', 'SAAS_GENERAL']);
  });

  it('reports the first line in error, whichever way it answers', async () => {
    expect(() => resolveLines(deps, TENANT, [general, uncategorised], NOW, 'lines', false)).toThrow(
      expect.objectContaining({ type: 'MISSING_FIELD', key: ['lines', 1, 'category'] }) as unknown as Error,
    );
    await expect(
      Promise.resolve().then(() => resolveLines(deps, TENANT, [uncategorised, named], NOW, 'lines', false)),
    ).rejects.toMatchObject({ type: 'MISSING_FIELD', key: ['lines', 0, 'category'] });
    await expect(
      Promise.resolve().then(() => resolveLines(deps, TENANT, [named, uncategorised], NOW, 'lines', false)),
    ).rejects.toMatchObject({ type: 'PRODUCT_NOT_FOUND', key: ['lines', 0, 'referenceProductId'] });
  });
});
