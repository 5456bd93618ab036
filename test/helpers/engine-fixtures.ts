/**
 * An engine for tests that does not depend on `data/`: a small rate table, the small location
 * tables of `locations.ts`, a clock the test moves and counting ids.
 *
 * Rates (from 2020-01-01):
 * - Indiana (ZIP 46122): state 7 %.
 * - California: state 7.25 %; at ZIP 94111 also "SF district" 1.25 % and "SF transit" 0.5 %,
 *   so its lines have three jurisdiction parts. FOOD_GENERAL is exempt at the state level.
 * - Ontario: HST 13 %. Germany: VAT 19 % (FOOD_GENERAL 7 %).
 *
 * @module
 */
import type { CalculationRequest } from '../../src/wire/api-types.ts';
import type { RateTable } from '../../src/core/rates/rate-table.ts';
import type { Tenant } from '../../src/core/types.ts';
import type { CallContext } from '../../src/api/call-context.ts';
import { createTaxEngine, type TaxEngine, type TaxEngineOptions } from '../../src/engine.ts';
import type { Clock } from '../../src/ports/clock.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import { createTestLocations } from './locations.ts';

/** 2025-06-01T12:00:00Z in milliseconds. */
export const TEST_NOW_MS = 1_748_779_200_000;

export const TEST_RATES: RateTable = {
  name: 'test',
  source: 'test',
  effectiveDate: '2020-01-01',
  jurisdictions: [
    {
      id: 'US-IN',
      country: 'US',
      level: 'STATE',
      name: 'Indiana',
      authorityName: 'Indiana State',
      authorityType: 'STATE',
      taxType: 'SALES',
      rateType: 'STATE SALES TAX',
    },
    {
      id: 'US-CA',
      country: 'US',
      level: 'STATE',
      name: 'California',
      authorityName: 'California State',
      authorityType: 'STATE',
      taxType: 'SALES',
      rateType: 'STATE SALES TAX',
    },
    {
      id: 'US-CA-SFD',
      country: 'US',
      level: 'DISTRICT',
      name: 'SF district',
      authorityName: 'San Francisco',
      authorityType: 'DISTRICT',
      taxType: 'SALES',
      rateType: 'DISTRICT SALES TAX',
    },
    {
      id: 'US-CA-SFT',
      country: 'US',
      level: 'DISTRICT',
      name: 'SF transit',
      authorityName: 'San Francisco Transit',
      authorityType: 'DISTRICT',
      taxType: 'SALES',
      rateType: 'DISTRICT SALES TAX',
    },
    {
      id: 'CA-ON-HST',
      country: 'CA',
      level: 'STATE',
      name: 'Ontario',
      authorityName: 'Canada Revenue Agency',
      authorityType: 'STATE',
      taxType: 'GST',
      rateType: 'HST',
    },
    {
      id: 'DE',
      country: 'DE',
      level: 'COUNTRY',
      name: 'Germany',
      authorityName: 'Bundeszentralamt für Steuern',
      authorityType: '',
      taxType: 'VAT',
      rateType: 'VAT',
    },
  ],
  rates: [
    { jurisdiction: 'US-IN', from: '2020-01-01', rate: '0.07' },
    {
      jurisdiction: 'US-CA',
      from: '2020-01-01',
      rate: '0.0725',
      categories: { FOOD_GENERAL: { rate: '0', note: 'Food is exempt in California.' } },
    },
    { jurisdiction: 'US-CA-SFD', from: '2020-01-01', rate: '0.0125' },
    { jurisdiction: 'US-CA-SFT', from: '2020-01-01', rate: '0.005' },
    { jurisdiction: 'CA-ON-HST', from: '2020-01-01', rate: '0.13' },
    { jurisdiction: 'DE', from: '2020-01-01', rate: '0.19', categories: { FOOD_GENERAL: { rate: '0.07' } } },
  ],
  locations: [
    { key: 'US-IN', jurisdictions: ['US-IN'] },
    { key: 'US-CA', jurisdictions: ['US-CA'] },
    { key: 'US-CA-94111', jurisdictions: ['US-CA', 'US-CA-SFD', 'US-CA-SFT'] },
    { key: 'CA-ON', jurisdictions: ['CA-ON-HST'] },
    { key: 'DE', jurisdictions: ['DE'] },
  ],
};

/** A clock the test sets and moves. */
export interface TestClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function createTestClock(start = TEST_NOW_MS): TestClock {
  let now = start;
  return {
    now: () => now,
    set: (ms) => {
      now = ms;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

/** The tenant `createTestEngine` writes to by default. */
export const TEST_TENANT: Tenant = { accountId: 'acct_test', mode: 'test' };

/**
 * An engine over the test rates and locations. Options override the defaults (a memory store,
 * `createTestClock()`, counting ids, tenant {@link TEST_TENANT}).
 */
export function createTestEngine(options: TaxEngineOptions = {}): { engine: TaxEngine; clock: TestClock } {
  const clock = createTestClock();
  const engine = createTaxEngine({
    rates: TEST_RATES,
    locations: createTestLocations(),
    clock,
    ids: createCountingIds(),
    tenant: TEST_TENANT,
    ...options,
  });
  return { engine, clock: (options.clock as TestClock | undefined) ?? clock };
}

/** Customer addresses the test rates know. */
export const TEST_ADDRESSES = {
  indiana: {
    address_line_1: '1 Main St',
    address_city: 'Danville',
    address_province: 'IN',
    address_postal_code: '46122',
    address_country: 'US',
  },
  sanFrancisco: {
    address_line_1: '600 Montgomery St',
    address_city: 'San Francisco',
    address_province: 'CA',
    address_postal_code: '94111',
    address_country: 'US',
  },
  toronto: {
    address_line_1: '1 Yonge St',
    address_city: 'Toronto',
    address_province: 'ON',
    address_postal_code: 'M5E 1W7',
    address_country: 'CA',
  },
  berlin: {
    address_line_1: 'Unter den Linden 1',
    address_city: 'Berlin',
    address_postal_code: '10117',
    address_country: 'DE',
  },
} as const;

/**
 * A POST /tax/calculations body: San Francisco, two lines (sku-1: 2 × 1000 as one 2000 line,
 * reference line "line-1"; sku-2: 500, "line-2"), both GENERAL_MERCHANDISE. Override any part.
 */
export function calculationBody(overrides: Record<string, unknown> = {}): CalculationRequest {
  // Overrides may make it invalid on purpose: the engine validates every body at run time.
  return <CalculationRequest>{
    customer: { address: TEST_ADDRESSES.sanFrancisco },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: [
        { reference_line_item_id: 'line-1', product_category: 'GENERAL_MERCHANDISE', amount: 2000, quantity: 2 },
        { reference_line_item_id: 'line-2', product_category: 'GENERAL_MERCHANDISE', amount: 500, quantity: 1 },
      ],
    },
    ...overrides,
  };
}

/** A one-line Indiana calculation (1,000 cents, no tax date) in the given context: where live nexus notes show. */
export function indianaCalculation(engine: TaxEngine, context: CallContext) {
  return engine.calculations.create(
    {
      customer: { address: TEST_ADDRESSES.indiana },
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: false,
        line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1000, quantity: 1 }],
      },
    },
    context,
  );
}
