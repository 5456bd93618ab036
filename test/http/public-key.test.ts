import { describe, expect, it } from 'vitest';
import { ACCOUNT_A, calculationBody, createTestApi } from '../helpers/http-fixtures.ts';

const PUBLIC = ACCOUNT_A.keys.publicTest as string;
const VERSION = '2026-03-01';

/** An API with an exempt customer and a food product stored by the secret key. */
async function apiWithRecords() {
  const api = createTestApi();
  const customer = await api.call('POST', '/tax/customers', {
    version: VERSION,
    body: { reference_customer_id: 'cust-exempt', name: 'Exempt Co', email: 'tax@example.com', is_tax_exempt: true },
  });
  expect(customer.status).toBe(200);
  const product = await api.call('POST', '/tax/products', {
    version: VERSION,
    body: {
      reference_product_id: 'secret-sku',
      reference_product_name: 'Secret product name',
      product_category: 'EXEMPT',
    },
  });
  expect(product.status).toBe(200);
  return { ...api, customerId: customer.json.id as string };
}

function withCustomerId(id: string): Record<string, unknown> {
  const body = calculationBody();
  return { ...body, customer: { ...(body.customer as object), id } };
}

function withProduct(reference: string): Record<string, unknown> {
  const body = calculationBody(1) as { order_details: { line_items: Record<string, unknown>[] } };
  const [line] = body.order_details.line_items;
  return {
    ...body,
    order_details: { ...body.order_details, line_items: [{ ...line, reference_product_id: reference }] },
  };
}

describe('public keys read nothing stored', () => {
  it('refuse customer.id alike for a stored customer, by id or reference, and an unknown one', async () => {
    const { call, customerId } = await apiWithRecords();
    const answers = await Promise.all(
      [customerId, 'cust-exempt', 'cust_unknown'].map((id) =>
        call('POST', '/tax/calculations', { key: PUBLIC, version: VERSION, body: withCustomerId(id) }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.json).toMatchObject({ type: 'UNAUTHORIZED' });
      expect(answer.json.message).toContain('customer.id');
      expect(answer.text).not.toContain(customerId);
    }
    // Same message whether or not the customer exists: nothing to probe.
    expect(new Set(answers.map((answer) => answer.json.message)).size).toBe(1);
  });

  it('refuse reference_product_id alike for a stored product and an unknown one, echoing no name', async () => {
    const { call } = await apiWithRecords();
    const stored = await call('POST', '/tax/calculations', {
      key: PUBLIC,
      version: VERSION,
      body: withProduct('secret-sku'),
    });
    const unknown = await call('POST', '/tax/calculations', {
      key: PUBLIC,
      version: VERSION,
      body: withProduct('no-such-sku'),
    });
    expect(stored.status).toBe(401);
    expect(stored.json.message).toContain('order_details.line_items[0].reference_product_id');
    expect(stored.text).not.toContain('Secret product name');
    expect(unknown.status).toBe(401);
    expect(unknown.json.message).toBe(stored.json.message);
  });

  it('still calculate from the request alone, and the secret key records that calculation with its tax', async () => {
    const { call } = await apiWithRecords();
    const estimate = await call('POST', '/tax/calculations', {
      key: PUBLIC,
      version: VERSION,
      body: calculationBody(),
    });
    expect(estimate.status).toBe(200);
    expect(estimate.json.total_tax_amount).toBe(84);
    const sale = await call('POST', '/tax/transactions', {
      version: VERSION,
      body: { calculation_id: estimate.json.id, reference_order_id: 'order-pk' },
    });
    expect(sale.status).toBe(200);
    const taxes = (sale.json.line_items as { tax_amount: number }[]).map((line) => line.tax_amount);
    expect(taxes).toEqual([14, 70]);
  });

  it('the secret key still applies a stored customer’s exemption and a stored product’s category', async () => {
    const { call, customerId } = await apiWithRecords();
    const exempt = await call('POST', '/tax/calculations', { version: VERSION, body: withCustomerId(customerId) });
    expect(exempt.status).toBe(200);
    expect(exempt.json.total_tax_amount).toBe(0);
    const product = await call('POST', '/tax/calculations', { version: VERSION, body: withProduct('secret-sku') });
    expect(product.status).toBe(200);
    expect(product.json.total_tax_amount).toBe(0);
  });
});
