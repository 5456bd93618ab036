/** One generated row, with its rates in millionths (Avalara's 6 decimals). */
export interface FixtureRow {
  readonly state: string;
  readonly zip: string;
  readonly region: string;
  readonly combined: number;
  /** state, county, city, special. */
  readonly parts: readonly [number, number, number, number];
}

export interface FixtureFile {
  readonly fileName: string;
  readonly text: string;
  readonly vintage: string;
  readonly state: string;
  readonly rows: readonly FixtureRow[];
}

export interface AvalaraFixtureOptions {
  /** Default 1. */
  readonly seed?: number;
  /** Default: the 50 states, DC and PR. */
  readonly states?: readonly string[];
  /** At most this many ZIPs per state (the first ones by a seeded shuffle). Default: all. */
  readonly zipsPerState?: number;
  /** YYYYMM; default ['202603', '202604']. */
  readonly vintages?: readonly string[];
  /** Share of cities whose rate changes from one vintage to the next. Default 0.02. */
  readonly changedFraction?: number;
}

export declare const ALL_FIXTURE_STATES: readonly string[];
export declare const TWO_STATE_ZIPS: readonly (readonly [zip: string, second: string])[];
/** `legacy`: the layout of Avalara's older tables (StateRate before EstimatedCombinedRate, region names quoted). */
export declare function avalaraCsv(rows: readonly FixtureRow[], layout?: 'current' | 'legacy'): string;
export declare function generateAvalaraFixture(options?: AvalaraFixtureOptions): FixtureFile[];
