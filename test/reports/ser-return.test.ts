/**
 * The SST Simplified Electronic Return from a rate table with SST-style jurisdictions (ids
 * `US-KS:<LEVEL>:<code>`, with `fips` and `serCode`), as the SST import will produce them. The
 * rates and the district are made up for the test; only the shape is the SST files'.
 */
import { describe, expect, it } from 'vitest';
import type { LocationTables } from '../../src/core/location/location-tables.ts';
import type { RateTable } from '../../src/core/rates/rate-table.ts';
import { createTestEngine, TEST_ADDRESSES, TEST_RATES, TEST_TENANT } from '../helpers/engine-fixtures.ts';
import { createTestApi } from '../helpers/http-fixtures.ts';
import { createTestLocations } from '../helpers/locations.ts';

const local = (level: 'COUNTY' | 'CITY' | 'DISTRICT', code: string, name: string, extra: Record<string, string>) => ({
  id: `US-KS:${level}:${code}`,
  country: 'US',
  level,
  name,
  authorityName: name,
  authorityType: level,
  taxType: 'SALES' as const,
  rateType: `${level} SALES TAX`,
  subdivision: 'KS',
  ...extra,
});

const KANSAS: RateTable = {
  name: 'test-sst-ks',
  source: 'test',
  effectiveDate: '2020-01-01',
  jurisdictions: [
    {
      id: 'US-KS',
      country: 'US',
      level: 'STATE',
      name: 'Kansas',
      authorityName: 'Kansas State',
      authorityType: 'STATE',
      taxType: 'SALES',
      rateType: 'STATE SALES TAX',
      subdivision: 'KS',
      fips: '20',
    },
    local('COUNTY', '091', 'Johnson County', { fips: '20091' }),
    local('CITY', '53775', 'Overland Park', { fips: '2053775' }),
    local('DISTRICT', '00123', 'Test District', { fips: '2000123', serCode: '20-D-00123' }),
  ],
  rates: [
    { jurisdiction: 'US-KS', from: '2020-01-01', rate: '0.065', categories: { FOOD_GENERAL: { rate: '0' } } },
    { jurisdiction: 'US-KS:COUNTY:091', from: '2020-01-01', rate: '0.01' },
    { jurisdiction: 'US-KS:CITY:53775', from: '2020-01-01', rate: '0.0125' },
    { jurisdiction: 'US-KS:DISTRICT:00123', from: '2020-01-01', rate: '0.005' },
  ],
  locations: [
    { key: 'US-KS', jurisdictions: ['US-KS'] },
    { key: 'US-KS-66210', jurisdictions: ['US-KS', 'US-KS:COUNTY:091', 'US-KS:CITY:53775', 'US-KS:DISTRICT:00123'] },
  ],
};

function kansasLocations(): LocationTables {
  const base = createTestLocations();
  const place = { state: 'KS', city: 'Overland Park', county: 'Johnson' };
  const subdivisions = new Map(base.subdivisions);
  subdivisions.set('US', new Map([...(base.subdivisions.get('US') ?? []), ['KS', 'Kansas']]));
  const codes = new Map(base.subdivisionCodes);
  codes.set('US', new Map([...(base.subdivisionCodes.get('US') ?? []), ['KANSAS', 'KS']]));
  return {
    ...base,
    subdivisions,
    subdivisionCodes: codes,
    usStateOfZip: (zip) => (zip === '66210' ? 'KS' : base.usStateOfZip(zip)),
    usZipPlace: (zip) => (zip === '66210' ? place : base.usZipPlace(zip)),
    usZipExists: (zip) => (zip === '66210' ? true : base.usZipExists(zip)),
  };
}

const JULY_10 = Date.UTC(2026, 6, 10, 12) / 1000;
const KS_ADDRESS = {
  address_country: 'US',
  address_province: 'KS',
  address_postal_code: '66210',
  address_city: 'Overland Park',
};

async function kansasSeller(tenant = TEST_TENANT) {
  const { engine, clock } = createTestEngine({ rates: [TEST_RATES, KANSAS], locations: kansasLocations(), tenant });
  clock.set(JULY_10 * 1000);
  await engine.registrations.create({
    country: 'US',
    province: 'KS',
    registration_number: '004-123456789F-01',
    active_from: 1_767_225_600,
  });
  const sell = async (
    reference: string,
    lines: readonly [string, number][],
    at: number,
    address: object = KS_ADDRESS,
  ) => {
    const calculation = await engine.calculations.create({
      customer: { address: address as typeof KS_ADDRESS },
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: false,
        line_items: lines.map(([category, amount], index) => ({
          product_category: category as 'GENERAL_MERCHANDISE',
          amount,
          quantity: 1,
          reference_line_item_id: `${reference}-${index}`,
        })),
      },
    });
    return engine.transactions.create({
      calculation_id: calculation.id,
      reference_order_id: reference,
      transaction_processed_at: at,
    });
  };
  const first = await sell(
    'ks-1',
    [
      ['GENERAL_MERCHANDISE', 10_000],
      ['FOOD_GENERAL', 2_000],
    ],
    JULY_10,
  );
  await sell('ks-2', [['GENERAL_MERCHANDISE', 33_333]], JULY_10 + 86_400);
  // Indiana: another state, on no Kansas return.
  await sell('in-1', [['GENERAL_MERCHANDISE', 5_000]], JULY_10, TEST_ADDRESSES.indiana);
  clock.set((JULY_10 + 5 * 86_400) * 1000);
  await engine.refunds.create({
    transaction_id: first.id,
    type: 'partial',
    line_items: [
      { reference_line_item_id: 'ks-1-0', sales_amount_refunded: -4_000, tax_amount_refunded: -370, quantity: 0 },
    ],
  } as never);
  return engine;
}

describe('the SST Simplified Electronic Return', () => {
  it('has the liability report’s totals for the state and period, to the cent', async () => {
    const engine = await kansasSeller();
    const ser = await engine.reports.ser({ state: 'KS', from: '2026-07-01', to: '2026-07-31' });
    const report = await engine.reports.liability({ from: '2026-07-01', to: '2026-07-31', currency: 'USD' });
    const kansas = report.rows.filter((row) => row.subdivision === 'KS');
    const sum = (rows: typeof kansas, pick: (row: (typeof kansas)[number]) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    expect(ser.total_tax_due + ser.fees_due).toBe(sum(kansas, (row) => row.net_tax));
    const state = kansas.filter((row) => row.level === 'STATE');
    expect(ser.state_tax_due).toBe(sum(state, (row) => row.net_tax));
    expect(ser.total_sales).toBe(sum(state, (row) => row.gross_sales + row.refunded_sales));
    expect(ser.exempt_sales).toBe(sum(state, (row) => row.exempt_sales + row.non_taxable_sales));
    expect(ser.taxable_sales).toBe(ser.total_sales - ser.exempt_sales);
    for (const jurisdiction of ser.jurisdictions) {
      expect(jurisdiction.tax_due).toBe(
        sum(
          kansas.filter((row) => row.jurisdiction_id === jurisdiction.jurisdiction_id),
          (row) => row.net_tax,
        ),
      );
    }
    expect(ser).toMatchObject({
      object: 'tax.ser_return',
      state: 'KS',
      state_fips: '20',
      seller_id: '004-123456789F-01',
      draft: true,
    });
    expect(ser.jurisdictions.map((jurisdiction) => [jurisdiction.level, jurisdiction.code])).toStrictEqual([
      ['CITY', '2053775'],
      ['COUNTY', '20091'],
      ['DISTRICT', '20-D-00123'],
    ]);
    // 100.00 + 333.33 of goods, 20.00 of exempt food, 40.00 refunded.
    expect([ser.total_sales, ser.exempt_sales, ser.taxable_sales]).toStrictEqual([41_333, 2_000, 39_333]);
    // The figures docs/filing.md shows.
    expect([ser.state_tax_due, ser.total_tax_due]).toStrictEqual([2556, 3693]);
    expect(ser.jurisdictions.map((jurisdiction) => jurisdiction.tax_due)).toStrictEqual([517, 413, 207]);
  });

  it('writes the XML draft with the figures in dollars, marked a draft', async () => {
    const engine = await kansasSeller();
    const ser = await engine.reports.ser({ state: 'KS', from: '2026-07-01', to: '2026-07-31' });
    const { serXml } = await import('../../src/wire/ser-xml.ts');
    const xml = serXml(ser, 'KS2026070120260731');
    expect(xml).toContain('<!-- DRAFT');
    expect(xml).toContain(`<TotalTaxDue>${(ser.total_tax_due / 100).toFixed(2)}</TotalTaxDue>`);
    expect(xml).toContain('<StateID>004-123456789F-01</StateID>');
    expect(xml).toContain('<FIPSCode>20</FIPSCode>');
    const order = [
      'TotalSales',
      'ExemptionsDeductions',
      'TaxableSales',
      'StateTaxDueSalesInState',
      'JurisdictionDetail',
      'TotalTaxDue',
    ];
    const positions = order.map((name) => xml.indexOf(`<${name}>`));
    expect([...positions].sort((a, b) => a - b)).toStrictEqual(positions);
  });

  it('answers the XML over HTTP to a secret key only, marked a draft', async () => {
    const engine = await kansasSeller({ accountId: 'acct_a', mode: 'test' });
    const { handler } = createTestApi(engine);
    const get = (key: string) =>
      handler(
        new Request('http://taxkit.test/tax/reports/ser?state=KS&from=2026-07-01&to=2026-07-31&format=xml', {
          headers: { authorization: `Bearer ${key}` },
        }),
      );
    const answered = await get('sk_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(answered.status).toBe(200);
    expect(answered.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(answered.headers.get('x-taxkit-draft')).toBe('true');
    expect(await answered.text()).toContain('<TotalTaxDue>36.93</TotalTaxDue>');
    expect((await get('pk_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(401);
  });

  it('answers 400 naming state for a state without SST data or registration, and from/to for a bad period', async () => {
    const engine = await kansasSeller();
    const cases: readonly [Record<string, string>, string][] = [
      [{ state: 'IN', from: '2026-07-01', to: '2026-07-31' }, 'state'],
      [{ state: 'KS', from: '2025-07-01', to: '2025-07-31' }, 'state'],
      [{ state: 'Kansas', from: '2026-07-01', to: '2026-07-31' }, 'state'],
      [{ state: 'KS', from: '2026-07-31', to: '2026-07-01' }, 'to'],
      [{ state: 'KS', from: '2026-7-1', to: '2026-07-31' }, 'from'],
    ];
    for (const [query, field] of cases) {
      const refused = await engine.reports.ser(query as never).catch((error: unknown) => error);
      expect(refused, JSON.stringify(query)).toMatchObject({ type: 'INVALID_VALUE', status: 400 });
      expect((refused as Error).message, JSON.stringify(query)).toMatch(new RegExp(`^${field}\\b`));
    }
  });
});
