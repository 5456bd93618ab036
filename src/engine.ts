import { compileOrderFees } from './core/order-fees/compile-order-fees.ts';
import type { OrderFeeFacts } from './core/order-fees/charge-order-fees.ts';
import type { OrderFeeTable } from './core/order-fees/order-fee-table.ts';
import { loadDefaultOrderFees } from './defaults/load-default-order-fees.ts';
import { checkFilingOptions, type FilingOptions } from './core/fx/filing-rules.ts';
import { createMemoryStore } from '../adapters/memory/index.ts';
import type { LocationTables } from './core/location/location-tables.ts';
import type { RateIndex } from './core/rates/rate-index.ts';
import type { RateTable } from './core/rates/rate-table.ts';
import { taxabilityAsRateTable } from './core/taxability/taxability-as-rate-table.ts';
import type { TaxabilityTable } from './core/taxability/taxability-rule.ts';
import type { VatNumberValidator } from './core/tax-ids/vat-number-check.ts';
import { checkVatNumber } from './check-vat-number.ts';
import type { Address, Tenant } from './core/types.ts';
import { loadDefaultLocations } from './defaults/load-default-locations.ts';
import { loadDefaultRatesOnly, loadDefaultTaxability } from './defaults/load-default-rate-tables.ts';
import { TaxError } from './core/errors.ts';
import type { CallContext } from './api/call-context.ts';
import { createEngineMethods, type EngineMethods, runOperation } from './api/engine-methods.ts';
import { OPERATE, type Operate } from './api/operate.ts';
import { listOperations } from './api/list-operations.ts';
import type { EngineDeps } from './engine-deps.ts';
import { systemClock, type Clock } from './ports/clock.ts';
import type { GeoLookup } from './ports/geo.ts';
import type { Ids } from './ports/ids.ts';
import type { TaxStore } from './ports/store.ts';
import { createRandomIds } from './random-ids.ts';
import { createRateSource, type RateSource } from './create-rate-source.ts';
import { createCalculationSweeper } from './operations/create-calculation-sweeper.ts';
import { createNexusMonitor } from './operations/create-nexus-monitor.ts';
import { createRegistrationBook } from './operations/create-registration-book.ts';
import { countNexus } from './operations/nexus.ts';
import type { NexusRuleTable } from './core/nexus/nexus-rule.ts';
import { loadDefaultNexusRules } from './defaults/load-default-nexus-rules.ts';

export interface TaxEngineOptions {
  /** Where records are kept. Default: a fresh in-memory store (`taxkit/memory`). */
  readonly store?: TaxStore;
  /**
   * Base rates: tables to compile (later tables override earlier ones), or a compiled index.
   * Default: the embedded tables in `data/rates/` (state-level US, Canada, national VAT/GST).
   * Tables imported into the store (`taxkit rates import`, `importRates`) are laid over the
   * base tables; a compiled index is used as it is, without them.
   */
  readonly rates?: RateIndex | RateTable | readonly RateTable[];
  /**
   * Taxability rules (how product categories are taxed by region), compiled before the `rates`
   * tables, whose own rules override them. Default: the embedded rules in `data/taxability/`;
   * `[]` for none. Not used when `rates` is an already compiled index (its rules are inside).
   */
  readonly taxability?: readonly TaxabilityTable[];
  /**
   * How often (ms) the engine asks its store whether new rate tables were imported; a running
   * engine picks them up within this time, without a restart. Default 1000; 0 asks before
   * every calculation.
   */
  readonly ratesCheckIntervalMs?: number;
  /** Place tables for address checks. Default: the embedded `data/locations/`. */
  readonly locations?: LocationTables;
  /** GeoIP lookup for `customer.ip` (2026-03-01); see `taxkit/maxmind`. None by default. */
  readonly geo?: GeoLookup;
  /** The time of every record (default the system clock); see `testClock` for test mode. */
  readonly clock?: Clock;
  /**
   * The clock of test mode only, when it differs from `clock`: a test harness's settable clock
   * (`createSettableClock`), which moves test-mode time (expiry, `created_at`, rates in force)
   * while live mode keeps `clock`. Default: `clock`. The sweep of long-expired calculations goes
   * by the earlier of the two.
   */
  readonly testClock?: Clock;
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
   * everywhere. Test mode always returns rates, as the hosted API does. A seed: an account and
   * mode with registration records of its own (`POST /tax/registrations`) collects only where
   * those are active on the tax date; one without collects in these places on every date
   * (docs/nexus.md).
   */
  readonly registrations?: readonly string[];
  /**
   * How long (ms) registrations read from the store serve live calculations before they are read
   * again (writes through this engine are seen at once). Default 1000; 0 reads before every
   * live calculation.
   */
  readonly registrationsCheckIntervalMs?: number;
  /**
   * How old (ms) the kept nexus status may be before a live calculation starts a recount in the
   * background (the calculation itself never waits for one after the first). Default 60 000.
   */
  readonly nexusRefreshMs?: number;
  /** Economic nexus thresholds. Default: the embedded `data/nexus/` tables. */
  readonly nexusRules?: readonly NexusRuleTable[];
  /**
   * Per-order fees (docs/order-fees.md): Colorado's and Minnesota's retail delivery fees are
   * charged once per calculation where their conditions hold. `off` lists the fee ids the seller
   * does not owe (`'US-MN:FEE:RETAIL_DELIVERY'` under Minnesota's $1,000,000 small-retailer
   * threshold, or every fee for a seller whose orders are picked up); `tables` adds fee tables
   * after the embedded ones (a later table's fee of the same id replaces the earlier one), for
   * amounts a state published after this release.
   */
  readonly orderFees?: { readonly off?: readonly string[]; readonly tables?: readonly OrderFeeTable[] };
  /**
   * The filing currency of sales, by the country they were taxed in, and whose imported
   * reference rates (`taxkit fx import`) convert them, decided once when each sale is recorded:
   * `{ rules: [{ countries: 'EU', currency: 'EUR', source: 'ECB' }, { countries: ['GB'],
   * currency: 'GBP', source: 'HMRC' }] }`. The first rule covering a sale's country applies.
   * Default: every sale is filed in its own currency. See docs/filing-currency.md.
   */
  readonly filing?: FilingOptions;
  /**
   * Checks a customer's tax number before a cross-border B2B sale is reverse-charged (EU, UK,
   * Norway, Switzerland, Australia, New Zealand, Singapore): a synchronous, offline function
   * from the number (and its `type`) to `{ plausible, country, reason }`. Default: format and
   * checksum (jsvat-next, and taxkit's own checks for NO, AU, NZ and SG numbers). taxkit never queries VIES; plug in your own check (for
   * example one backed by a cache of VIES answers) here. See docs/taxability.md.
   */
  readonly vatNumberValidator?: VatNumberValidator;
  /** Ship-from address when a calculation has no origin_address. */
  readonly defaultOrigin?: Address;
  /**
   * EU distance sales of a seller established in one member state (`defaultOrigin` in the EU),
   * Directive 2006/112/EC Art. 59c: `'threshold'` (default) charges the seller's own VAT on B2C
   * sales to other member states until they exceed EUR 10,000 in the calendar year (or did the
   * year before), counted from the ledger, and the customer's member state's VAT from the sale
   * that exceeds it (or with a one-stop-shop registration); `'destination'` is the seller's
   * option to tax them at destination from the first sale (Art. 59c(3)). See
   * docs/eu-distance-sales.md.
   */
  readonly euDistanceSales?: 'threshold' | 'destination';
  /** Account and mode used when a call names none. Default `{ accountId: 'default', mode: 'test' }`. */
  readonly tenant?: Tenant;
}

/** The engine's calculations: `create` and `replay` (docs/interface.md §4.1). */
export type CalculationsApi = EngineMethods['calculations'];
/** Sales recorded from calculations (docs/interface.md §4.2–4.4). */
export type TransactionsApi = EngineMethods['transactions'];
/** Full and partial refunds (docs/interface.md §4.5). */
export type RefundsApi = EngineMethods['refunds'];
/** Reversals of refunds (docs/interface.md §4.6). */
export type RefundReversalsApi = EngineMethods['refundReversals'];
/** Products and their tax categories (docs/interface.md §4.7, §4.8). */
export type ProductsApi = EngineMethods['products'];
/** Customers and their tax exemption (docs/interface.md §4.9–4.11). */
export type CustomersApi = EngineMethods['customers'];
/** Sellers on a platform (2026-01-01+). */
export type MerchantsApi = EngineMethods['merchants'];
/** Marketplace taxes (2026-01-01+). */
export type PlatformApi = EngineMethods['platform'];

/**
 * The in-process tax service: one method per operation of the HTTP API, same JSON shapes,
 * typed per operation and version. The methods come from the operation table
 * (src/api/operation-table.ts), which the HTTP routes and the OpenAPI document come from too.
 */
export interface TaxEngine extends EngineMethods {
  /**
   * The rates in use: `current()` is the index new calculations use (its snapshot id is kept
   * with every calculation), `ready()` the same without waiting (or `undefined` while a look at
   * the store is due), `snapshot(id)` the index a past calculation used.
   */
  readonly rates: RateSource;
  /**
   * Resolves when background housekeeping (the sweep of long-expired calculations) is done, so
   * a test can observe its effect. Never rejects.
   */
  whenIdle(): Promise<void>;
  /**
   * Deletes every test-mode record of the calling account (`context.tenant`, else the
   * engine's default tenant), for good: a test harness starts each suite from nothing
   * (docs/test-harness.md). Live mode is refused with 400 INVALID_VALUE; other accounts and
   * the rate tables are untouched.
   */
  resetTestData(context?: CallContext): Promise<void>;
  /**
   * Makes every calculation this engine has returned visible to another process sharing its
   * store now (the store's `flush`, when it batches writes; else nothing). Synchronous, never
   * throws. A server calls it before sending the answers it has ready (`createNodeListener` and
   * `createFetchHandler` do), so a 200 never announces a calculation another process cannot
   * find yet.
   */
  flush(): void;
  /** Stops housekeeping and any background nexus count, waits for their running reads, and closes the store. */
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
  const engine: TaxEngine = {
    ...createEngineMethods(deps),
    rates: deps.rates,
    whenIdle: async () => {
      await deps.sweeper.idle();
      await deps.nexus.idle();
    },
    flush: () => deps.store.flush?.(),
    resetTestData: async (context) => {
      const tenant = context?.tenant ?? deps.defaultTenant;
      if (tenant.mode !== 'test') {
        throw new TaxError('INVALID_VALUE', 'Only test-mode data can be reset; this call is in live mode.');
      }
      // A sweep in progress could otherwise race the reset on the same rows.
      await deps.sweeper.idle();
      await deps.store.deleteTenantRecords(tenant);
    },
    close: async () => {
      await deps.sweeper.stop();
      // A background nexus count reads the store: stop it (at its next record) before closing.
      await deps.nexus.stop();
      await deps.store.close();
    },
  };
  Object.defineProperty(engine, OPERATE, { value: createOperate(deps), enumerable: false });
  return engine;
}

/** The router's way in (see {@link OPERATE}): by name, the version already gated. */
function createOperate(deps: EngineDeps): Operate {
  const rows = new Map(listOperations().map(({ name, row }) => [name, row]));
  return (name, args, context) => {
    const row = rows.get(name);
    if (row === undefined) return Promise.reject(new TypeError(`taxkit: no operation ${name}.`));
    return runOperation(row, deps, args, context, true);
  };
}

function createEngineDeps(options: TaxEngineOptions): EngineDeps {
  const store = options.store ?? createMemoryStore();
  const clock = options.clock ?? systemClock;
  const defaultOrigin = originOf(options.defaultOrigin);
  // The monitor counts with the deps it is part of.
  const deps: EngineDeps = {
    store,
    sweeper: createCalculationSweeper(store, options.calculationRetentionSeconds ?? 604_800),
    rates: createRateSource({
      store,
      base: baseRates(options.rates, options.taxability),
      clock,
      checkIntervalMs: options.ratesCheckIntervalMs ?? 1000,
    }),
    locations: options.locations ?? loadDefaultLocations(),
    geo: options.geo,
    clock,
    testClock: options.testClock ?? clock,
    ids: options.ids ?? createRandomIds(),
    calculationLifetimeSeconds: options.calculationLifetimeSeconds ?? 86_400,
    registrationBook: createRegistrationBook({
      store,
      clock,
      seeds: options.registrations,
      checkIntervalMs: options.registrationsCheckIntervalMs ?? 1000,
    }),
    nexus: createNexusMonitor({
      clock,
      count: (tenant, signal) => countNexus(deps, tenant, Math.floor(clock.now() / 1000), signal),
      refreshMs: options.nexusRefreshMs ?? 60_000,
      sellerCountry: defaultOrigin?.country,
    }),
    nexusRules: options.nexusRules ?? loadDefaultNexusRules(),
    orderFees: orderFeesOf(options.orderFees),
    filing: filingOf(options.filing),
    checkVatNumber: options.vatNumberValidator ?? checkVatNumber,
    defaultOrigin,
    euDistanceSales: options.euDistanceSales ?? 'threshold',
    defaultTenant: options.tenant ?? { accountId: 'default', mode: 'test' },
  };
  return deps;
}

/**
 * The `defaultOrigin` option with every address field a string: a JavaScript caller (or a
 * config file) may leave out `line2` or `city`, which are '' in a record, and a record with a
 * field missing would fail far from here, when a calculation is stored. A TypeError for an
 * origin without a two-letter country, as for the other malformed options.
 */
function originOf(origin: Address | undefined): Address | undefined {
  if (origin === undefined) return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (typeof origin.country !== 'string' || !/^[A-Z]{2}$/.test(origin.country)) {
    throw new TypeError('defaultOrigin.country must be an ISO 3166-1 alpha-2 code such as "US".');
  }
  return {
    line1: text(origin.line1),
    line2: text(origin.line2),
    city: text(origin.city),
    province: text(origin.province),
    postalCode: text(origin.postalCode),
    country: origin.country,
  };
}

/** The `orderFees` option over the embedded fees, compiled once (a bad table throws TaxError INVALID_VALUE). */
function orderFeesOf(option: TaxEngineOptions['orderFees']): OrderFeeFacts {
  const off = new Set(option?.off ?? []);
  return {
    fees: compileOrderFees([...loadDefaultOrderFees(), ...(option?.tables ?? [])]),
    isOff: (feeId) => off.has(feeId),
  };
}

/** The `filing` option, checked (a TypeError for a malformed one) and copied, so later changes by the caller do not apply. */
function filingOf(filing: FilingOptions | undefined): FilingOptions | undefined {
  if (filing === undefined) return undefined;
  checkFilingOptions(filing);
  return {
    rules: filing.rules.map((rule) => ({
      ...rule,
      countries: typeof rule.countries === 'string' ? rule.countries : [...rule.countries],
    })),
  };
}

function baseRates(
  rates: TaxEngineOptions['rates'],
  taxability: TaxEngineOptions['taxability'],
): readonly RateTable[] | RateIndex {
  if (rates !== undefined && !Array.isArray(rates) && 'snapshot' in rates) return rates as RateIndex;
  // The taxability rules come first, so the rules of any table after them (and of imported
  // tables, overlaid later) override them.
  const rules = taxability === undefined ? loadDefaultTaxability() : taxability.map(taxabilityAsRateTable);
  if (rates === undefined) return [...rules, ...loadDefaultRatesOnly()];
  return [...rules, ...(Array.isArray(rates) ? rates : [rates as RateTable])];
}
