/**
 * Reverse charge beyond intra-EU (issue 9): a seller established outside the customer's
 * country charges no VAT/GST to a business that gives a plausible tax number of that country
 * in the UK, Norway, Switzerland, Australia, New Zealand and Singapore, and to an EU business
 * buying from outside the EU. An implausible number means the sale is taxed as B2C, with a
 * note that says why; a seller inside the customer's VAT area always charges.
 */
import { describe, expect, it } from 'vitest';
import { createTaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import { checkVatNumber } from '../../src/check-vat-number.ts';

type Wire = Record<string, any>;
const NOW = Date.UTC(2026, 10, 22, 12);
const engine = () => createTaxEngine({ clock: { now: () => NOW }, ids: createCountingIds() });

interface Case {
  readonly country: string;
  readonly postal: string;
  readonly currency: string;
  readonly type: string;
  readonly valid: string;
  /** Right format, wrong check digits (or, for Singapore, which publishes none, wrong format). */
  readonly invalid: string;
  /** Tax on 10,000 minor units at the standard rate on 2026-11-22. */
  readonly tax: number;
  readonly note: RegExp;
  /** A seller in the customer's own VAT area. */
  readonly domesticOrigin: string;
}

const CASES: readonly Case[] = [
  {
    country: 'GB',
    postal: 'SW1A 1AA',
    currency: 'GBP',
    type: 'gb_vat',
    valid: 'GB980780684',
    invalid: 'GB980780685',
    tax: 2000,
    note: /^Reverse charge: the seller belongs outside the UK .*GBP 135/,
    domesticOrigin: 'GB',
  },
  {
    country: 'NO',
    postal: '0150',
    currency: 'NOK',
    type: 'no_vat',
    valid: '977074010MVA',
    invalid: '977074011MVA',
    tax: 2500,
    note: /^No Norwegian VAT charged: .*VOEC applies to sales to consumers only/,
    domesticOrigin: 'NO',
  },
  {
    country: 'CH',
    postal: '8001',
    currency: 'CHF',
    type: 'ch_vat',
    valid: 'CHE-116.281.710 MWST',
    invalid: 'CHE-116.281.711 MWST',
    tax: 810,
    note: /^No Swiss VAT charged: .*Bezugsteuer/,
    domesticOrigin: 'LI',
  },
  {
    country: 'AU',
    postal: '2000',
    currency: 'AUD',
    type: 'au_abn',
    valid: '51 824 753 556',
    invalid: '51 824 753 557',
    tax: 1000,
    note: /^No GST charged: the customer gave an ABN/,
    domesticOrigin: 'AU',
  },
  {
    country: 'NZ',
    postal: '6011',
    currency: 'NZD',
    type: 'nz_gst',
    valid: '49-091-850',
    invalid: '49-091-851',
    tax: 1500,
    note: /^No GST charged: the customer gave a New Zealand GST number/,
    domesticOrigin: 'NZ',
  },
  {
    country: 'SG',
    postal: '018956',
    currency: 'SGD',
    type: 'sg_gst',
    valid: 'M2-1234567-X',
    invalid: 'M2-123',
    tax: 900,
    note: /^No GST charged: .*overseas vendor registration regime covers sales to consumers only/,
    domesticOrigin: 'SG',
  },
];

const request = (c: Case, value: string, origin = 'US', type: string = c.type) => ({
  customer: {
    address: { address_country: c.country, address_province: '', address_postal_code: c.postal },
    type: 'BUSINESS' as const,
    tax_ids: [{ type, value }],
  },
  origin_address: {
    address_country: origin,
    address_province: origin === 'US' ? 'CA' : '',
    address_postal_code: origin === 'US' ? '94105' : '1000',
  },
  order_details: {
    customer_currency_code: c.currency,
    tax_included_in_amount: false,
    line_items: [
      { reference_line_item_id: 'l1', product_category: 'SAAS_GENERAL' as const, amount: 10_000, quantity: 1 },
    ],
  },
});

describe.each(CASES)('$country B2B from a seller established elsewhere', (c) => {
  it(`a plausible ${c.type} number: no tax, and the note says which rule`, async () => {
    const result = (await engine().calculations.create(request(c, c.valid))) as Wire;
    expect(result.total_tax_amount).toBe(0);
    for (const jurisdiction of result.line_items[0].tax_jurisdictions) expect(jurisdiction.note).toMatch(c.note);
  });

  it('a seller from the EU is treated the same way', async () => {
    const result = (await engine().calculations.create(request(c, c.valid, 'DE'))) as Wire;
    expect(result.total_tax_amount).toBe(0);
  });

  it('an implausible number is taxed as a sale to a consumer, and the note says why', async () => {
    const result = (await engine().calculations.create(request(c, c.invalid))) as Wire;
    expect(result.total_tax_amount).toBe(c.tax);
    const note = result.line_items[0].tax_jurisdictions[0].note;
    expect(note).toMatch(/^No reverse charge: .* is not a plausible VAT number/);
    expect(note).toMatch(/does not query VIES or any national register/);
  });

  it('a number of another country is not enough', async () => {
    const result = (await engine().calculations.create(request(c, 'DE136695976', 'US', 'eu_vat'))) as Wire;
    expect(result.total_tax_amount).toBe(c.tax);
    expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(`VAT number of DE, not of ${c.country}`);
  });

  it('a seller in the customer’s own VAT area charges VAT/GST', async () => {
    const result = (await engine().calculations.create(request(c, c.valid, c.domesticOrigin))) as Wire;
    expect(result.total_tax_amount).toBe(c.tax);
    expect(result.line_items[0].tax_jurisdictions[0].note ?? '').not.toMatch(/reverse charge|charged:/i);
  });

  it('a consumer with the same number pays VAT/GST', async () => {
    const consumer = request(c, c.valid);
    const result = (await engine().calculations.create({
      ...consumer,
      customer: { ...consumer.customer, type: 'CONSUMER' as const },
    })) as Wire;
    expect(result.total_tax_amount).toBe(c.tax);
  });
});

describe('an EU business buying from outside the EU', () => {
  const fr = CASES[0] as Case;
  const french: Case = { ...fr, country: 'FR', postal: '75001', currency: 'EUR', type: 'eu_vat', tax: 2000 };

  it('is reverse-charged with a plausible VAT number of its country', async () => {
    const result = (await engine().calculations.create(request(french, 'FR40303265045'))) as Wire;
    expect(result.total_tax_amount).toBe(0);
    expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(/seller is established outside the EU/);
  });

  it('is taxed with an implausible one', async () => {
    const result = (await engine().calculations.create(request(french, 'FR12345678901'))) as Wire;
    expect(result.total_tax_amount).toBe(2000);
    expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(/^No reverse charge/);
  });

  it('keeps the intra-EU note for a seller in another member state', async () => {
    const result = (await engine().calculations.create(request(french, 'FR40303265045', 'DE'))) as Wire;
    expect(result.total_tax_amount).toBe(0);
    expect(result.line_items[0].tax_jurisdictions[0].note).toBe(
      'Cross-border B2B sale to VAT-registered business, reverse charge applies.',
    );
  });
});

describe('checkVatNumber for the non-EU numbers', () => {
  it.each([
    ['980780684', 'gb_vat', 'GB'],
    ['NO977074010MVA', 'eu_vat', 'NO'],
    ['977 074 010', 'no_vat', 'NO'],
    ['CHE-116.281.710 MWST', undefined, 'CH'],
    ['116281710', 'ch_vat', 'CH'],
    ['51824753556', 'au_abn', 'AU'],
    ['AU51824753556', undefined, 'AU'],
    ['136-410-132', 'nz_gst', 'NZ'],
    ['49091850', 'nz_gst', 'NZ'],
    ['200312345A', 'sg_gst', 'SG'],
    ['53112345D', 'sg_gst', 'SG'],
    ['T09LL0001B', 'sg_gst', 'SG'],
    ['MR-8500011-X', 'sg_gst', 'SG'],
  ])('%s (%s) is a plausible %s number', (value, type, country) => {
    expect(checkVatNumber(value, type)).toEqual({ value, plausible: true, country });
  });

  it.each([
    ['977074011', 'no_vat', /check digits are wrong for a Norwegian organisation/],
    ['177074010', 'no_vat', /format of a Norwegian organisation/],
    ['51824753557', 'au_abn', /check digits are wrong for an Australian ABN/],
    ['0182475355', 'au_abn', /format of an Australian ABN/],
    ['136410133', 'nz_gst', /check digits are wrong for a New Zealand GST number/],
    ['9125568', 'nz_gst', /format of a New Zealand GST number/],
    ['150000001', 'nz_gst', /format of a New Zealand GST number/],
    ['12345', 'sg_gst', /format of a Singapore GST registration number/],
    ['CHE116281711', 'ch_vat', /check digits are wrong for a Swiss UID/],
    ['980780685', 'gb_vat', /check digits are wrong for a UK VAT number/],
  ])('%s (%s) is not plausible', (value, type, reason) => {
    const check = checkVatNumber(value, type);
    expect(check.plausible).toBe(false);
    expect(check.reason).toMatch(reason);
  });
});
