import { createMemoryStore } from '../adapters/memory/index.ts';
import type { LocationTables } from './core/location/location-tables.ts';
import { compileRateIndex } from './core/rates/compile-rate-index.ts';
import type { RateIndex } from './core/rates/rate-index.ts';
import type { RateTable } from './core/rates/rate-table.ts';
import { taxabilityAsRateTable } from './core/taxability/taxability-as-rate-table.ts';
import type { TaxabilityTable } from './core/taxability/taxability-rule.ts';
import type { Address, Tenant } from './core/types.ts';
import { loadDefaultLocations } from './defaults/load-default-locations.ts';
import { loadDefaultRateTables, loadDefaultTaxability } from './defaults/load-default-rate-tables.ts';
import type { EngineDeps } from './engine-deps.ts';
import { systemClock, type Clock } from './ports/clock.ts';
import type { GeoLookup } from './ports/geo.ts';
import type { Ids } from './ports/ids.ts';
import type { TaxStore } from './ports/store.ts';
import { createRandomIds } from './random-ids.ts';
import { createCalculationSweeper } from './resources/create-calculation-sweeper.ts';
import { createCalculationsResource, type CalculationsResource } from './resources/calculations.ts';
import { createCustomersResource, type CustomersResource } from './resources/customers.ts';
import { createMerchantsResource, type MerchantsResource } from './resources/merchants.ts';
import {
  createPlatformCalculationsResource,
  type PlatformCalculationsResource,
} from './resources/platform-calculations.ts';
import {
  createPlatformTransactionsResource,
  type PlatformTransactionsResource,
} from './resources/platform-transactions.ts';
import { createProductsResource, type ProductsResource } from './resources/products.ts';
import { createRefundReversalsResource, type RefundReversalsResource } from './resources/refund-reversals.ts';
import { createRefundsResource, type RefundsResource } from './resources/refunds.ts';
import { createTransactionsResource, type TransactionsResource } from './resources/transactions.ts';

export interface TaxEngineOptions {
  /** Where records are kept. Default: a fresh in-memory store (`taxkit/memory`). */
  readonly store?: TaxStore;
  /**
   * Rates: a compiled index, or tables to compile (later tables override earlier ones).
   * Default: the embedded tables in `data/rates/` (state-level US, Canada, national VAT/GST).
   */
  readonly rates?: RateIndex | RateTable | readonly RateTable[];
  /**
   * Taxability rules (how product categories are taxed by region), compiled before the `rates`
   * tables, whose own rules override them. Default: the embedded rules in `data/taxability/`;
   * `[]` for none. Not used when `rates` is an already compiled index (its rules are inside).
   */
  readonly taxability?: readonly TaxabilityTable[];
  /** Place tables for address checks. Default: the embedded `data/locations/`. */
  readonly locations?: LocationTables;
  /** GeoIP lookup for `customer.ip` (2026-03-01); see `taxkit/maxmind`. None by default. */
  readonly geo?: GeoLookup;
  readonly clock?: Clock;
  readonly ids?: Ids;
  /** How long a calculation stays usable for a transaction. Default 86 400 s (24 h). */
  readonly calculationLifetimeSeconds?: number;
  /**
   * How long after expiry a calculation is kept before housekeeping deletes it (swept at most
   * hourly). Default 604 800 s (7 days). Recorded transactions are never touched.
   */
  readonly calculationRetentionSeconds?: number;
  /**
   * Where live-mode `automatic_tax: auto` calculations collect: "DE", "US-CA", … Default:
   * everywhere. Test mode always returns rates, as the hosted API does.
   */
  readonly registrations?: readonly string[];
  /** Ship-from address when a calculation has no origin_address. */
  readonly defaultOrigin?: Address;
  /** Account and mode used when a call names none. Default `{ accountId: 'default', mode: 'test' }`. */
  readonly tenant?: Tenant;
}

/** The in-process tax service: one resource per resource of the HTTP API, same JSON shapes. */
export interface TaxEngine {
  readonly calculations: CalculationsResource;
  /** Sales recorded from calculations (spec §4.2–4.4). */
  readonly transactions: TransactionsResource;
  /** Full and partial refunds of transactions (spec §4.5). */
  readonly refunds: RefundsResource;
  /** Reversals of refunds (spec §4.6). */
  readonly refundReversals: RefundReversalsResource;
  /** Products and their tax categories (spec §4.7, §4.8). */
  readonly products: ProductsResource;
  /** Customers and their tax exemption (spec §4.9–4.11). */
  readonly customers: CustomersResource;
  /** Sellers on a platform (2026-01-01+). */
  readonly merchants: MerchantsResource;
  /** Marketplace taxes (2026-01-01+). */
  readonly platform: {
    readonly calculations: PlatformCalculationsResource;
    readonly transactions: PlatformTransactionsResource;
  };
  /** The compiled rates in use (their snapshot id is kept with every calculation). */
  readonly rates: RateIndex;
  /** Closes the store. */
  close(): Promise<void>;
}

/**
 * Creates a tax engine.
 *
 * @example
 * import { createTaxEngine } from 'taxkit';
 * const engine = createTaxEngine();
 * const calculation = await engine.calculations.create({ customer: { address: { … } }, order_details: { … } });
 */
export function createTaxEngine(options: TaxEngineOptions = {}): TaxEngine {
  const deps = createEngineDeps(options);
  return {
    calculations: createCalculationsResource(deps),
    transactions: createTransactionsResource(deps),
    refunds: createRefundsResource(deps),
    refundReversals: createRefundReversalsResource(deps),
    products: createProductsResource(deps),
    customers: createCustomersResource(deps),
    merchants: createMerchantsResource(deps),
    platform: {
      calculations: createPlatformCalculationsResource(deps),
      transactions: createPlatformTransactionsResource(deps),
    },
    rates: deps.rates,
    close: () => deps.store.close(),
  };
}

function createEngineDeps(options: TaxEngineOptions): EngineDeps {
  const store = options.store ?? createMemoryStore();
  return {
    store,
    sweepCalculations: createCalculationSweeper(store, options.calculationRetentionSeconds ?? 604_800),
    rates: toRateIndex(options.rates, options.taxability),
    locations: options.locations ?? loadDefaultLocations(),
    geo: options.geo,
    clock: options.clock ?? systemClock,
    ids: options.ids ?? createRandomIds(),
    calculationLifetimeSeconds: options.calculationLifetimeSeconds ?? 86_400,
    registrations: options.registrations === undefined ? undefined : new Set(options.registrations),
    defaultOrigin: options.defaultOrigin,
    defaultTenant: options.tenant ?? { accountId: 'default', mode: 'test' },
  };
}

function toRateIndex(rates: TaxEngineOptions['rates'], taxability: TaxEngineOptions['taxability']): RateIndex {
  const rules = taxability === undefined ? loadDefaultTaxability() : taxability.map(taxabilityAsRateTable);
  if (rates === undefined) {
    return compileRateIndex(taxability === undefined ? loadDefaultRateTables() : [...rules, ...defaultRatesOnly()]);
  }
  if ('snapshot' in rates) return rates;
  return compileRateIndex([...rules, ...(Array.isArray(rates) ? rates : [rates as RateTable])]);
}

/** The embedded rate tables without the embedded taxability rules. */
function defaultRatesOnly(): readonly RateTable[] {
  const rules = new Set(loadDefaultTaxability());
  return loadDefaultRateTables().filter((table) => !rules.has(table));
}
