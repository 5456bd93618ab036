import { describe, expect, it } from 'vitest';
import type { CalculationRequest } from '../../src/wire/api-types.ts';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine, type TaxEngineOptions } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import type { ApiVersion } from '../../src/wire/api-version.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function engineWith(options: TaxEngineOptions = {}) {
  const store = options.store ?? createMemoryStore();
  return { store, engine: createTaxEngine({ clock: { now: () => NOW }, ids: createCountingIds(), store, ...options }) };
}

const address = (country: string, province = '', postal = '', extra: Record<string, string> = {}) => ({
  address_country: country,
  address_province: province,
  address_postal_code: postal,
  ...extra,
});

function request(
  customerAddress: object,
  lines: object[] = [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
  extra: object = {},
): CalculationRequest {
  // Some tests send invalid bodies on purpose: the engine validates every body at run time.
  return <CalculationRequest>{
    customer: { address: customerAddress },
    order_details: { customer_currency_code: 'USD', tax_included_in_amount: false, line_items: lines },
    ...extra,
  };
}

type Wire = Record<string, any>;

describe('calculations from public facts', () => {
  const { engine } = engineWith();

  it('Indiana 46122: a 200-cent line of quantity 2 at 7 % owes 14', async () => {
    const result: Wire = await engine.calculations.create(
      request(address('US', 'IN', '46122'), [{ product_category: 'GENERAL_MERCHANDISE', amount: 200, quantity: 2 }]),
    );
    expect(result).toMatchObject({
      total_tax_amount: 14,
      total_amount_excluding_tax: 200,
      total_amount_including_tax: 214,
    });
    expect(result.line_items[0].tax_jurisdictions[0]).toMatchObject({
      tax_rate: 0.07,
      jurisdiction_name: 'Indiana',
      tax_type: 'SALES',
    });
  });

  it('says US results are state level only', async () => {
    const result: Wire = await engine.calculations.create(request(address('US', 'CA', '90002')));
    expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(/State-level rate only/);
    expect(result.total_tax_amount).toBe(725);
  });

  it('Ontario HST 13 %, Germany 19 %, Quebec GST + QST', async () => {
    const ontario: Wire = await engine.calculations.create(request(address('CA', 'ON', 'M5V 2T6')));
    expect(ontario.total_tax_amount).toBe(1_300);
    const germany: Wire = await engine.calculations.create(request(address('DE', '', '10115')));
    expect(germany.total_tax_amount).toBe(1_900);
    expect(germany.line_items[0].tax_jurisdictions[0]).toMatchObject({ tax_rate: 0.19, tax_type: 'VAT' });
    const quebec: Wire = await engine.calculations.create(request(address('CA', 'QC', 'H2X 1Y4')));
    expect(quebec.line_items[0].tax_jurisdictions.map((entry: Wire) => entry.tax_rate)).toEqual([0.05, 0.09975]);
    expect(quebec.total_tax_amount).toBe(1_498); // 500 + 997.5 → 1497.5 rounds half up
  });

  it('Nova Scotia HST follows the calendar: 15 % before 2025-04-01, 14 % after', async () => {
    const before = engineWith({ clock: { now: () => Date.UTC(2025, 2, 31, 23, 59) } }).engine;
    const after = engineWith({ clock: { now: () => Date.UTC(2025, 3, 1, 0, 1) } }).engine;
    const body = request(address('CA', 'NS', 'B3H 1A1'));
    expect(((await before.calculations.create(body)) as Wire).total_tax_amount).toBe(1_500);
    expect(((await after.calculations.create(body)) as Wire).total_tax_amount).toBe(1_400);
  });

  it('a tax-inclusive amount splits exactly', async () => {
    const result: Wire = await engine.calculations.create({
      ...request(address('CA', 'ON', 'M5V 2T6'), [
        { product_category: 'GENERAL_MERCHANDISE', amount: 11_300, quantity: 1 },
      ]),
      order_details: {
        customer_currency_code: 'CAD',
        tax_included_in_amount: true,
        line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 11_300, quantity: 1 }],
      },
    });
    expect(result).toMatchObject({
      total_tax_amount: 1_300,
      total_amount_excluding_tax: 10_000,
      total_amount_including_tax: 11_300,
      tax_included_in_amount: true,
    });
  });
});

describe('address resolution', () => {
  const { engine } = engineWith();

  it('EXACT when the city agrees with the ZIP, and address_used carries the table spelling', async () => {
    const result: Wire = await engine.calculations.create(
      request(address('US', 'IN', '46122', { address_line_1: '1 Main St', address_city: 'DANVILLE' })),
    );
    expect(result.address_resolution_status).toBe('EXACT');
    expect(result.address_used).toMatchObject({ address_city: 'Danville', address_postal_code: '46122' });
  });

  it('POSTAL_FALLBACK_1 when the city does not match; POSTAL_ONLY with no street or city', async () => {
    const fallback: Wire = await engine.calculations.create(
      request(address('US', 'IN', '46122', { address_city: 'Springfield' })),
    );
    expect(fallback.address_resolution_status).toBe('POSTAL_FALLBACK_1');
    const postalOnly: Wire = await engine.calculations.create(request(address('US', 'IN', '46122-1234')));
    // The embedded rates are state level: the ZIP+4 was not used, and nothing claims it was.
    expect(postalOnly).toMatchObject({ address_resolution_status: 'POSTAL_ONLY', resolution_precision: 'PROVINCE' });
    expect(postalOnly.address_used).toMatchObject({ address_postal_code: '46122' });
  });

  it('Chicago 60606-1234 with the embedded rates answers PROVINCE, not the ZIP+4 it never looked at', async () => {
    const chicago: Wire = await engine.calculations.create(
      request(address('US', 'IL', '60606-1234', { address_line_1: '1 N Wacker Dr', address_city: 'Chicago' })),
    );
    expect(chicago).toMatchObject({ resolution_precision: 'PROVINCE', address_resolution_status: 'POSTAL_FALLBACK_1' });
    expect(chicago.address_used).toMatchObject({ address_postal_code: '60606', address_city: 'Chicago' });
    expect(chicago.line_items[0].tax_jurisdictions.map((entry: Wire) => entry.tax_rate)).toEqual([0.0625]);
  });

  it('a Canadian postal code that does not confirm the province is not used: province rates, POSTAL_FALLBACK_1, a note', async () => {
    // A0A0A0: the placeholder a production client sends for every province (a postal code is
    // required); H2X 1Y4 is Quebec's; D is no province's first letter.
    for (const [province, postal, tax] of [
      ['ON', 'A0A0A0', 1_300],
      ['BC', 'A0A 0A0', 1_200],
      ['ON', 'H2X 1Y4', 1_300],
      ['QC', 'D1A 1A1', 1_498],
    ] as const) {
      const result: Wire = await engine.calculations.create(request(address('CA', province, postal)));
      expect(result.total_tax_amount).toBe(tax);
      expect(result).toMatchObject({
        address_resolution_status: 'POSTAL_FALLBACK_1',
        resolution_precision: 'PROVINCE',
      });
      expect(result.address_used).toMatchObject({ address_province: province, address_country: 'CA' });
      for (const entry of result.line_items[0].tax_jurisdictions) {
        expect(entry.note).toMatch(
          new RegExp(
            `^The postal code ${postal.replace(/^(...) ?(...)$/, '$1 $2')} is not one of ${province}, so it was not used`,
          ),
        );
      }
    }
    const confirmed: Wire = await engine.calculations.create(request(address('CA', 'NL', 'A0A 0A0')));
    expect(confirmed).toMatchObject({ address_resolution_status: 'POSTAL_ONLY', resolution_precision: 'POSTAL' });
    expect(confirmed.line_items[0].tax_jurisdictions[0].note ?? '').not.toMatch(/not used/);
  });

  it.each([
    [address('US', 'TN', '92037'), 'ZIP_STATE_MISMATCH', /92037 not found in the address_province TN/],
    [address('ZZ', '', '1'), 'INVALID_COUNTRY_CODE', /ZZ/],
    [address('US', 'California', '90002'), 'MALFORMED_ADDRESS', /address_province/],
    [address('US', 'CA', '9000'), 'MALFORMED_ADDRESS', /ZIP/],
    [address('US', 'CA', ''), 'MISSING_FIELD', /address_postal_code/],
    [address('CA', 'ON', '12345'), 'MALFORMED_ADDRESS', /Canadian postal code/],
  ])('%j → %s', async (customerAddress, type, message) => {
    await expect(engine.calculations.create(request(customerAddress))).rejects.toMatchObject({
      type,
      status: 400,
      message: expect.stringMatching(message),
    });
  });

  it('treats a Puerto Rico address as US-PR', async () => {
    const result: Wire = await engine.calculations.create(request(address('PR', '', '00926')));
    expect(result.line_items[0].tax_jurisdictions[0].jurisdiction_name).toBe('Puerto Rico');
  });

  it('answers zero with an honest note where it has no rate data', async () => {
    const result: Wire = await engine.calculations.create(request(address('AQ')));
    expect(result.total_tax_amount).toBe(0);
    expect(result.line_items[0].tax_jurisdictions[0]).toMatchObject({
      rate_type: 'NO RATE DATA',
      note: expect.stringMatching(/no rate data/),
    });
  });
});

describe('zero-tax rules', () => {
  it('a stored tax-exempt customer pays nothing, with a note on every jurisdiction', async () => {
    const { engine, store } = engineWith();
    await store.insertCustomer(
      { accountId: 'default', mode: 'test' },
      {
        id: 'cust_1',
        referenceCustomerId: 'my-customer',
        name: 'A',
        email: 'a@example.com',
        isTaxExempt: true,
        createdAt: 1,
      },
    );
    for (const id of ['cust_1', 'my-customer']) {
      const result: Wire = await engine.calculations.create({
        ...request(address('CA', 'QC', 'H2X 1Y4')),
        customer: { id, address: address('CA', 'QC', 'H2X 1Y4') },
      });
      expect(result.total_tax_amount).toBe(0);
      expect(result.customer).toMatchObject({ id: 'cust_1' });
      for (const entry of result.line_items[0].tax_jurisdictions)
        expect(entry).toMatchObject({ tax_rate: 0, note: expect.stringMatching(/exempt/) });
    }
    await expect(
      engine.calculations.create({ ...request(address('DE')), customer: { id: 'nobody', address: address('DE') } }),
    ).rejects.toMatchObject({
      type: 'CUSTOMER_NOT_FOUND',
    });
  });

  it('automatic_tax disabled → zero', async () => {
    const { engine } = engineWith();
    const body = request(address('DE'));
    const result: Wire = await engine.calculations.create({
      ...body,
      order_details: { ...body.order_details, automatic_tax: 'disabled' },
    });
    expect(result).toMatchObject({ total_tax_amount: 0, automatic_tax: 'disabled' });
  });

  it('live mode collects only where registered; test mode always gets rates', async () => {
    const { engine } = engineWith({ registrations: ['US-CA', 'DE'] });
    const live = { tenant: { accountId: 'a', mode: 'live' as const } };
    expect(
      ((await engine.calculations.create(request(address('US', 'CA', '90002')), live)) as Wire).total_tax_amount,
    ).toBe(725);
    expect(((await engine.calculations.create(request(address('DE')), live)) as Wire).total_tax_amount).toBe(1_900);
    const elsewhere: Wire = await engine.calculations.create(request(address('US', 'IN', '46122')), live);
    expect(elsewhere.total_tax_amount).toBe(0);
    expect(elsewhere.line_items[0].tax_jurisdictions[0].rate_type).toBe('NO COLLECTION; NO STATE NEXUS');
    expect(elsewhere.testmode).toBe(false);
    expect(((await engine.calculations.create(request(address('US', 'IN', '46122')))) as Wire).total_tax_amount).toBe(
      700,
    );
  });

  it('reverse charge for a VAT-registered business across an EU border, VAT at home', async () => {
    const { engine } = engineWith();
    const b2b = (origin: string) => ({
      ...request(address('FR', '', '75001')),
      customer: {
        address: address('FR', '', '75001'),
        type: 'BUSINESS',
        // A plausible French VAT number (format and check digits; issue 9 refuses implausible ones).
        tax_ids: [{ type: 'eu_vat', value: 'FR40303265045' }],
      },
      origin_address: address(origin, '', '10115'),
    });
    const cross: Wire = await engine.calculations.create(b2b('DE') as CalculationRequest);
    expect(cross.total_tax_amount).toBe(0);
    expect(cross.line_items[0].tax_jurisdictions[0].note).toMatch(/reverse charge/);
    expect(((await engine.calculations.create(b2b('FR') as CalculationRequest)) as Wire).total_tax_amount).toBe(2_000);
  });

  it('EXEMPT and NON_TAXABLE categories are never taxed', async () => {
    const { engine } = engineWith();
    const result: Wire = await engine.calculations.create(
      request(address('DE'), [
        { product_category: 'EXEMPT', amount: 1_000, quantity: 1 },
        { product_category: 'GENERAL_MERCHANDISE', amount: 1_000, quantity: 1 },
      ]),
    );
    expect(result.line_items.map((line: Wire) => line.tax_amount)).toEqual([0, 190]);
  });
});

describe('products on lines', () => {
  it('uses a stored product’s category and name; unknown → PRODUCT_NOT_FOUND unless a fallback is given', async () => {
    const { engine, store } = engineWith();
    await store.insertProduct(
      { accountId: 'default', mode: 'test' },
      { referenceProductId: 'p1', name: 'Soap', category: 'EXEMPT', createdAt: 1, updatedAt: 1 },
    );
    const stored: Wire = await engine.calculations.create(
      request(address('DE'), [{ reference_product_id: 'p1', amount: 1_000, quantity: 1 }]),
    );
    expect(stored.line_items[0].product).toMatchObject({
      reference_product_id: 'p1',
      reference_product_name: 'Soap',
      product_tax_code: 'EXEMPT',
    });
    expect(stored.total_tax_amount).toBe(0);
    await expect(
      engine.calculations.create(request(address('DE'), [{ reference_product_id: 'nope', amount: 1, quantity: 1 }])),
    ).rejects.toMatchObject({
      type: 'PRODUCT_NOT_FOUND',
      status: 400,
    });
    const fallback: Wire = await engine.calculations.create(
      request(address('DE'), [
        { reference_product_id: 'nope', fallback_product_category: 'GENERAL_MERCHANDISE', amount: 1_000, quantity: 1 },
      ]),
    );
    expect(fallback.total_tax_amount).toBe(190);
  });
});

describe('request validation', () => {
  const { engine, store } = engineWith();
  const tenant = { accountId: 'default', mode: 'test' as const };
  const base = request(address('DE'));

  it.each([
    [{ ...base, surprise: 1 }, 'UNRECOGNIZED_FIELD', /surprise/],
    [{ order_details: base.order_details }, 'MISSING_FIELD', /customer/],
    [
      {
        ...base,
        order_details: {
          ...base.order_details,
          line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: '10', quantity: 1 }],
        },
      },
      'INCORRECT_TYPE',
      /line_items\[0\]\.amount/,
    ],
    [
      {
        ...base,
        order_details: {
          ...base.order_details,
          line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: -1, quantity: 1 }],
        },
      },
      'POSITIVE_NUMBER_REQUIRED',
      /amount/,
    ],
    [
      {
        ...base,
        order_details: {
          ...base.order_details,
          line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1, quantity: 0 }],
        },
      },
      'POSITIVE_NUMBER_REQUIRED',
      /quantity/,
    ],
    [
      {
        ...base,
        order_details: {
          ...base.order_details,
          line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 2 ** 53, quantity: 1 }],
        },
      },
      'INCORRECT_TYPE',
      /amount/,
    ],
    [
      {
        ...base,
        order_details: {
          ...base.order_details,
          line_items: [{ product_category: 'SPACESHIPS', amount: 1, quantity: 1 }],
        },
      },
      'INVALID_PRODUCT_CATEGORY',
      /SPACESHIPS/,
    ],
    [
      { ...base, order_details: { ...base.order_details, line_items: [{ amount: 1, quantity: 1 }] } },
      'MISSING_FIELD',
      /product_category/,
    ],
    [{ ...base, order_details: { ...base.order_details, customer_currency_code: 'XYZ' } }, 'INVALID_CURRENCY', /XYZ/],
    [{ ...base, metadata: { note: 'x'.repeat(255) } }, 'METADATA_TOO_LONG', /metadata\.note/],
    [{ ...base, customer: {} }, 'MISSING_FIELD', /customer\.address/],
    [null, 'INCORRECT_TYPE', /body/],
  ])('%#: → %s, and nothing is stored', async (body, type, message) => {
    const before = await store.getCalculation(tenant, 'calc_1795401600000-000000000001');
    // Invalid on purpose (the types refuse most of these): what a JavaScript caller may send.
    await expect(engine.calculations.create(body as never)).rejects.toMatchObject({
      type,
      message: expect.stringMatching(message),
    });
    expect(await store.getCalculation(tenant, 'calc_1795401600000-000000000001')).toEqual(before);
  });

  it('currencies follow the version: GBP from 2025-05-12, not in 2024-09-01', async () => {
    const gbp = { ...base, order_details: { ...base.order_details, customer_currency_code: 'GBP' } };
    await expect(engine.calculations.create(gbp, { version: '2024-09-01' })).rejects.toMatchObject({
      type: 'INVALID_CURRENCY',
    });
    await expect(engine.calculations.create(gbp, { version: '2025-05-12' })).resolves.toMatchObject({
      customer_currency_code: 'GBP',
    });
  });

  it('customer.ip needs 2026-03-01', async () => {
    await expect(
      // The types already refuse customer.ip before 2026-03-01; JavaScript callers get the error.
      engine.calculations.create({ ...base, customer: { ip: { value: '8.8.8.8' } } } as never, {
        version: '2026-01-01',
      }),
    ).rejects.toMatchObject({
      type: 'UNRECOGNIZED_FIELD',
    });
  });
});

describe('response shape by version', () => {
  const { engine } = engineWith();
  const body = { ...request(address('US', 'IN', '46122')), metadata: { order: 'o-1' } };
  const shape = async (version: ApiVersion) => (await engine.calculations.create(body, { version })) as Wire;

  it('2024-09-01: the base fields only, plus the note taxkit sends in every version (issue 9)', async () => {
    const result = await shape('2024-09-01');
    expect(Object.keys(result)).toEqual([
      'id',
      'object',
      'customer_currency_code',
      'line_items',
      'tax_included_in_amount',
      'total_tax_amount',
      'total_amount_excluding_tax',
      'total_amount_including_tax',
      'expires_at',
      'testmode',
      'metadata',
      // taxkit's documented extensions, in every version (docs/rates.md).
      'tax_date',
      'rates_snapshot',
      // A US answer from the embedded state rate says so at the top level (issue 37).
      'note',
    ]);
    expect(Object.keys(result.line_items[0].tax_jurisdictions[0])).toEqual([
      'tax_rate',
      'rate_type',
      'jurisdiction_name',
      'fee_amount',
      'note',
    ]);
    expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(/State-level rate only/);
    expect(result.id).toMatch(/^calc_\d{13}/);
    expect(result.expires_at).toBe(NOW / 1000 + 86_400);
  });

  it('2025-05-12 adds customer, automatic_tax, address resolution, line_item_id and note', async () => {
    const result = await shape('2025-05-12');
    expect(result).toMatchObject({
      customer: { type: 'CONSUMER' },
      automatic_tax: 'auto',
      address_resolution_status: 'POSTAL_ONLY',
    });
    expect(result.line_items[0].line_item_id).toMatch(/^li_\d{13}/);
    expect(result.line_items[0].tax_jurisdictions[0]).toHaveProperty('note');
    expect(result).not.toHaveProperty('location_source');
  });

  it('2026-01-01 adds authority details and tax_due_decimal; 2026-03-01 adds location_source and resolution_precision', async () => {
    const january = await shape('2026-01-01');
    expect(january.line_items[0].tax_jurisdictions[0]).toMatchObject({
      tax_authority_name: 'Indiana State',
      tax_authority_type: 'STATE',
      tax_type: 'SALES',
      tax_due_decimal: 700,
    });
    const march = await shape('2026-03-01');
    expect(march).toMatchObject({
      location_source: 'address',
      // State-level embedded rates answered, whatever postal code was given.
      resolution_precision: 'PROVINCE',
      metadata: { order: 'o-1' },
    });
  });
});

describe('tax_authority_type of a national tax (issue 37)', () => {
  const { engine } = engineWith();
  it('is STATE, the spec enum\'s value for a sovereign state\'s authority, never ""', async () => {
    const germany: Wire = await engine.calculations.create(request(address('DE', '', '10115')), {
      version: '2026-01-01',
    });
    expect(germany.line_items[0].tax_jurisdictions[0]).toMatchObject({ tax_type: 'VAT', tax_authority_type: 'STATE' });
    const canada: Wire = await engine.calculations.create(request(address('CA', 'AB', 'T5J 0N3')), {
      version: '2026-01-01',
    });
    expect(canada.line_items[0].tax_jurisdictions[0]).toMatchObject({ tax_type: 'GST', tax_authority_type: 'STATE' });
  });
});

describe('housekeeping', () => {
  it('keeps an expired calculation for the grace period, then sweeps it on a later calculation', async () => {
    let now = NOW;
    const { engine } = engineWith({ clock: { now: () => now }, calculationRetentionSeconds: 3_600 });
    const body = request(address('DE'));
    const first: Wire = await engine.calculations.create(body);
    now += (86_400 + 1) * 1000; // expired, within the grace
    await expect(
      engine.transactions.create({ calculation_id: first.id, reference_order_id: 'o-1' }),
    ).rejects.toMatchObject({
      type: 'CALCULATION_EXPIRED',
    });
    now += 3_600 * 1000; // past the grace: the next calculation sweeps it
    await engine.calculations.create(body);
    await engine.whenIdle(); // the sweep runs after the answer, in the background
    await expect(
      engine.transactions.create({ calculation_id: first.id, reference_order_id: 'o-1' }),
    ).rejects.toMatchObject({
      type: 'CALCULATION_NOT_FOUND',
    });
  });
});
