import type { LocationTables } from './core/location/location-tables.ts';
import type { Address, Tenant } from './core/types.ts';
import type { Clock } from './ports/clock.ts';
import type { GeoLookup } from './ports/geo.ts';
import type { Ids } from './ports/ids.ts';
import type { TaxStore } from './ports/store.ts';
import type { RateSource } from './rates/create-rate-source.ts';
import type { CalculationSweeper } from './resources/create-calculation-sweeper.ts';
import type { ApiVersion } from './wire/api-version.ts';

/** What every resource of the engine works with; assembled once by `createTaxEngine`. */
export interface EngineDeps {
  readonly store: TaxStore;
  /** Base tables overlaid with the store's imported tables; also rebuilds past snapshots. */
  readonly rates: RateSource;
  readonly locations: LocationTables;
  readonly geo: GeoLookup | undefined;
  readonly clock: Clock;
  readonly ids: Ids;
  /** How long a calculation can be turned into a transaction (default 24 h). */
  readonly calculationLifetimeSeconds: number;
  /** Deletes long-expired calculations in the background, at most hourly; poked by each new calculation. */
  readonly sweeper: CalculationSweeper;
  /**
   * Where live-mode calculations with `automatic_tax: auto` collect tax: country codes ("DE")
   * or country-province codes ("US-CA"). `undefined` means everywhere. Test mode always gets
   * rates, as the hosted API does.
   */
  readonly registrations: ReadonlySet<string> | undefined;
  /** Ship-from address used when a calculation gives no origin_address. */
  readonly defaultOrigin: Address | undefined;
  readonly defaultTenant: Tenant;
}

/** Per call: whose records, and which API version's shapes. */
export interface CallContext {
  /** Account and mode; the engine's default tenant (test mode) when absent. */
  readonly tenant?: Tenant;
  /** The shape of the response (and the rules of the request); the newest when absent. */
  readonly version?: ApiVersion;
  /**
   * The sale's date for rate lookup, Unix seconds (calculations only). A request's `tax_date`
   * field wins over it; default: the clock's now. Any date works: before the first imported
   * table the embedded rates apply, after the last one its rates stay in force, and a future
   * date gets the rates scheduled for it.
   */
  readonly taxDate?: number;
  /**
   * The call was made with a public key (HTTP: `pk_…`, which a browser holds). Such a
   * calculation reads no stored customer or product (docs/reliability.md). Default false.
   */
  readonly publicKey?: boolean;
}
