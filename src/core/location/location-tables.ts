/**
 * The place facts address and IP resolution need, compiled from `data/locations/*.json` by the
 * engine's loader (`src/defaults/`). Pure data: the core never reads files.
 */
export interface UsZipPlace {
  readonly state: string;
  /** Primary city as GeoNames spells it ("Danville"). */
  readonly city: string;
  readonly county: string;
}

export interface LocationTables {
  /** ISO 3166-1 alpha-2 code → English name. */
  readonly countries: ReadonlyMap<string, string>;
  /** US state/territory codes and Canadian province codes → English name, per country. */
  readonly subdivisions: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Upper-cased English (or French) subdivision name → code, per country ("QUEBEC" → "QC"). */
  readonly subdivisionCodes: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The US state a ZIP5 belongs to (USPS ZIP3 prefixes and exceptions). */
  usStateOfZip(zip5: string): string | undefined;
  /** Primary city and county of a US ZIP5, when known. */
  usZipPlace(zip5: string): UsZipPlace | undefined;
  /**
   * Whether a US ZIP5 exists: `true` when the tables list it (or name its state one by one); `false` when they can tell it
   * exists nowhere (its ZIP3 prefix is assigned to no state, or its prefix is one the ZIP5 list
   * covers and the list lacks it: "00000", "99999"); `undefined` when they cannot tell (Puerto
   * Rico and the territories, whose ZIPs the list does not hold).
   */
  usZipExists(zip5: string): boolean | undefined;
  /** Provinces a Canadian postal code's first letter can belong to. */
  caProvincesOfPostal(firstLetter: string): readonly string[] | undefined;
  /** Most populous ZIP5 of a state, or of an upper-cased city in a state. */
  usTopZip(state: string, city?: string): string | undefined;
}
