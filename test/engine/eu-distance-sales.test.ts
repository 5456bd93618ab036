/**
 * Issue 37, item 10: a seller established in France, registered only there, selling to a
 * consumer in Germany charges French VAT while its B2C distance sales to other member states
 * stay at or under EUR 10,000 in the calendar year (Directive 2006/112/EC Art. 59c), and German
 * VAT from the sale that exceeds it; it never charges nothing because it is not registered in
 * Germany.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine, type TaxEngineOptions } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';

type Wire = Record<string, any>;
const NOW = Date.UTC(2026, 10, 20, 12);
const live = { tenant: { accountId: 'default', mode: 'live' as const } };
const PARIS = { line1: '', line2: '', city: 'Paris', province: '', postalCode: '75001', country: 'FR' };

const engineWith = (options: TaxEngineOptions = {}) =>
  createTaxEngine({
    store: createMemoryStore(),
    clock: { now: () => NOW },
    ids: createCountingIds(),
    defaultOrigin: PARIS,
    registrations: ['FR'],
    ...options,
  });

const toGermany = (amount: number, country = 'DE', postal = '10115') => ({
  customer: { address: { address_country: country, address_province: '', address_postal_code: postal } },
  order_details: {
    customer_currency_code: 'EUR',
    tax_included_in_amount: false,
    line_items: [{ product_category: 'GENERAL_MERCHANDISE' as const, amount, quantity: 1 }],
  },
});

describe('EU distance sales of a seller established in France (issue 37)', () => {
  it('under the threshold: French VAT, with the note saying why; from the sale that exceeds it: German VAT', async () => {
    const engine = engineWith();
    const first = (await engine.calculations.create(toGermany(10_000), live)) as Wire;
    expect(first.total_tax_amount).toBe(2_000); // 20 %, France's
    const [entry] = first.line_items[0].tax_jurisdictions;
    expect(entry.jurisdiction_name).toBe('France');
    expect(entry.note).toMatch(/^EU distance sale at origin \(FR\): FR VAT, the seller's own, not DE's/);
    // No calculation waits for the account's first count; this one says it was not counted yet.
    expect(entry.note).toMatch(/not counted yet: the first count of the account's sales in this process is running/);

    // EUR 9,800 of sales to Italy recorded, and counted.
    const big = (await engine.calculations.create(toGermany(980_000, 'IT', '00118'), live)) as Wire;
    await engine.transactions.create({ calculation_id: big.id, reference_order_id: 'o-1' }, live);
    await engine.nexus.status({}, live);

    const upTo = (await engine.calculations.create(toGermany(20_000), live)) as Wire; // EUR 10,000.00 exactly
    expect(upTo.total_tax_amount).toBe(4_000);
    expect(upTo.line_items[0].tax_jurisdictions[0].note).toMatch(/EUR 10,000\.00 with this sale/);

    const over = (await engine.calculations.create(toGermany(20_001), live)) as Wire; // one cent more
    const [german] = over.line_items[0].tax_jurisdictions;
    expect(german.jurisdiction_name).toBe('Germany');
    expect(german.note).toMatch(/^EU distance sale at destination \(DE\): DE VAT/);
    // Not registered in Germany (nor for the OSS): nothing collected, and the note says why.
    expect(over.total_tax_amount).toBe(0);
    expect(german.rate_type).toMatch(/NO COLLECTION/);

    // A replay gives the recorded answer back, whatever has been counted since.
    const replayed = (await engine.calculations.replay(upTo.id, live)) as Wire;
    expect(replayed.total_tax_amount).toBe(upTo.total_tax_amount);
    expect(replayed.line_items).toEqual(upTo.line_items);
    await engine.close();
  });

  it("a seller that opted for the destination (or registered for the OSS) charges the customer's VAT from the first sale", async () => {
    const opted = engineWith({ euDistanceSales: 'destination', registrations: ['FR', 'DE'] });
    const sale = (await opted.calculations.create(toGermany(10_000), live)) as Wire;
    expect(sale.total_tax_amount).toBe(1_900);
    expect(sale.line_items[0].tax_jurisdictions[0].note).toMatch(/opted .*Art\. 59c\(3\)/);
    await opted.close();

    // Registration records of its own, no seed: its domestic one and the one-stop shop.
    const oss = createTaxEngine({ store: createMemoryStore(), clock: { now: () => NOW }, defaultOrigin: PARIS });
    await oss.registrations.create({ country: 'FR', type: 'domestic', active_from: Date.UTC(2026, 0, 1) / 1000 }, live);
    await oss.registrations.create(
      { country: 'FR', type: 'eu_oss_union', active_from: Date.UTC(2026, 0, 1) / 1000 },
      live,
    );
    const viaOss = (await oss.calculations.create(toGermany(10_000), live)) as Wire;
    expect(viaOss.total_tax_amount).toBe(1_900);
    expect(viaOss.line_items[0].tax_jurisdictions[0].note).toMatch(/one-stop shop/);
    await oss.close();
  });

  it('a business that reverse-charges, a sale at home, or a seller outside the EU is not a distance sale', async () => {
    const engine = engineWith();
    const business = (await engine.calculations.create(
      {
        ...toGermany(10_000),
        customer: {
          ...toGermany(10_000).customer,
          type: 'BUSINESS',
          tax_ids: [{ type: 'eu_vat', value: 'DE136695976' }],
        },
      },
      live,
    )) as Wire;
    expect(business.total_tax_amount).toBe(0);
    expect(business.line_items[0].tax_jurisdictions[0].note).toMatch(/reverse charge/);
    const home = (await engine.calculations.create(toGermany(10_000, 'FR', '75001'), live)) as Wire;
    expect(home.line_items[0].tax_jurisdictions[0].note).not.toMatch(/distance sale/);
    await engine.close();
  });
});
