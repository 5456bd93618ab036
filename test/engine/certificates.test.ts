/**
 * Exemption certificates applied to calculations: a line is exempt only where a certificate
 * of the customer covers the place on the tax date, wholly or in part; the note names the
 * certificate and its reason; the transaction keeps both; refunds and replays follow.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import type { TaxEngine } from '../../src/engine.ts';
import type { CertificateCreateRequest } from '../../src/wire/api-types.ts';
import { calculationBody, createTestEngine, TEST_ADDRESSES, TEST_TENANT } from '../helpers/engine-fixtures.ts';

const DAY = 86_400;
/** 2025-01-01T00:00:00Z. */
const JAN_2025 = 1_735_689_600;
/** 2025-06-01T00:00:00Z: the test clock's day (it stands at noon). */
const TODAY = 1_748_736_000;
/** San Francisco: 7.25 % + 1.25 % + 0.5 % on 2000 and 500. */
const FULL_TAX = 180 + 45;

type Jurisdiction = CertificateCreateRequest['jurisdictions'][number];

async function setUp(jurisdictions: Jurisdiction[], extra: Partial<CertificateCreateRequest> = {}) {
  const store = createMemoryStore();
  const { engine, clock } = createTestEngine({ store });
  const customer = await engine.customers.create({ email: 'buyer@example.com', reference_customer_id: 'reseller-1' });
  const certificate = await engine.certificates.create({
    customer_id: customer.id,
    reason: 'resale',
    certificate_number: 'SR-1',
    jurisdictions,
    ...extra,
  });
  return { engine, store, clock, customer, certificate };
}

function calculate(engine: TaxEngine, customerId: string, overrides: Record<string, unknown> = {}) {
  const { customer: customerOverride, ...rest } = overrides as { customer?: Record<string, unknown> };
  return engine.calculations.create(
    calculationBody({
      customer: { id: customerId, address: TEST_ADDRESSES.sanFrancisco, ...customerOverride },
      ...rest,
    }),
  );
}

const notesOf = (calculation: { line_items: { tax_jurisdictions: { note: string }[] }[] }) =>
  calculation.line_items.flatMap((line) => line.tax_jurisdictions.map((entry) => entry.note));

describe('a certificate covering the sale', () => {
  it('exempts every jurisdiction of the covered state on the tax date, each note naming it and its reason', async () => {
    const { engine, customer, certificate } = await setUp([
      { country: 'US', province: 'CA', effective_date: JAN_2025 },
    ]);
    const calculation = await calculate(engine, customer.id);
    expect(calculation.total_tax_amount).toBe(0);
    const notes = notesOf(calculation);
    expect(notes).toHaveLength(6);
    for (const note of notes) {
      expect(note).toBe(
        `Exemption certificate ${certificate.id} (resale: resale) exempts this sale in US-CA: no tax is due.`,
      );
    }
    expect(calculation.line_items.every((line) => line.tax_jurisdictions.every((entry) => entry.tax_rate === 0))).toBe(
      true,
    );
  });

  it('by reference id too, and a later customer or calculation without it is taxed', async () => {
    const { engine } = await setUp([{ country: 'US', province: 'CA', effective_date: JAN_2025 }]);
    expect((await calculate(engine, 'reseller-1')).total_tax_amount).toBe(0);
    const other = await engine.customers.create({ email: 'other@example.com' });
    expect((await calculate(engine, other.id)).total_tax_amount).toBe(FULL_TAX);
    expect((await engine.calculations.create(calculationBody())).total_tax_amount).toBe(FULL_TAX);
  });

  it('exempts nothing in a state it does not list', async () => {
    const { engine, customer } = await setUp([
      { country: 'US', province: 'IN', effective_date: JAN_2025 },
      { country: 'US', province: 'NY', effective_date: JAN_2025 },
    ]);
    const calculation = await calculate(engine, customer.id);
    expect(calculation.total_tax_amount).toBe(FULL_TAX);
    expect(notesOf(calculation).some((note) => note.includes('certificate'))).toBe(false);
  });

  it('exempts through its expiration day and not after it', async () => {
    const lastDay = await setUp([
      { country: 'US', province: 'CA', effective_date: JAN_2025, expiration_date: TODAY + 3600 },
    ]);
    expect((await calculate(lastDay.engine, lastDay.customer.id)).total_tax_amount).toBe(0);
    const expired = await setUp([
      { country: 'US', province: 'CA', effective_date: JAN_2025, expiration_date: TODAY - 1 },
    ]);
    expect((await calculate(expired.engine, expired.customer.id)).total_tax_amount).toBe(FULL_TAX);
  });

  it('is applied on the tax date: not yet effective today, effective on a later tax_date', async () => {
    const { engine, customer } = await setUp([{ country: 'US', province: 'CA', effective_date: TODAY + 10 * DAY }]);
    expect((await calculate(engine, customer.id)).total_tax_amount).toBe(FULL_TAX);
    expect((await calculate(engine, customer.id, { tax_date: TODAY + 10 * DAY })).total_tax_amount).toBe(0);
    expect((await calculate(engine, customer.id, { tax_date: TODAY + 9 * DAY })).total_tax_amount).toBe(FULL_TAX);
  });

  it('with an exempt percentage taxes the rest of each base, rounded once per line', async () => {
    const { engine, customer, certificate } = await setUp(
      [{ country: 'US', province: 'CA', effective_date: JAN_2025 }],
      { exempt_percentage: 50 },
    );
    const calculation = await calculate(engine, customer.id);
    // 1000 and 250 taxed at 9 %: 90 and 22.5 → 23.
    expect(calculation.line_items.map((line) => line.tax_amount)).toEqual([90, 23]);
    expect(calculation.total_tax_amount).toBe(113);
    for (const note of notesOf(calculation)) {
      expect(note).toMatch(
        new RegExp(`^Exemption certificate ${certificate.id} \\(resale: resale\\) exempts 50% of the price in US-CA`),
      );
    }
  });

  it('with an exempt percentage on a tax-inclusive price still adds up to the price', async () => {
    const { engine, customer } = await setUp([{ country: 'US', province: 'CA', effective_date: JAN_2025 }], {
      exempt_percentage: 25,
    });
    const calculation = await calculate(engine, customer.id, {
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: true,
        line_items: [
          { reference_line_item_id: 'l', product_category: 'GENERAL_MERCHANDISE', amount: 10_675, quantity: 1 },
        ],
      },
    });
    const [line] = calculation.line_items;
    // 75 % of 10 000 taxed at 9 % is 675.
    expect(line?.amount_excluding_tax).toBe(10_000);
    expect(line?.tax_amount).toBe(675);
  });

  it('exempts nothing once revoked', async () => {
    const { engine, customer, certificate } = await setUp([
      { country: 'US', province: 'CA', effective_date: JAN_2025 },
    ]);
    await engine.certificates.revoke(certificate.id);
    expect((await calculate(engine, customer.id)).total_tax_amount).toBe(FULL_TAX);
  });

  it('is set aside for one order by customer.exemption "none"', async () => {
    const { engine, customer } = await setUp([{ country: 'US', province: 'CA', effective_date: JAN_2025 }]);
    expect((await calculate(engine, customer.id, { customer: { exemption: 'none' } })).total_tax_amount).toBe(FULL_TAX);
    expect((await calculate(engine, customer.id, { customer: { exemption: 'auto' } })).total_tax_amount).toBe(0);
  });

  it('where several cover the sale, the one exempting the most applies', async () => {
    const { engine, customer } = await setUp([{ country: 'US', province: 'CA', effective_date: JAN_2025 }], {
      exempt_percentage: 50,
    });
    const whole = await engine.certificates.create({
      customer_id: customer.id,
      reason: 'nonprofit',
      jurisdictions: [{ country: 'US', province: 'CA', effective_date: JAN_2025 }],
    });
    const calculation = await calculate(engine, customer.id);
    expect(calculation.total_tax_amount).toBe(0);
    expect(notesOf(calculation)[0]).toContain(`${whole.id} (nonprofit: nonprofit or charitable organization)`);
  });

  it('leaves is_tax_exempt as it was: exempt everywhere, with its own note', async () => {
    const { engine } = createTestEngine();
    const customer = await engine.customers.create({ email: 'gov@example.com', is_tax_exempt: true });
    const calculation = await engine.calculations.create(
      calculationBody({ customer: { id: customer.id, address: TEST_ADDRESSES.indiana } }),
    );
    expect(calculation.total_tax_amount).toBe(0);
    expect(notesOf(calculation)[0]).toBe('Customer is tax exempt; no tax is due.');
  });
});

describe('the certificate on the recorded sale', () => {
  it('is kept on the transaction with its reason; a whole exemption is the sale exemption', async () => {
    const { engine, store, customer, certificate } = await setUp([
      { country: 'US', province: 'CA', effective_date: JAN_2025 },
    ]);
    const calculation = await calculate(engine, customer.id);
    const sale = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'o-1' });
    const recorded = await store.getTransaction(TEST_TENANT, sale.id);
    expect(recorded?.exemption).toBe('certificate');
    expect(recorded?.certificate).toStrictEqual({ id: certificate.id, reason: 'resale' });
    expect(recorded?.customerId).toBe(customer.id);
    expect(recorded?.place).toStrictEqual({ country: 'US', province: 'CA' });
  });

  it('a partial one is kept with its percentage, and a partial refund gives back the tax charged', async () => {
    const { engine, store, customer, certificate } = await setUp(
      [{ country: 'US', province: 'CA', effective_date: JAN_2025 }],
      { reason: 'industrial_production', exempt_percentage: 50 },
    );
    const calculation = await calculate(engine, customer.id);
    const sale = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'o-2' });
    const recorded = await store.getTransaction(TEST_TENANT, sale.id);
    expect(recorded?.exemption).toBeUndefined();
    expect(recorded?.certificate).toStrictEqual({
      id: certificate.id,
      reason: 'industrial_production',
      exemptPercentage: '50',
    });
    const refund = await engine.refunds.create({
      transaction_id: sale.id,
      type: 'partial',
      line_items: [
        { reference_line_item_id: 'line-1', sales_amount_refunded: -2000, tax_amount_refunded: -90, quantity: 2 },
      ],
    });
    expect(refund.line_items.map((line) => line.tax_amount)).toEqual([-90]);
    await expect(
      engine.refunds.create({
        transaction_id: sale.id,
        type: 'partial',
        line_items: [
          { reference_line_item_id: 'line-2', sales_amount_refunded: -500, tax_amount_refunded: -45, quantity: 1 },
        ],
      }),
    ).rejects.toMatchObject({ type: 'REFUND_EXCEEDS_REMAINING' });
  });

  it('a replay of the calculation applies the same certificate, even after it was revoked', async () => {
    const { engine, customer, certificate } = await setUp(
      [{ country: 'US', province: 'CA', effective_date: JAN_2025 }],
      { exempt_percentage: 12.5 },
    );
    const calculation = await calculate(engine, customer.id);
    await engine.certificates.revoke(certificate.id);
    const replayed = await engine.calculations.replay(calculation.id);
    expect(replayed.line_items).toEqual(calculation.line_items);
    expect(replayed.total_tax_amount).toBe(calculation.total_tax_amount);
  });

  it('a sale recorded after the certificate was revoked keeps what its calculation applied', async () => {
    const { engine, store, customer, certificate } = await setUp([
      { country: 'US', province: 'CA', effective_date: JAN_2025 },
    ]);
    const calculation = await calculate(engine, customer.id);
    await engine.certificates.revoke(certificate.id);
    const sale = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'o-3' });
    expect(sale.line_items.every((line) => line.tax_amount === 0)).toBe(true);
    expect((await store.getTransaction(TEST_TENANT, sale.id))?.certificate?.id).toBe(certificate.id);
  });
});
