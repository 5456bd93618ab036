/**
 * GeoIP port: what an IP address says about where the customer is. `adapters/maxmind` implements
 * it over a MaxMind DB file; tests use a table.
 */
export interface GeoLocation {
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country: string;
  /** Subdivision code without the country prefix ("CA", "QC"), when known. */
  readonly province?: string;
  readonly city?: string;
  /** US ZIP5, Canadian FSA, UK outward code…, when known. */
  readonly postalCode?: string;
}

export interface GeoLookup {
  /**
   * Looks up a syntactically valid IP address (the caller has checked it). Returns `undefined`
   * when the database knows nothing of it.
   */
  lookup(ip: string): GeoLocation | undefined;
}
