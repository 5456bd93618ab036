import { describe, expect, it } from 'vitest';
import { createTestClock } from '../helpers/engine-fixtures.ts';
import { ACCOUNT_A, calculationBody, createTestApi, createTestEngine, type Call } from '../helpers/http-fixtures.ts';

const NOV_10 = 1_794_268_800; // 2026-11-10T00:00:00Z
const DEC_02 = 1_796_169_600; // 2026-12-02T00:00:00Z

/** An API whose clock stands at `at` (Unix seconds): refunds are made then. */
function apiAt(at: number) {
  const clock = createTestClock(at * 1000);
  return { ...createTestApi(createTestEngine({ clock })), clock };
}

async function sale(call: Call, order: string, at: number, body = calculationBody()): Promise<Record<string, unknown>> {
  const calculation = await call('POST', '/tax/calculations', { body, version: '2026-03-01' });
  expect(calculation.status, calculation.text).toBe(200);
  const transaction = await call('POST', '/tax/transactions', {
    body: { calculation_id: calculation.json.id, reference_order_id: order, transaction_processed_at: at },
    version: '2026-03-01',
  });
  expect(transaction.status, transaction.text).toBe(200);
  return transaction.json;
}

describe('GET /tax/reports/liability', () => {
  it('reports a month of sales, a refund and a reversal per period and jurisdiction, exactly', async () => {
    const { call, clock } = apiAt(NOV_10 + 7200);
    // Indiana, 7 %: lines of 200 and 1000 → 14 + 70 of tax a sale.
    const first = await sale(call, 'o-1', NOV_10);
    await sale(call, 'o-2', NOV_10 + 3600);
    const refund = await call('POST', '/tax/refunds', { body: { transaction_id: first.id, type: 'full' } });
    expect(refund.status).toBe(200);
    clock.set(DEC_02 * 1000);
    await sale(call, 'o-3', DEC_02);
    // Reversed in December: the refund's tax counts again there, not in November.
    expect((await call('POST', '/tax/refund_reversals', { body: { refund_id: refund.json.id } })).status).toBe(200);
    const { status, json } = await call('GET', '/tax/reports/liability?from=2026-11-01&to=2026-12-31');
    expect(status).toBe(200);
    expect(json).toMatchObject({
      object: 'tax.liability_report',
      from: '2026-11-01',
      to: '2026-12-31',
      period: 'month',
    });
    const [november, december] = json.rows;
    expect(json.rows).toHaveLength(2);
    expect(november).toMatchObject({
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      jurisdiction_id: 'US-IN',
      country: 'US',
      subdivision: 'IN',
      level: 'STATE',
      tax_type: 'SALES',
      tax_rate: 0.07,
      currency: 'USD',
      gross_sales: 2400,
      taxable_sales: 2400,
      exempt_sales: 0,
      tax_collected: 168,
      refunded_sales: -1200,
      tax_refunded: -84,
      tax_refunds_made: -84,
      tax_refunds_reversed: 0,
      net_tax: 84,
      transaction_count: 3,
    });
    expect(december).toMatchObject({
      period_start: '2026-12-01',
      period_end: '2026-12-31',
      gross_sales: 1200,
      tax_collected: 84,
      tax_refunded: 84,
      tax_refunds_reversed: 84,
      net_tax: 168,
      transaction_count: 2,
    });
    expect(json.totals).toEqual([
      { currency: 'USD', gross_sales: 3600, tax_collected: 252, tax_refunded: 0, net_tax: 252, transaction_count: 5 },
    ]);
  });

  it('answers CSV for format=csv and for Accept: text/csv, the same rows with one header line', async () => {
    const { call, handler } = createTestApi();
    await sale(call, 'o-1', NOV_10);
    const json = await call('GET', '/tax/reports/liability?from=2026-11-01&to=2026-11-30');
    for (const options of [
      { path: '&format=csv', headers: {} },
      { path: '', headers: { accept: 'text/csv' } },
    ]) {
      const response = await handler(
        new Request(`http://taxkit.test/tax/reports/liability?from=2026-11-01&to=2026-11-30${options.path}`, {
          headers: { authorization: `Bearer ${ACCOUNT_A.keys.secretTest}`, ...options.headers },
        }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('x-request-id')).toMatch(/^req_/);
      const text = await response.text();
      const [header, ...lines] = text.trimEnd().split('\r\n');
      expect(header?.split(',')).toEqual(Object.keys(json.json.rows[0]));
      expect(lines).toHaveLength(json.json.rows.length);
      expect(lines[0]?.split(',')).toEqual(Object.values(json.json.rows[0]).map(String));
    }
  });

  it('puts exempt sales under their reason', async () => {
    const { call } = createTestApi();
    const customer = await call('POST', '/tax/customers', {
      body: { reference_customer_id: 'c-1', email: 'buyer@example.com', is_tax_exempt: true },
    });
    const exempt = calculationBody();
    await sale(call, 'o-exempt', NOV_10, { ...exempt, customer: { ...exempt.customer, id: customer.json.id } });
    const nonTaxable = calculationBody(1);
    await sale(call, 'o-deposit', NOV_10, {
      ...nonTaxable,
      order_details: {
        ...nonTaxable.order_details,
        line_items: [{ reference_line_item_id: 'l', product_category: 'NON_TAXABLE', amount: 500, quantity: 1 }],
      },
    });
    const { json } = await call('GET', '/tax/reports/liability?from=2026-11-01&to=2026-11-30');
    // Both at rate 0 (an exempt customer's jurisdictions show no rate): one row, each amount under its reason.
    expect(json.rows).toEqual([
      expect.objectContaining({
        tax_rate: 0,
        gross_sales: 1700,
        exempt_customer_sales: 1200,
        exempt_category_sales: 0,
        exempt_sales: 1200,
        non_taxable_sales: 500,
        taxable_sales: 0,
        tax_collected: 0,
        transaction_count: 2,
      }),
    ]);
  });

  it('puts sales covered by an exemption certificate, wholly or in part, under exempt_certificate_sales', async () => {
    const { call } = apiAt(NOV_10);
    const v = { version: '2026-03-01' };
    const customers: string[] = [];
    for (const [index, percentage] of [undefined, 25].entries()) {
      const customer = await call('POST', '/tax/customers', {
        ...v,
        body: { reference_customer_id: `c-${index}`, email: `c${index}@example.com` },
      });
      const certificate = await call('POST', '/tax/certificates', {
        ...v,
        body: {
          customer_id: customer.json.id,
          reason: 'resale',
          ...(percentage === undefined ? {} : { exempt_percentage: percentage }),
          jurisdictions: [{ country: 'US', province: 'IN', effective_date: NOV_10 - 86_400 }],
        },
      });
      expect(certificate.status, certificate.text).toBe(200);
      customers.push(customer.json.id);
    }
    let tax = 0;
    for (const [index, id] of customers.entries()) {
      const cart = calculationBody();
      const recorded = await sale(call, `o-cert-${index}`, NOV_10, { ...cart, customer: { ...cart.customer, id } });
      for (const line of recorded.line_items as { tax_amount: number }[]) tax += line.tax_amount;
    }
    // The whole certificate leaves no tax; the partial one taxes three quarters of each line.
    expect(tax).toBeGreaterThan(0);
    const { json } = await call('GET', '/tax/reports/liability?from=2026-11-01&to=2026-11-30');
    const sum = (field: string) =>
      json.rows.reduce((total: number, row: Record<string, number>) => total + (row[field] ?? 0), 0);
    // 1,200 of sales each: the whole of the first, a quarter of the second (300) is exempt.
    expect(sum('gross_sales')).toBe(2400);
    expect(sum('exempt_certificate_sales')).toBe(1500);
    expect(sum('exempt_sales')).toBe(1500);
    expect(sum('taxable_sales')).toBe(900);
    expect(sum('tax_collected')).toBe(tax);
  });

  it('refuses bad queries with a typed 400 naming the parameter, and public keys read nothing', async () => {
    const { call } = createTestApi();
    const cases: [string, string, string][] = [
      ['?to=2026-11-30', 'MISSING_FIELD', 'from'],
      ['?from=2026-11-01', 'MISSING_FIELD', 'to'],
      ['?from=2026-12-01&to=2026-11-01', 'INVALID_VALUE', 'to'],
      ['?from=2026-02-30&to=2026-03-01', 'INVALID_VALUE', 'from'],
      ['?from=2000-01-01&to=2026-01-01', 'INVALID_VALUE', 'to'],
      ['?from=2026-11-01&to=2026-11-30&period=week', 'INVALID_VALUE', 'period'],
      ['?from=2026-11-01&to=2026-11-30&currency=XYZ', 'INVALID_CURRENCY', 'currency'],
      ['?from=2026-11-01&to=2026-11-30&format=xml', 'INVALID_VALUE', 'format'],
    ];
    for (const [query, type, field] of cases) {
      const { status, json } = await call('GET', `/tax/reports/liability${query}`, { version: '2026-01-01' });
      expect(status, query).toBe(400);
      expect(json.type, query).toBe(type);
      expect(json.message, query).toContain(field);
    }
    const pub = await call('GET', '/tax/reports/liability?from=2026-11-01&to=2026-11-30', {
      key: ACCOUNT_A.keys.publicTest,
    });
    expect(pub.status).toBe(401);
  });
});
