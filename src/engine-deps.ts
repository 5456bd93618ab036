import type { FilingOptions } from './core/fx/filing-rules.ts';
import type { VatNumberValidator } from './core/tax-ids/vat-number-check.ts';
import type { LocationTables } from './core/location/location-tables.ts';
import type { Address, Tenant } from './core/types.ts';
import type { Clock } from './ports/clock.ts';
import type { GeoLookup } from './ports/geo.ts';
import type { Ids } from './ports/ids.ts';
import type { TaxStore } from './ports/store.ts';
import type { RateSource } from './create-rate-source.ts';
import type { CalculationSweeper } from './operations/create-calculation-sweeper.ts';
import type { NexusRuleTable } from './core/nexus/nexus-rule.ts';
import type { OrderFeeFacts } from './core/order-fees/charge-order-fees.ts';
import type { NexusMonitor } from './operations/create-nexus-monitor.ts';
import type { RegistrationBook } from './operations/create-registration-book.ts';

/** What every operation of the engine works with; assembled once by `createTaxEngine`. */
export interface EngineDeps {
  readonly store: TaxStore;
  /** Base tables overlaid with the store's imported tables; also rebuilds past snapshots. */
  readonly rates: RateSource;
  readonly locations: LocationTables;
  readonly geo: GeoLookup | undefined;
  readonly clock: Clock;
  /** Test mode's clock: `testClock` of the options, else the same as {@link clock}. */
  readonly testClock: Clock;
  readonly ids: Ids;
  /** How long a calculation can be turned into a transaction (default 24 h). */
  readonly calculationLifetimeSeconds: number;
  /** Deletes long-expired calculations in the background, at most hourly; poked by each new calculation. */
  readonly sweeper: CalculationSweeper;
  /**
   * Where live-mode calculations with `automatic_tax: auto` collect tax, per account and mode:
   * its registration records active on the tax date, else the engine option's places, else
   * everywhere. Test mode always gets rates, as the hosted API does.
   */
  readonly registrationBook: RegistrationBook;
  /** The last nexus status per account and mode, for the notes of live calculations. */
  readonly nexus: NexusMonitor;
  /** Economic nexus thresholds (data/nexus/). */
  readonly nexusRules: readonly NexusRuleTable[];
  /** Per-order fees (data/order-fees/) and the ones the seller does not owe. */
  readonly orderFees: OrderFeeFacts;
  /** Which currency sales are filed in, by the country they were taxed in, and whose rates convert them. */
  readonly filing: FilingOptions | undefined;
  /** Checks a customer's VAT numbers before a cross-border B2B sale is zero-rated (offline). */
  readonly checkVatNumber: VatNumberValidator;
  /** Ship-from address used when a calculation gives no origin_address. */
  readonly defaultOrigin: Address | undefined;
  /** EU distance sales: by the Art. 59c threshold, or at destination by the seller's option. */
  readonly euDistanceSales: 'threshold' | 'destination';
  readonly defaultTenant: Tenant;
}
