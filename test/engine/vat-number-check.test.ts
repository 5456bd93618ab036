/**
 * Reverse charge only for a plausible VAT number (issue 9): each of the customer's tax ids is
 * checked offline (format and check digits) before a cross-border EU B2B sale is zero-rated;
 * an implausible one means the sale is taxed as to a consumer, with a note that says why.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine, type TaxEngineOptions } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import { checkVatNumber } from '../../src/check-vat-number.ts';

type Wire = Record<string, any>;
const NOW = Date.UTC(2026, 10, 22, 12);
const engineWith = (options: TaxEngineOptions = {}) =>
  createTaxEngine({ clock: { now: () => NOW }, ids: createCountingIds(), ...options });

const b2b = (taxIds: string[], country = 'FR', postal = '75001') => ({
  customer: {
    address: { address_country: country, address_province: '', address_postal_code: postal },
    type: 'BUSINESS' as const,
    tax_ids: taxIds.map((value) => ({ type: 'eu_vat', value })),
  },
  origin_address: { address_country: 'DE', address_province: '', address_postal_code: '10115' },
  order_details: {
    customer_currency_code: 'EUR',
    tax_included_in_amount: false,
    line_items: [
      { reference_line_item_id: 'l1', product_category: 'GENERAL_MERCHANDISE' as const, amount: 10_000, quantity: 1 },
    ],
  },
});

describe('checkVatNumber (offline, jsvat-next)', () => {
  it.each([
    ['DE136695976', 'DE'],
    ['FR40303265045', 'FR'],
    ['ATU13585627', 'AT'],
    ['EL094259216', 'GR'],
    ['NL004495445B01', 'NL'],
    ['de 136 695 976', 'DE'],
    ['XI980780684', 'GB'],
  ])('%s is a plausible %s number', (value, country) => {
    expect(checkVatNumber(value)).toEqual({ value, plausible: true, country });
  });

  it.each([
    ['garbage', /"GA" is not a VAT number prefix/],
    ['136695976', /country prefix/],
    ['DE136695977', /check digits/],
    ['DE12', /format/],
    ['ZZ123456789', /not a VAT number prefix/],
    ['', /country prefix/],
  ])('%s is not plausible', (value, reason) => {
    const check = checkVatNumber(value);
    expect(check.plausible).toBe(false);
    expect(check.reason).toMatch(reason);
  });
});

describe('reverse charge through the engine', () => {
  it('a plausible VAT number of the customer’s country: reverse charge, no VAT', async () => {
    const result = (await engineWith().calculations.create(b2b(['FR40303265045']))) as Wire;
    expect(result.total_tax_amount).toBe(0);
    expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(/reverse charge/);
  });

  it('"garbage" is taxed as a sale to a consumer, and the note says why', async () => {
    const result = (await engineWith().calculations.create(b2b(['garbage']))) as Wire;
    expect(result.total_tax_amount).toBe(2000);
    const note = result.line_items[0].tax_jurisdictions[0].note;
    expect(note).toMatch(/No reverse charge: "garbage" is not a plausible VAT number/);
    expect(note).toMatch(/does not query VIES/);
  });

  it('a wrong check digit, or a valid number of another country, is not enough', async () => {
    expect(((await engineWith().calculations.create(b2b(['FR12345678901']))) as Wire).total_tax_amount).toBe(2000);
    const german = (await engineWith().calculations.create(b2b(['DE136695976']))) as Wire;
    expect(german.total_tax_amount).toBe(2000);
    expect(german.line_items[0].tax_jurisdictions[0].note).toMatch(/VAT number of DE, not of FR/);
    // One plausible number of the right country among others is enough.
    expect(((await engineWith().calculations.create(b2b(['garbage', 'FR40303265045']))) as Wire).total_tax_amount).toBe(
      0,
    );
    // Greece: the EL prefix is Greece's.
    expect(
      ((await engineWith().calculations.create(b2b(['EL094259216'], 'GR', '10431'))) as Wire).total_tax_amount,
    ).toBe(0);
  });

  it('with no origin at all, a valid number is taxed as a domestic sale and the note says why (issue 37)', async () => {
    const { origin_address: _, ...noOrigin } = b2b(['FR40303265045']);
    const result = (await engineWith().calculations.create(noOrigin)) as Wire;
    expect(result.total_tax_amount).toBe(2000);
    const note = result.line_items[0].tax_jurisdictions[0].note;
    expect(note).toMatch(/^No reverse charge: the customer gave a VAT number of FR, but no origin is set/);
    expect(note).toMatch(/Send the ship-from address, or set the default origin/);
    // A consumer with no origin gets no such note: nothing would have been reverse-charged.
    const consumer = (await engineWith().calculations.create({
      ...noOrigin,
      customer: { ...noOrigin.customer, type: 'CONSUMER' as const, tax_ids: [] },
    })) as Wire;
    expect(consumer.line_items[0].tax_jurisdictions[0].note).not.toMatch(/reverse charge/);
  });

  it('takes a pluggable validator, and keeps its verdict for the transaction', async () => {
    const seen: string[] = [];
    const store = createMemoryStore();
    const engine = engineWith({
      store,
      vatNumberValidator: (value) => {
        seen.push(value);
        return value === 'FR-REGISTERED'
          ? { value, plausible: true, country: 'FR' }
          : { value, plausible: false, reason: 'not in our VIES cache' };
      },
    });
    const registered = (await engine.calculations.create(b2b(['FR-REGISTERED']))) as Wire;
    expect(registered.total_tax_amount).toBe(0);
    const unknown = (await engine.calculations.create(b2b(['FR40303265045']))) as Wire;
    expect(unknown.total_tax_amount).toBe(2000);
    expect(unknown.line_items[0].tax_jurisdictions[0].note).toMatch(/not in our VIES cache/);
    expect(seen).toEqual(['FR-REGISTERED', 'FR40303265045']);
    const transaction = (await engine.transactions.create({
      calculation_id: unknown.id,
      reference_order_id: 'o-1',
    })) as Wire;
    expect(transaction.line_items[0].tax_amount).toBe(2000);
    expect(transaction.line_items[0].tax_jurisdictions[0].note).toMatch(/No reverse charge/);
  });

  it('a consumer, or a sale inside one country, is not affected by the check', async () => {
    const domestic = {
      ...b2b(['garbage']),
      origin_address: { address_country: 'FR', address_province: '', address_postal_code: '75001' },
    };
    const result = (await engineWith().calculations.create(domestic)) as Wire;
    expect(result.total_tax_amount).toBe(2000);
    expect(result.line_items[0].tax_jurisdictions[0].note).not.toMatch(/reverse charge/);
  });
});
