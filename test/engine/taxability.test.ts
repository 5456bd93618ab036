/**
 * Taxability by category through the engine, with the embedded data (issue 9): the rules of
 * data/taxability/ applied to the embedded state-level rates, notes in every API version, and
 * a refund of a line taxed under a rule.
 */
import type { CalculationRequest } from '../../src/wire/api-types.ts';
import { describe, expect, it } from 'vitest';
import { createTaxEngine } from '../../src/engine.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import type { ApiVersion } from '../../src/wire/api-version.ts';
import { calculateLines } from '../../src/core/calculate-lines.ts';
import { compileRateIndex } from '../../src/core/rates/compile-rate-index.ts';
import { parseDay } from '../../src/core/rates/day-number.ts';
import { lookupRates } from '../../src/core/rates/lookup-rates.ts';
import type { RateTable } from '../../src/core/rates/rate-table.ts';
import { loadDefaultTaxability } from '../../src/defaults/load-default-rate-tables.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
type Wire = Record<string, any>;

// The per-order fees (Minnesota's 50 cents from $100, Colorado's per delivery) are tested in
// order-fees.test.ts; here each amount is the sales tax the category rules give.
const NO_ORDER_FEES = { off: ['US-CO:FEE:RETAIL_DELIVERY', 'US-MN:FEE:RETAIL_DELIVERY'] };
const engine = createTaxEngine({ clock: { now: () => NOW }, ids: createCountingIds(), orderFees: NO_ORDER_FEES });

const PLACES: Record<string, [string, string]> = {
  MD: ['US', '21201'],
  TX: ['US', '75001'],
  CA: ['US', '90002'],
  FL: ['US', '33101'],
  PA: ['US', '19103'],
  NJ: ['US', '07102'],
  MN: ['US', '55401'],
  NY: ['US', '10001'],
  MA: ['US', '02108'],
  RI: ['US', '02903'],
  TN: ['US', '37201'],
  UT: ['US', '84101'],
  VA: ['US', '23219'],
  IL: ['US', '62701'],
  IN: ['US', '46122'],
  NH: ['US', '03301'],
  HI: ['US', '96813'],
  SD: ['US', '57104'],
  MO: ['US', '63101'],
  DC: ['US', '20001'],
  OK: ['US', '73102'],
  MI: ['US', '48226'],
  CT: ['US', '06103'],
  OH: ['US', '43215'],
  VT: ['US', '05401'],
  NE: ['US', '68102'],
  LA: ['US', '70112'],
  NM: ['US', '87501'],
  SC: ['US', '29201'],
  MS: ['US', '39201'],
  WA: ['US', '98101'],
  WI: ['US', '53703'],
  KY: ['US', '40202'],
  NC: ['US', '27601'],
  IA: ['US', '50309'],
  ID: ['US', '83702'],
  CO: ['US', '80202'],
  ND: ['US', '58501'],
  WV: ['US', '25301'],
  WY: ['US', '82001'],
  ME: ['US', '04101'],
  AR: ['US', '72201'],
  AL: ['US', '36104'],
  AZ: ['US', '85004'],
  KS: ['US', '66603'],
  NV: ['US', '89501'],
  PR: ['US', '00926'],
  GA: ['US', '30303'],
};

function body(state: string, category: string, amount: number, quantity = 1, included = false): CalculationRequest {
  const [country, postal] = PLACES[state] as [string, string];
  return <CalculationRequest>{
    customer: { address: { address_country: country, address_province: state, address_postal_code: postal } },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: included,
      line_items: [{ reference_line_item_id: 'l1', product_category: category, amount, quantity }],
    },
  };
}

async function calc(state: string, category: string, amount = 10_000, quantity = 1, version?: ApiVersion) {
  return (await engine.calculations.create(
    body(state, category, amount, quantity),
    version ? { version } : {},
  )) as Wire;
}

/** $100 of `category` in `state`, calculated on `day` (YYYY-MM-DD, at noon UTC). */
async function calcOn(day: string, state: string, category: string): Promise<Wire> {
  const then = createTaxEngine({
    clock: { now: () => Date.parse(`${day}T12:00:00Z`) },
    ids: createCountingIds(),
    orderFees: NO_ORDER_FEES,
  });
  return (await then.calculations.create(body(state, category, 10_000))) as Wire;
}

/** $100 of `category` in `state` for a customer of `type`, calculated on `day`. */
async function calcAsOn(day: string, state: string, category: string, type: 'CONSUMER' | 'BUSINESS'): Promise<Wire> {
  const then = createTaxEngine({
    clock: { now: () => Date.parse(`${day}T12:00:00Z`) },
    ids: createCountingIds(),
    orderFees: NO_ORDER_FEES,
  });
  const request = body(state, category, 10_000);
  return (await then.calculations.create({ ...request, customer: { ...request.customer, type } })) as Wire;
}

const noteOf = (result: Wire): string => result.line_items[0].tax_jurisdictions[0].note;

describe('US taxability with the embedded rules', () => {
  it.each([
    ['TX', 'FOOD_GENERAL', /Groceries|Food/],
    ['CA', 'FOOD_GENERAL', /Food products/],
    ['FL', 'FOOD_GENERAL', /Groceries/],
    ['PA', 'CLOTHING_GENERAL', /Clothing is exempt in Pennsylvania/],
    ['NJ', 'CLOTHING', /Clothing and footwear are exempt in New Jersey/],
    ['MN', 'CLOTHING_GENERAL', /Clothing is exempt in Minnesota/],
    ['CA', 'SAAS_GENERAL', /not taxed in California/],
    ['NM', 'CANDY', /what SNAP may buy, candy and soft drinks included/],
    ['SC', 'BEVERAGE_CARBONATED', /candy and soft drinks included/],
    ['MN', 'SAAS_GENERAL', /not taxed in Minnesota/],
    ['NE', 'SAAS_GENERAL', /not taxed in Nebraska/],
    ['MN', 'DIGITAL_IMAGES_DOWNLOAD', /Digital photos and images are not among/],
    ['IN', 'DIGITAL_VIDEO_STREAMED', /only when the buyer gets permanent use/],
    ['ID', 'DIGITAL_AUDIO_STREAMED', /without a permanent right of use/],
    ['NJ', 'DIGITAL_IMAGES_DOWNLOAD', /Digital photographs and images are not taxed in New Jersey/],
    ['CA', 'DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD', /not taxed in California/],
    ['CA', 'SHIPPING', /Delivery charges/],
    ['OK', 'SHIPPING', /not taxed in Oklahoma when separately stated/],
    ['MI', 'SHIPPING', /not taxed in Michigan since 2023-04-26/],
    ['TX', 'GIFT_CARDS', /gift card/],
    ['NY', 'GIFT_CARDS', /gift card/],
    ['IN', 'CONSULTING_SERVICES_BUSINESS', /not taxed in Indiana/],
    ['TX', 'MEDICINES_PRESCRIPTION', /Prescription drugs are exempt/],
  ])('%s %s: no tax, and the note says which rule', async (state, category, note) => {
    const result = await calc(state, category);
    expect(result.total_tax_amount).toBe(0);
    const entry = result.line_items[0].tax_jurisdictions[0];
    expect(entry.tax_rate).toBe(0);
    expect(entry.note).toMatch(note);
  });

  it.each([
    ['NY', 'SHIPPING', 400, /Delivery charges are part of the taxable price in New York/],
    ['TX', 'SHIPPING', 625, /Delivery charges are part of the taxable price in Texas/],
    ['FL', 'SHIPPING', 600, /unless the buyer could avoid them/],
    ['PA', 'SAAS_GENERAL', 600, /Pennsylvania taxes canned software .* remote access/],
    ['TN', 'SAAS_WITH_DATABASE_ACCESS', 700, /remotely accessed prewritten software/],
    ['UT', 'SAAS_GENERAL', 610, /Utah taxes prewritten software .* remote access/],
    ['DC', 'SAAS_GENERAL', 600, /data processing service/],
    ['DC', 'DIGITAL_VIDEO_STREAMED', 600, /digital goods .* since 2019-01-01/],
    ['PA', 'DIGITAL_AUDIO_STREAMED', 600, /Pennsylvania taxes digital products .* since 2016-08-01/],
    ['MN', 'DIGITAL_VIDEO_STREAMED', 688, /Minnesota taxes digital audio and audiovisual works/],
    ['IN', 'DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD', 700, /right of permanent use/],
    ['KY', 'DIGITAL_VIDEO_STREAMED', 600, /Kentucky taxes digital property/],
    ['NC', 'DIGITAL_AUDIO_STREAMED', 475, /North Carolina taxes certain digital property/],
    ['TN', 'DIGITAL_VIDEO_STREAMED', 700, /Tennessee taxes specified digital products/],
    ['SD', 'DIGITAL_IMAGES_DOWNLOAD', 420, /South Dakota taxes every product transferred electronically/],
    ['ID', 'DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD', 600, /permanent right to use them/],
    ['CO', 'DIGITAL_VIDEO_STREAMED', 290, /Colorado taxes digital goods/],
    ['HI', 'DIGITAL_VIDEO_STREAMED', 400, /general excise tax applies to digital products/],
    ['CT', 'DIGITAL_AUDIO_STREAMED', 635, /general 6.35% rate since 2019-10-01/],
    ['OH', 'DIGITAL_VIDEO_STREAMED', 575, /streaming subscriptions included/],
    ['MD', 'DIGITAL_GRAPHICS_DOWNLOAD', 600, /Maryland taxes digital products .* since 2021-03-14/],
    ['NJ', 'DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD', 663, /New Jersey taxes digital audio/],
    ['HI', 'FOOD_GENERAL', 400, /groceries/],
    ['SD', 'FOOD_GENERAL', 420, /groceries/],
    ['HI', 'SERVICES_GENERAL', 400, /applies to services generally/],
  ])('%s %s: taxed at the general rate, and the note says the rule was checked', async (state, category, due, note) => {
    const result = await calc(state, category);
    expect(result.total_tax_amount).toBe(due);
    expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(note);
  });

  it.each([
    ['MA', 'CANDY', /Candy and soft drinks are food products in Massachusetts/],
    ['MA', 'BEVERAGE_CARBONATED', /Candy and soft drinks are food products in Massachusetts/],
    ['MI', 'CANDY', /food and food ingredients in Michigan/],
    ['MI', 'BEVERAGE_CARBONATED_JUICE_0_25_PERCENT', /food and food ingredients in Michigan/],
    ['NE', 'CANDY', /Candy and soft drinks are food in Nebraska/],
    ['NE', 'BEVERAGE_CARBONATED', /Candy and soft drinks are food in Nebraska/],
    ['NV', 'CANDY', /food for human consumption in Nevada/],
    ['NV', 'BEVERAGE_CARBONATED_JUICE_25_50_PERCENT', /food for human consumption in Nevada/],
    ['OH', 'CANDY', /Candy and chewing gum are food in Ohio/],
    ['KS', 'CANDY', /candy, soft drinks and bottled water included/],
    ['KS', 'BEVERAGE_CARBONATED', /candy, soft drinks and bottled water included/],
    ['WA', 'CANDY', /since Initiative 1107/],
    ['PR', 'FOOD_GENERAL', /exempt from Puerto Rico's state IVU/],
  ])(
    'candy, soft drinks and food that %s treats as groceries (%s): no tax, and the note says which rule',
    async (state, category, note) => {
      const result = await calc(state, category);
      expect(result.total_tax_amount).toBe(0);
      expect(result.line_items[0].tax_jurisdictions[0].tax_rate).toBe(0);
      expect(noteOf(result)).toMatch(note);
    },
  );

  it.each([
    ['MD', 'CANDY', 600, /not food for Maryland's groceries exemption/],
    ['MD', 'BEVERAGE_BOTTLED_WATER', 600, /bottled water are not food/],
    ['MD', 'BEVERAGE_CARBONATED_JUICE_100_PERCENT', 600, /carbonated beverages/],
    ['ND', 'CANDY', 500, /not food and food ingredients in North Dakota/],
    ['ND', 'BEVERAGE_CARBONATED', 500, /not food and food ingredients in North Dakota/],
    ['OH', 'BEVERAGE_CARBONATED', 575, /Soft drinks are not food for Ohio's groceries exemption/],
    [
      'WA',
      'BEVERAGE_CARBONATED_JUICE_25_50_PERCENT',
      650,
      /Soft drinks are not food and food ingredients in Washington/,
    ],
    ['WV', 'BEVERAGE_CARBONATED', 600, /Soft drinks are not exempt with groceries in West Virginia/],
    ['PR', 'CANDY', 1050, /not food and food ingredients in Puerto Rico/],
    ['PR', 'BEVERAGE_CARBONATED_JUICE_100_PERCENT', 1050, /carbonated beverages \(with juice or not\)/],
    ['LA', 'SOFTWARE_DOWNLOAD', 500, /tangible personal property in Louisiana however it is delivered/],
    ['ME', 'SOFTWARE_DOWNLOAD', 550, /software downloads included, since 2013-06-26/],
    ['NM', 'SOFTWARE_DOWNLOAD', 488, /gross receipts tax applies to receipts from selling or licensing software/],
    ['SD', 'SOFTWARE_DOWNLOAD', 420, /South Dakota taxes products transferred electronically, software downloads/],
    ['WV', 'SOFTWARE_DOWNLOAD', 600, /West Virginia taxes prewritten software however it is delivered/],
    ['IL', 'SHIPPING', 625, /no option to get the goods without them .* NON_TAXABLE/],
  ])('%s %s: taxed at the general rate, and the note says why', async (state, category, due, note) => {
    const result = await calc(state, category);
    expect(result.total_tax_amount).toBe(due);
    expect(noteOf(result)).toMatch(note);
  });

  it('Utah: candy, soft drinks and downloaded software', async () => {
    const candy = await calc('UT', 'CANDY');
    expect(candy.total_tax_amount).toBe(300);
    expect(candy.line_items[0].tax_jurisdictions.map((entry: Wire) => entry.tax_rate)).toEqual([0.0175, 0.0125]);
    expect(noteOf(candy)).toMatch(/candy and soft drinks included\) at a reduced state rate of 1\.75%;/);
    expect((await calc('UT', 'BEVERAGE_CARBONATED')).total_tax_amount).toBe(300);
    // Before 2019-04-01 the table has no Utah food rule: candy paid the general 4.7 % + 1.25 %.
    expect((await calcOn('2019-03-31', 'UT', 'CANDY')).total_tax_amount).toBe(595);
    const software = await calc('UT', 'SOFTWARE_DOWNLOAD');
    expect(software.total_tax_amount).toBe((await calc('UT', 'GENERAL_MERCHANDISE')).total_tax_amount);
    expect(noteOf(software)).toMatch(/Utah taxes prewritten software however it is delivered, a download included/);
  });

  it("Kansas candy and soft drinks follow the food rate's steps: general rate, 4 %, 2 %, 0 %", async () => {
    const before = await calcOn('2022-12-31', 'KS', 'CANDY');
    expect(before.total_tax_amount).toBe(650);
    expect(noteOf(before)).not.toMatch(/reduced state rate/);
    expect((await calcOn('2023-01-01', 'KS', 'CANDY')).total_tax_amount).toBe(400);
    expect((await calcOn('2024-01-01', 'KS', 'BEVERAGE_CARBONATED')).total_tax_amount).toBe(200);
    expect((await calcOn('2025-01-01', 'KS', 'BEVERAGE_CARBONATED')).total_tax_amount).toBe(0);
  });

  it('Washington candy and bottled water: taxed only from 2010-06-01 until Initiative 1107 (2010-12-02)', async () => {
    const before = await calcOn('2010-05-31', 'WA', 'CANDY');
    expect(before.total_tax_amount).toBe(0);
    expect(noteOf(before)).toMatch(/before 2010-06-01/);
    const taxed = await calcOn('2010-06-01', 'WA', 'BEVERAGE_BOTTLED_WATER');
    expect(taxed.total_tax_amount).toBe(650);
    expect(noteOf(taxed)).toMatch(/from 2010-06-01 until Initiative 1107 repealed the tax on 2010-12-02/);
    expect((await calcOn('2010-12-01', 'WA', 'CANDY')).total_tax_amount).toBe(650);
    expect((await calcOn('2010-12-02', 'WA', 'CANDY')).total_tax_amount).toBe(0);
    expect((await calcOn('2010-12-02', 'WA', 'BEVERAGE_BOTTLED_WATER')).total_tax_amount).toBe(0);
    expect((await calcOn('2010-05-31', 'WA', 'FOOD_GENERAL')).total_tax_amount).toBe(0);
  });

  it('District of Columbia soft drinks: the general 6 % before 2019-10-01, 8 % from then; groceries stay exempt', async () => {
    const general = await calcOn('2019-09-30', 'DC', 'BEVERAGE_CARBONATED');
    expect(general.total_tax_amount).toBe(600);
    expect(noteOf(general)).toMatch(/general 6% rate before 2019-10-01/);
    const higher = await calcOn('2019-10-01', 'DC', 'BEVERAGE_CARBONATED');
    expect(higher.total_tax_amount).toBe(800);
    expect(higher.line_items[0].tax_jurisdictions[0].tax_rate).toBe(0.08);
    expect(noteOf(higher)).toMatch(/soft drinks at 8% .* since 2019-10-01/);
    expect((await calc('DC', 'BEVERAGE_CARBONATED_JUICE_0_25_PERCENT')).total_tax_amount).toBe(800);
    expect((await calc('DC', 'FOOD_GENERAL')).total_tax_amount).toBe(0);
  });

  it('Maine software downloads: no rule before 2013-06-26, a rule saying they are taxed from then', async () => {
    const before = await calcOn('2013-06-25', 'ME', 'SOFTWARE_DOWNLOAD');
    expect(before.total_tax_amount).toBe(500);
    expect(noteOf(before)).not.toMatch(/software downloads included/);
    const after = await calcOn('2013-06-26', 'ME', 'SOFTWARE_DOWNLOAD');
    expect(after.total_tax_amount).toBe(500);
    expect(noteOf(after)).toMatch(/software downloads included, since 2013-06-26/);
  });

  it('Maine e-books: not taxed before 2013-06-26, taxed as products transferred electronically from then', async () => {
    const before = await calcOn('2013-06-25', 'ME', 'BOOKS_DIGITAL');
    expect(before.total_tax_amount).toBe(0);
    expect(noteOf(before)).toMatch(/E-books were not taxed in Maine before 2013-06-26/);
    const after = await calcOn('2013-06-26', 'ME', 'BOOKS_DIGITAL');
    expect(after.total_tax_amount).toBe(500);
    expect(noteOf(after)).toMatch(/Maine taxes e-books as products transferred electronically .* since 2013-06-26/);
    expect(noteOf(after)).toMatch(/only be read online, .* NON_TAXABLE/);
    expect((await calc('ME', 'BOOKS_DIGITAL')).total_tax_amount).toBe(550);
  });

  it('District of Columbia: separately stated shipping is not taxed, candy is exempt food', async () => {
    const shipping = await calc('DC', 'SHIPPING');
    expect(shipping.total_tax_amount).toBe(0);
    expect(shipping.line_items[0].tax_jurisdictions[0].tax_rate).toBe(0);
    expect(noteOf(shipping)).toMatch(/transportation charges .* are not part of the sales price in the District/);
    expect((await calcOn('2010-01-01', 'DC', 'SHIPPING')).total_tax_amount).toBe(0);
    const candy = await calc('DC', 'CANDY');
    expect(candy.total_tax_amount).toBe(0);
    expect(noteOf(candy)).toMatch(/Candy is food that SNAP may buy/);
    expect((await calcOn('2010-01-01', 'DC', 'CANDY')).total_tax_amount).toBe(0);
    // Soft drinks stay taxed at 8 %, the general 6 % applies to everything else.
    expect((await calc('DC', 'BEVERAGE_CARBONATED')).total_tax_amount).toBe(800);
    expect((await calc('DC', 'GENERAL_MERCHANDISE')).total_tax_amount).toBe(600);
  });

  it('West Virginia candy: no rule before 2013-07-01, exempt with groceries from then', async () => {
    const before = await calcOn('2013-06-30', 'WV', 'CANDY');
    expect(before.total_tax_amount).toBe(600);
    expect(noteOf(before)).toMatch(/taxkit holds no taxability rule for CANDY here/);
    const after = await calcOn('2013-07-01', 'WV', 'CANDY');
    expect(after.total_tax_amount).toBe(0);
    expect(noteOf(after)).toMatch(/Candy is food and food ingredients in West Virginia .* since 2013-07-01/);
    expect((await calc('WV', 'CANDY')).total_tax_amount).toBe(0);
  });

  it('West Virginia streams: no rule before TSD-445 (2021-09-01), taxed as a streaming service from then', async () => {
    const before = await calcOn('2021-08-31', 'WV', 'DIGITAL_VIDEO_STREAMED');
    expect(before.total_tax_amount).toBe(600);
    expect(noteOf(before)).toMatch(/taxkit holds no taxability rule for DIGITAL_VIDEO_STREAMED here/);
    for (const category of ['DIGITAL_VIDEO_STREAMED', 'DIGITAL_VIDEO_STREAMED_LIVE', 'DIGITAL_AUDIO_STREAMED']) {
      const after = await calcOn('2021-09-01', 'WV', category);
      expect(after.total_tax_amount).toBe(600);
      expect(noteOf(after)).toMatch(/West Virginia taxes streaming services .* NON_TAXABLE/);
    }
    expect((await calc('WV', 'DIGITAL_AUDIO_STREAMED_LIVE')).total_tax_amount).toBe(600);
    // Downloads stay untaxed digital products.
    expect((await calc('WV', 'DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD')).total_tax_amount).toBe(0);
  });

  it('business customers: Iowa software and SaaS exempt, New Jersey downloads exempt, Maryland SaaS at 3 %', async () => {
    const iowaBusiness = await calcAsOn('2026-11-22', 'IA', 'SAAS_GENERAL', 'BUSINESS');
    expect(iowaBusiness.total_tax_amount).toBe(0);
    expect(noteOf(iowaBusiness)).toMatch(/commercial enterprise for its exclusive use/);
    expect((await calcAsOn('2019-01-01', 'IA', 'SOFTWARE_DOWNLOAD', 'BUSINESS')).total_tax_amount).toBe(0);
    expect((await calcAsOn('2026-11-22', 'IA', 'DIGITAL_IMAGES_DOWNLOAD', 'BUSINESS')).total_tax_amount).toBe(0);
    expect((await calcAsOn('2026-11-22', 'IA', 'SAAS_GENERAL', 'CONSUMER')).total_tax_amount).toBe(600);
    const newJersey = await calcAsOn('2026-11-22', 'NJ', 'SOFTWARE_DOWNLOAD', 'BUSINESS');
    expect(newJersey.total_tax_amount).toBe(0);
    expect(noteOf(newJersey)).toMatch(/used directly and exclusively in the buyer's business/);
    expect((await calcAsOn('2026-11-22', 'NJ', 'SOFTWARE_DOWNLOAD', 'CONSUMER')).total_tax_amount).toBe(663);
    const maryland = await calcAsOn('2025-07-01', 'MD', 'SAAS_GENERAL', 'BUSINESS');
    expect(maryland.total_tax_amount).toBe(300);
    expect(maryland.line_items[0].tax_jurisdictions[0].tax_rate).toBe(0.03);
    expect(noteOf(maryland)).toMatch(/enterprise computer system at 3%/);
    const marylandConsumer = await calcAsOn('2025-07-01', 'MD', 'SAAS_GENERAL', 'CONSUMER');
    expect(marylandConsumer.total_tax_amount).toBe(600);
    expect(noteOf(marylandConsumer)).toMatch(/send the customer as BUSINESS/);
    expect((await calcAsOn('2025-06-30', 'MD', 'SAAS_GENERAL', 'BUSINESS')).total_tax_amount).toBe(600);
  });

  it('Puerto Rico services: a consumer pays the 10.5 % state IVU, a business the special 4 % from 2015-10-01', async () => {
    for (const category of ['SERVICES_GENERAL', 'CONSULTING_SERVICES_GENERAL', 'CONSULTING_SERVICES_PERSONAL']) {
      const consumer = await calcAsOn('2026-11-22', 'PR', category, 'CONSUMER');
      expect(consumer.total_tax_amount).toBe(1050);
      expect(noteOf(consumer)).toMatch(/IVU taxes services in general, not a list of them/);
      expect(noteOf(consumer)).toMatch(/designated professional services .* special 4% state IVU/);
      const business = await calcAsOn('2026-11-22', 'PR', category, 'BUSINESS');
      expect(business.total_tax_amount).toBe(400);
      expect(business.line_items[0].tax_jurisdictions[0].tax_rate).toBe(0.04);
      expect(noteOf(business)).toMatch(/business-to-business services\) at the special 4% state IVU since 2015-10-01/);
    }
    // No customer type is a consumer.
    expect((await calc('PR', 'SERVICES_GENERAL')).total_tax_amount).toBe(1050);
    // Before 2015-10-01 services to a business were not taxable services; consumers paid the general rate.
    const before = await calcAsOn('2015-09-30', 'PR', 'SERVICES_GENERAL', 'BUSINESS');
    expect(before.total_tax_amount).toBe(0);
    expect(noteOf(before)).toMatch(/not taxable services in Puerto Rico before the special 4% IVU began on 2015-10-01/);
    expect((await calcAsOn('2015-09-30', 'PR', 'SERVICES_GENERAL', 'CONSUMER')).total_tax_amount).toBe(1050);
    expect((await calcAsOn('2015-10-01', 'PR', 'SERVICES_GENERAL', 'BUSINESS')).total_tax_amount).toBe(400);
    expect((await calcAsOn('2015-10-01', 'PR', 'SERVICES_GENERAL', 'CONSUMER')).total_tax_amount).toBe(1050);
  });

  it('Puerto Rico business consulting: exempt before 2015-10-01, the special 4 % from then, whatever the customer type', async () => {
    const before = await calcOn('2015-09-30', 'PR', 'CONSULTING_SERVICES_BUSINESS');
    expect(before.total_tax_amount).toBe(0);
    expect(noteOf(before)).toMatch(/before the special 4% IVU began on 2015-10-01/);
    const after = await calcOn('2015-10-01', 'PR', 'CONSULTING_SERVICES_BUSINESS');
    expect(after.total_tax_amount).toBe(400);
    expect(after.line_items[0].tax_jurisdictions[0].tax_rate).toBe(0.04);
    expect(noteOf(after)).toMatch(/send that as CONSULTING_SERVICES_GENERAL/);
    expect((await calcAsOn('2026-11-22', 'PR', 'CONSULTING_SERVICES_BUSINESS', 'BUSINESS')).total_tax_amount).toBe(400);
  });

  it('Puerto Rico services with an imported 1 % municipal IVU: a consumer pays it, the special 4 % has none', () => {
    const index = stateWithCity({
      region: 'US-PR',
      state: ['Puerto Rico', '0.105'],
      city: ['San Juan', '0.01', 'MUNICIPAL SALES TAX'],
      from: '2015-07-01',
    });
    const taxed = (category: string, customerType: 'CONSUMER' | 'BUSINESS') =>
      taxOneLine(index, 'US-PR', category, customerType);
    expect(taxed('SERVICES_GENERAL', 'CONSUMER').taxMinor).toBe(1150);
    const business = taxed('SERVICES_GENERAL', 'BUSINESS');
    expect(business.taxMinor).toBe(400);
    expect(business.jurisdictions.map((entry) => entry.taxMinor)).toEqual([400, 0]);
    expect(taxed('CONSULTING_SERVICES_BUSINESS', 'CONSUMER').taxMinor).toBe(400);
  });

  it('Massachusetts and Missouri: a separately stated SHIPPING line is not taxed', async () => {
    for (const state of ['MA', 'MO']) {
      const result = await calc(state, 'SHIPPING');
      expect(result.total_tax_amount).toBe(0);
      expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(/Delivery charges are not taxed/);
    }
  });

  it('Pennsylvania SaaS before Act 84 of 2016 carries no rule: general rate, no note of one', async () => {
    const result = await calcOn('2016-07-01', 'PA', 'SAAS_GENERAL');
    expect(result.total_tax_amount).toBe(600);
    expect(result.line_items[0].tax_jurisdictions[0].note).not.toMatch(/Act 84/);
  });

  it('Vermont SaaS: not taxed from 2015-07-01, taxed again from 2024-07-01', async () => {
    const exempt = await calcOn('2024-06-30', 'VT', 'SAAS_GENERAL');
    expect(exempt.total_tax_amount).toBe(0);
    expect(exempt.line_items[0].tax_jurisdictions[0].note).toMatch(/not taxed in Vermont from 2015-07-01/);
    const taxed = await calc('VT', 'SAAS_GENERAL');
    expect(taxed.total_tax_amount).toBe(600);
    expect(taxed.line_items[0].tax_jurisdictions[0].note).toMatch(/since 2024-07-01/);
  });

  it('Louisiana SaaS and digital products: taxed from 2025-01-01 at the new 5 % rate, SaaS not before', async () => {
    const exempt = await calcOn('2024-12-31', 'LA', 'SAAS_GENERAL');
    expect(exempt.total_tax_amount).toBe(0);
    expect(exempt.line_items[0].tax_jurisdictions[0].note).toMatch(/not taxed in Louisiana before 2025-01-01/);
    const saas = await calc('LA', 'SAAS_GENERAL');
    expect(saas.total_tax_amount).toBe(500);
    expect(saas.line_items[0].tax_jurisdictions[0].note).toMatch(/software access services .* since 2025-01-01/);
    const streamed = await calc('LA', 'DIGITAL_VIDEO_STREAMED');
    expect(streamed.total_tax_amount).toBe(500);
    expect(streamed.line_items[0].tax_jurisdictions[0].note).toMatch(/digital products/);
  });

  it('digital products: WA and WI streamed or not, MN and IA not before they were taxed, PA not before Act 84', async () => {
    const washington = await calcOn('2026-11-22', 'WA', 'DIGITAL_VIDEO_STREAMED');
    expect(washington.total_tax_amount).toBe(650);
    expect(washington.line_items[0].tax_jurisdictions[0].note).toMatch(/downloaded or streamed/);
    const wisconsin = await calcOn('2026-11-22', 'WI', 'DIGITAL_AUDIO_NONPERMANENT_USE_RIGHTS_DOWNLOAD');
    expect(wisconsin.total_tax_amount).toBe(500);
    expect(wisconsin.line_items[0].tax_jurisdictions[0].note).toMatch(/less than permanent use/);
    expect((await calcOn('2013-06-30', 'MN', 'DIGITAL_AUDIO_STREAMED')).total_tax_amount).toBe(0);
    expect((await calcOn('2018-12-31', 'IA', 'DIGITAL_IMAGES_DOWNLOAD')).total_tax_amount).toBe(0);
    expect((await calcOn('2021-03-13', 'MD', 'DIGITAL_VIDEO_STREAMED')).total_tax_amount).toBe(0);
    const connecticut2019 = await calcOn('2019-09-30', 'CT', 'DIGITAL_VIDEO_STREAMED');
    expect(connecticut2019.total_tax_amount).toBe(100);
    expect(connecticut2019.line_items[0].tax_jurisdictions[0].note).toMatch(/at 1%/);
    const iowa = await calcOn('2019-01-01', 'IA', 'DIGITAL_IMAGES_DOWNLOAD');
    expect(iowa.total_tax_amount).toBe(600);
    expect(iowa.line_items[0].tax_jurisdictions[0].note).toMatch(/since 2019-01-01/);
    const before = await calcOn('2016-07-31', 'PA', 'DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD');
    expect(before.total_tax_amount).toBe(0);
    expect(before.line_items[0].tax_jurisdictions[0].note).toMatch(/not taxed in Pennsylvania before 2016-08-01/);
  });

  it('digital products where only downloads the buyer keeps are taxed (WY) or none are (ND, WV)', async () => {
    const northDakota = await calcOn('2026-11-22', 'ND', 'DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD');
    expect(northDakota.total_tax_amount).toBe(0);
    expect(northDakota.line_items[0].tax_jurisdictions[0].note).toMatch(/does not tax specified digital products/);
    expect((await calcOn('2026-11-22', 'WV', 'BOOKS_DIGITAL')).total_tax_amount).toBe(0);
    const kept = await calcOn('2026-11-22', 'WY', 'DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD');
    expect(kept.total_tax_amount).toBe(400);
    expect(kept.line_items[0].tax_jurisdictions[0].note).toMatch(/permanent use/);
    const streamed = await calcOn('2026-11-22', 'WY', 'DIGITAL_VIDEO_STREAMED');
    expect(streamed.total_tax_amount).toBe(0);
    expect(streamed.line_items[0].tax_jurisdictions[0].note).toMatch(
      /streams, rentals and subscriptions are not taxed/,
    );
  });

  it('digital products on both sides of the day a state began to tax them (AR, RI, ME, UT)', async () => {
    expect((await calcOn('2017-12-31', 'AR', 'BOOKS_DIGITAL')).total_tax_amount).toBe(0);
    expect((await calcOn('2018-01-01', 'AR', 'BOOKS_DIGITAL')).total_tax_amount).toBe(650);
    expect((await calcOn('2019-09-30', 'RI', 'DIGITAL_VIDEO_STREAMED')).total_tax_amount).toBe(0);
    const rhodeIsland = await calcOn('2019-10-01', 'RI', 'DIGITAL_VIDEO_STREAMED');
    expect(rhodeIsland.total_tax_amount).toBe(700);
    expect(rhodeIsland.line_items[0].tax_jurisdictions[0].note).toMatch(/since 2019-10-01/);
    expect((await calcOn('2013-06-25', 'ME', 'DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD')).total_tax_amount).toBe(0);
    expect((await calcOn('2013-06-26', 'ME', 'DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD')).total_tax_amount).toBe(
      500,
    );
    const maineStream2025 = await calcOn('2025-12-31', 'ME', 'DIGITAL_VIDEO_STREAMED');
    expect(maineStream2025.total_tax_amount).toBe(0);
    expect(maineStream2025.line_items[0].tax_jurisdictions[0].note).toMatch(/before 2026-01-01/);
    expect((await calcOn('2026-01-01', 'ME', 'DIGITAL_VIDEO_STREAMED')).total_tax_amount).toBe(550);
    const utahStream = await calcOn('2026-06-30', 'UT', 'DIGITAL_AUDIO_STREAMED');
    expect(utahStream.total_tax_amount).toBe(0);
    expect(utahStream.line_items[0].tax_jurisdictions).toHaveLength(2);
    const utahTaxed = await calcOn('2026-07-01', 'UT', 'DIGITAL_AUDIO_STREAMED');
    expect(utahTaxed.total_tax_amount).toBe((await calcOn('2026-07-01', 'UT', 'GENERAL_MERCHANDISE')).total_tax_amount);
    expect(utahTaxed.line_items[0].tax_jurisdictions[0].note).toMatch(/S\.B\. 162/);
  });

  it('New Jersey streams: exempt as products accessed but not delivered, from 2011-05-01; downloads stay taxed', async () => {
    const stream = await calcOn('2011-05-01', 'NJ', 'DIGITAL_AUDIO_STREAMED');
    expect(stream.total_tax_amount).toBe(0);
    expect(stream.line_items[0].tax_jurisdictions[0].note).toMatch(/accessed but not delivered/);
    expect((await calcOn('2026-11-22', 'NJ', 'BOOKS_DIGITAL')).total_tax_amount).toBe(663);
  });

  it("e-books follow each state's rule for digital products", async () => {
    const california = await calc('CA', 'BOOKS_DIGITAL');
    expect(california.total_tax_amount).toBe(0);
    expect(california.line_items[0].tax_jurisdictions[0].note).toMatch(/books/);
    expect((await calc('WA', 'BOOKS_DIGITAL')).total_tax_amount).toBe(650);
  });

  it('SaaS in Arizona (a rental) and South Carolina (a communications service) is taxed, with a rule saying why', async () => {
    const arizona = await calc('AZ', 'SAAS_GENERAL');
    expect(arizona.total_tax_amount).toBe(560);
    expect(arizona.line_items[0].tax_jurisdictions[0].note).toMatch(/rental/);
    const southCarolina = await calc('SC', 'SAAS_GENERAL');
    expect(southCarolina.total_tax_amount).toBe(600);
    expect(southCarolina.line_items[0].tax_jurisdictions[0].note).toMatch(/communications service/);
  });

  it('Ohio SaaS is taxed for a business customer only; Connecticut downloads are 1 % for a business', async () => {
    const as = async (state: string, category: string, type: 'CONSUMER' | 'BUSINESS') => {
      const request = body(state, category, 10_000);
      return (await engine.calculations.create({ ...request, customer: { ...request.customer, type } })) as Wire;
    };
    const consumer = await as('OH', 'SAAS_GENERAL', 'CONSUMER');
    expect(consumer.total_tax_amount).toBe(0);
    expect(consumer.line_items[0].tax_jurisdictions[0].note).toMatch(/not taxed for a consumer/);
    expect((await calc('OH', 'SAAS_GENERAL')).total_tax_amount).toBe(0);
    const business = await as('OH', 'SAAS_GENERAL', 'BUSINESS');
    expect(business.total_tax_amount).toBe(575);
    expect(business.line_items[0].tax_jurisdictions[0].note).toMatch(/bought for use in a business/);
    expect((await as('CT', 'SOFTWARE_DOWNLOAD', 'CONSUMER')).total_tax_amount).toBe(635);
    expect((await as('CT', 'SOFTWARE_DOWNLOAD', 'BUSINESS')).total_tax_amount).toBe(100);
  });

  it('separately stated shipping is not taxed in Alabama, Maine and Wyoming', async () => {
    for (const state of ['AL', 'ME', 'WY']) {
      const result = await calc(state, 'SHIPPING');
      expect(result.total_tax_amount).toBe(0);
      expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(/separately/i);
      expect((await calc(state, 'GENERAL_MERCHANDISE')).total_tax_amount).toBeGreaterThan(0);
    }
  });

  it('Michigan shipping: taxed before Public Acts 20 and 21 of 2023, not from 2023-04-26', async () => {
    const taxed = await calcOn('2023-04-25', 'MI', 'SHIPPING');
    expect(taxed.total_tax_amount).toBe(600);
    expect(taxed.line_items[0].tax_jurisdictions[0].note).toMatch(/before 2023-04-26/);
    expect((await calcOn('2023-04-26', 'MI', 'SHIPPING')).total_tax_amount).toBe(0);
  });

  it('District of Columbia digital music and video: not taxed before 2019-01-01, taxed from then', async () => {
    const exempt = await calcOn('2018-12-31', 'DC', 'DIGITAL_AUDIO_STREAMED');
    expect(exempt.total_tax_amount).toBe(0);
    expect(exempt.line_items[0].tax_jurisdictions[0].note).toMatch(/were not taxed .* before 2019-01-01/);
    const taxed = await calcOn('2019-01-01', 'DC', 'DIGITAL_AUDIO_STREAMED');
    expect(taxed.total_tax_amount).toBe(600);
  });

  it('general merchandise in the same places is still taxed at the general rate', async () => {
    expect((await calc('TX', 'GENERAL_MERCHANDISE')).total_tax_amount).toBe(625);
    expect((await calc('PA', 'GENERAL_MERCHANDISE')).total_tax_amount).toBe(600);
    expect((await calc('CA', 'GENERAL_MERCHANDISE')).total_tax_amount).toBe(725);
  });

  it('Texas SaaS: 80 % of the price at 6.25 % (5 %)', async () => {
    const result = await calc('TX', 'SAAS_GENERAL');
    expect(result.total_tax_amount).toBe(500);
    expect(result.line_items[0].tax_jurisdictions[0]).toMatchObject({
      tax_rate: 0.05,
      note: expect.stringMatching(/80%/),
    });
  });

  it('New York clothing: under $110 an item exempt from the state tax, $110 taxed', async () => {
    expect((await calc('NY', 'CLOTHING_GENERAL', 10_999)).total_tax_amount).toBe(0);
    expect((await calc('NY', 'CLOTHING_GENERAL', 11_000)).total_tax_amount).toBe(440);
    expect((await calc('NY', 'CLOTHING_GENERAL', 3 * 10_000, 3)).total_tax_amount).toBe(0);
  });

  it('Connecticut clothing: taxed at the general rate, and the note says the under-$50 exemption was repealed', async () => {
    const taxed = await calc('CT', 'CLOTHING_GENERAL', 4_999);
    expect(taxed.total_tax_amount).toBe(317);
    expect(taxed.line_items[0].tax_jurisdictions[0].note).toMatch(/repealed/);
  });

  it('Connecticut clothing before 2011-07-01 (before the embedded rates begin): under $50 an item exempt', () => {
    // The embedded Connecticut rate starts at 2011-07-01, so the older rule is checked against a
    // table holding the 6 % rate of the time.
    const ct: RateTable = {
      name: 'Connecticut 2010',
      source: 'test',
      effectiveDate: '2010-01-01',
      jurisdictions: [
        {
          id: 'US-CT',
          country: 'US',
          level: 'STATE',
          name: 'Connecticut',
          authorityName: 'Connecticut',
          authorityType: 'STATE',
          taxType: 'SALES',
          rateType: 'STATE SALES TAX',
        },
      ],
      rates: [{ jurisdiction: 'US-CT', from: '2010-01-01', to: '2011-07-01', rate: '0.06', source: 'test' }],
      locations: [{ key: 'US-CT', jurisdictions: ['US-CT'] }],
    };
    const index = compileRateIndex([...loadDefaultTaxability(), ct]);
    const taxOn = (amountMinor: number) => {
      const rates = lookupRates(index, 'US-CT', parseDay('2011-06-30')) ?? [];
      const line = {
        lineItemId: 'li',
        referenceLineItemId: '',
        referenceProductId: '',
        productName: '',
        category: 'CLOTHING',
        amountMinor,
        quantity: 1,
      };
      return calculateLines([line], rates, false, undefined).lines[0]!;
    };
    expect(taxOn(4_999).taxMinor).toBe(0);
    expect(taxOn(4_999).jurisdictions[0]!.note).toMatch(/less than \$50 an item before 2011-07-01/);
    expect(taxOn(5_000).taxMinor).toBe(300);
  });

  it('clothing where no exemption exists: taxed at the general rate, and the note says so', async () => {
    const result = await calc('OH', 'CLOTHING', 10_000);
    expect(result.total_tax_amount).toBe(575);
    expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(/Ohio: its sales tax has no clothing exemption/);
  });

  it('Massachusetts and Rhode Island tax clothing only above $175 and $250 an item', async () => {
    expect((await calc('MA', 'CLOTHING', 17_500)).total_tax_amount).toBe(0);
    expect((await calc('MA', 'CLOTHING', 20_000)).total_tax_amount).toBe(156); // 25 × 6.25 % = 1.5625
    expect((await calc('RI', 'CLOTHING', 25_000)).total_tax_amount).toBe(0);
    expect((await calc('RI', 'CLOTHING', 2 * 30_000, 2)).total_tax_amount).toBe(700); // 2 × 50 × 7 %
  });

  it('reduced state food rates: Tennessee 4 %, Illinois exempt since 2026, Utah 1.75 % + 1.25 % local', async () => {
    expect((await calc('TN', 'FOOD_GENERAL')).total_tax_amount).toBe(400);
    expect((await calc('TN', 'CANDY')).total_tax_amount).toBe(700);
    expect((await calc('IL', 'FOOD_GENERAL')).total_tax_amount).toBe(0);
    const utah = await calc('UT', 'FOOD_GENERAL');
    expect(utah.total_tax_amount).toBe(300);
    expect(utah.line_items[0].tax_jurisdictions.map((entry: Wire) => entry.tax_rate)).toEqual([0.0175, 0.0125]);
    expect((await calc('UT', 'GENERAL_MERCHANDISE')).total_tax_amount).toBe(610);
    expect((await calc('VA', 'FOOD_GENERAL')).total_tax_amount).toBe(100);
    expect((await calc('VA', 'GENERAL_MERCHANDISE')).total_tax_amount).toBe(530);
    // Mississippi's 5 % is for what SNAP may buy, candy and soft drinks too; the rest pays 7 %.
    expect((await calc('MS', 'CANDY')).total_tax_amount).toBe(500);
    expect((await calc('MS', 'BEVERAGE_CARBONATED')).total_tax_amount).toBe(500);
    expect((await calc('MS', 'GENERAL_MERCHANDISE')).total_tax_amount).toBe(700);
  });

  it('New Hampshire: no sales tax, but restaurant meals pay the 8.5 % meals tax', async () => {
    expect((await calc('NH', 'GENERAL_MERCHANDISE')).total_tax_amount).toBe(0);
    expect((await calc('NH', 'FOOD_PREPARED')).total_tax_amount).toBe(850);
  });

  it('tax-inclusive: Massachusetts clothing at $201.56 including tax is $200 + $1.56', async () => {
    const result = (await engine.calculations.create(body('MA', 'CLOTHING', 20_156, 1, true))) as Wire;
    expect(result).toMatchObject({ total_tax_amount: 156, total_amount_excluding_tax: 20_000 });
  });

  it.each(['2024-09-01', '2025-05-12', '2026-01-01', '2026-03-01'] as const)(
    'the note that a rule applied is in the %s response',
    async (version) => {
      const result = await calc('TX', 'FOOD_GENERAL', 10_000, 1, version);
      const entry = result.line_items[0].tax_jurisdictions[0];
      expect(entry.note).toMatch(/exempt in Texas/);
      expect(entry.note).toMatch(/State-level rate only/);
    },
  );

  it('Maryland SaaS: taxed at the general 6 % rate, and the note says the 3 % business rate is not applied', async () => {
    const result = await calc('MD', 'SAAS_GENERAL', 10_000, 1, '2026-03-01');
    expect(result.total_tax_amount).toBe(600);
    expect(result.line_items[0].tax_jurisdictions[0].note).toMatch(/Maryland taxes software as a service.*3%/);
  });

  it('a refund of a line taxed under a threshold rule returns exactly the tax recorded', async () => {
    const calculation = (await engine.calculations.create(body('MA', 'CLOTHING', 2 * 20_000, 2))) as Wire;
    expect(calculation.total_tax_amount).toBe(313); // 2 × 25 × 6.25 % = 3.125
    const transaction = (await engine.transactions.create({
      calculation_id: calculation.id,
      reference_order_id: 'ma-clothing-1',
    })) as Wire;
    const partial = (await engine.refunds.create({
      transaction_id: transaction.id,
      type: 'partial',
      line_items: [
        { reference_line_item_id: 'l1', sales_amount_refunded: -20_000, tax_amount_refunded: -156, quantity: 1 },
      ],
    })) as Wire;
    expect(partial.line_items[0]).toMatchObject({ tax_amount: -156, amount_excluding_tax: -20_000 });
    const full = (await engine.refunds.create({ transaction_id: transaction.id, type: 'full' })) as Wire;
    const rest = full.line_items[0];
    expect(rest).toMatchObject({
      tax_amount: -157,
      amount_excluding_tax: -20_000,
      product: { product_tax_code: 'CLOTHING' },
    });
    expect(rest.tax_jurisdictions[0].note).toMatch(/first \$175/);
  });
});

describe('US tobacco and vapor products (issue 9)', () => {
  /** Every tobacco note says what taxkit leaves out: the excise (or in-lieu) taxes. */
  const EXCISE_LEFT_OUT = /taxkit does not calculate|taxkit calculates neither|not calculated by taxkit/;

  it.each([
    ['TX', 'CIGARETTE_PACK', 625, /Texas state and local sales taxes apply to cigarettes/],
    ['TX', 'VAPOR_NICOTINE', 625, /e-cigarettes and e-liquids, with or without nicotine/],
    ['TX', 'VAPOR_NO_NICOTINE', 625, /e-cigarettes and e-liquids, with or without nicotine/],
    ['CO', 'CIGARETTE_PACK', 290, /exempt from city, county and special district sales taxes/],
    ['VA', 'CIGARS', 530, /applies to cigarettes, cigars and other tobacco products/],
    ['IA', 'TOBACCO_CHEWING', 600, /Iowa sales tax applies to cigarettes and tobacco products/],
    ['AL', 'CIGARETTE_CARTON', 400, /tobacco taxes are part of the taxable price/],
    ['WA', 'TOBACCO_CIGARETTE', 650, /Washington retail sales tax applies to cigarettes/],
    ['MN', 'CIGARS', 688, /general sales tax on tobacco products other than cigarettes/],
    ['CA', 'VAPOR_NICOTINE', 725, /Electronic Cigarette Excise Tax/],
    ['NY', 'CIGARETTE_ELECTRONIC', 400, /20% supplemental tax/],
    ['IN', 'VAPOR_NO_NICOTINE', 700, /electronic cigarette tax/],
  ])(
    '%s %s: sales tax at the general rate, and the note says so and that excise is left out',
    async (state, category, due, note) => {
      const result = await calc(state, category);
      expect(result.total_tax_amount).toBe(due);
      expect(noteOf(result)).toMatch(note);
      expect(noteOf(result)).toMatch(EXCISE_LEFT_OUT);
    },
  );

  it.each([
    ['MN', 'CIGARETTE_PACK', /collects its sales tax on cigarettes from distributors/],
    ['MN', 'TOBACCO_CIGARETTE', /retailers charge no sales tax on cigarettes/],
    ['DC', 'CIGARETTE_CARTON', /surtax on cigarettes in lieu of its sales tax/],
  ])(
    '%s %s: no sales tax, because a tax in lieu of it is collected before the retail sale',
    async (state, category, note) => {
      const result = await calc(state, category);
      expect(result.total_tax_amount).toBe(0);
      expect(result.line_items[0].tax_jurisdictions[0].tax_rate).toBe(0);
      expect(noteOf(result)).toMatch(note);
      expect(noteOf(result)).toMatch(EXCISE_LEFT_OUT);
      // The exemption is for cigarettes only.
      expect((await calc(state, 'GENERAL_MERCHANDISE')).total_tax_amount).toBeGreaterThan(0);
    },
  );

  it('District of Columbia cigarettes: taxed before 2012-03-31 (no rule), exempt from then', async () => {
    const before = await calcOn('2012-03-30', 'DC', 'CIGARETTE_PACK');
    expect(before.total_tax_amount).toBe(600);
    expect(noteOf(before)).toMatch(/holds no taxability rule for CIGARETTE_PACK/);
    const after = await calcOn('2012-03-31', 'DC', 'CIGARETTE_PACK');
    expect(after.total_tax_amount).toBe(0);
    expect(noteOf(after)).toMatch(/in lieu of its sales tax/);
  });

  it('Colorado cigarettes: the rule starts on 2009-07-01, when the state tax on them resumed', async () => {
    const before = await calcOn('2009-06-30', 'CO', 'CIGARETTE_PACK');
    expect(before.total_tax_amount).toBe(290);
    expect(noteOf(before)).toMatch(/holds no taxability rule for CIGARETTE_PACK/);
    const after = await calcOn('2009-07-01', 'CO', 'CIGARETTE_PACK');
    expect(after.total_tax_amount).toBe(290);
    expect(noteOf(after)).toMatch(/Colorado charges its state sales tax on cigarettes \(since 2009-07-01\)/);
  });

  it('Minnesota other tobacco products: the rule starts on 2013-11-01, the earliest page found', async () => {
    expect(noteOf(await calcOn('2013-10-31', 'MN', 'TOBACCO_SMOKING'))).toMatch(/holds no taxability rule/);
    const after = await calcOn('2013-11-01', 'MN', 'TOBACCO_SMOKING');
    expect(after.total_tax_amount).toBe(688);
    expect(noteOf(after)).toMatch(/other than cigarettes/);
  });

  it('Colorado cigarettes with an imported city rate: the state taxes them, the city does not', () => {
    const index = stateWithCity({
      region: 'US-CO',
      state: ['Colorado', '0.029'],
      city: ['Denver', '0.0481', 'CITY SALES TAX'],
      from: '2020-01-01',
    });
    const taxed = (category: string) => taxOneLine(index, 'US-CO', category, 'CONSUMER');
    const pack = taxed('CIGARETTE_PACK');
    expect(pack.jurisdictions.map((entry) => entry.taxMinor)).toEqual([290, 0]);
    expect(pack.jurisdictions[1]!.note).toMatch(/exempt from city, county and special district sales taxes/);
    // Cigars carry no Colorado rule: the city taxes them at its general rate.
    expect(taxed('CIGARS').jurisdictions.map((entry) => entry.taxMinor)).toEqual([290, 481]);
  });

  it.each([
    ['OK', 'CIGARETTE_PACK', 450],
    ['MD', 'VAPOR_NICOTINE', 600],
    ['GA', 'CIGARS', 400],
  ])('%s %s: left out, so the general rate and the no-rule note', async (state, category, due) => {
    const result = await calc(state, category);
    expect(result.total_tax_amount).toBe(due);
    expect(noteOf(result)).toMatch(new RegExp(`holds no taxability rule for ${category}`));
  });
});

/**
 * The embedded rules over a test table of one state and one imported city in it (`region` is
 * its location key too): what an imported local table meets.
 */
function stateWithCity(table: {
  region: string;
  state: [name: string, rate: string];
  city: [name: string, rate: string, rateType: string];
  from: string;
}) {
  const { region, from } = table;
  const [stateName, stateRate] = table.state;
  const [cityName, cityRate, cityRateType] = table.city;
  const cityId = `${region}:CITY:${cityName.toUpperCase()}`;
  const rates: RateTable = {
    name: `${stateName} with a city`,
    source: 'test',
    effectiveDate: from,
    jurisdictions: [
      {
        id: region,
        country: 'US',
        level: 'STATE',
        name: stateName,
        authorityName: stateName,
        authorityType: 'STATE',
        taxType: 'SALES',
        rateType: 'STATE SALES TAX',
      },
      {
        id: cityId,
        country: 'US',
        level: 'CITY',
        name: cityName,
        authorityName: cityName,
        authorityType: 'CITY',
        taxType: 'SALES',
        rateType: cityRateType,
        region,
      },
    ],
    rates: [
      { jurisdiction: region, from, rate: stateRate, source: 'test' },
      { jurisdiction: cityId, from, rate: cityRate, source: 'test' },
    ],
    locations: [{ key: region, jurisdictions: [region, cityId] }],
  };
  return compileRateIndex([...loadDefaultTaxability(), rates]);
}

/** One $100.00 line of `category` taxed with `index`'s rates for `key` on 2026-11-22. */
function taxOneLine(
  index: ReturnType<typeof compileRateIndex>,
  key: string,
  category: string,
  customerType: 'CONSUMER' | 'BUSINESS',
) {
  const rates = lookupRates(index, key, parseDay('2026-11-22')) ?? [];
  const line = {
    lineItemId: 'li',
    referenceLineItemId: '',
    referenceProductId: '',
    productName: '',
    category,
    amountMinor: 10_000,
    quantity: 1,
  };
  return calculateLines([line], rates, false, undefined, { customerType }).lines[0]!;
}
