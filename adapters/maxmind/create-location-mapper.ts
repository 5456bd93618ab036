import type { GeoLocation } from '../../src/ports/geo.ts';

/**
 * The few values of one MMDB record that make a {@link GeoLocation}, by where they sit in the
 * record. Two readers fill it: `createRecordMapper` from a record `maxmind` decoded in
 * full, and `readLocationFields` straight from the file's bytes, decoding nothing else. Values
 * are what the record holds there (`undefined` when absent); only strings count, so a reader
 * may leave anything else `undefined`.
 */
export interface LocationFields {
  /** The record has a `country_code` or a `state1` key: the flat ip-location-db shape. */
  flat: boolean;
  /** Flat shape: `country_code`, `state1`, `city`, `postcode`. */
  countryCode: unknown;
  state1: unknown;
  cityText: unknown;
  postcode: unknown;
  /** GeoIP2 shape: `country.iso_code`, `registered_country.iso_code`, `subdivisions[0].iso_code`, `city.names.en`, `postal.code`. */
  countryIsoCode: unknown;
  registeredCountryIsoCode: unknown;
  subdivisionIsoCode: unknown;
  cityNameEn: unknown;
  postalCode: unknown;
}

/** A blank {@link LocationFields}, for a reader to fill (and reuse: the mapper keeps no reference). */
export function emptyLocationFields(): LocationFields {
  return {
    flat: false,
    countryCode: undefined,
    state1: undefined,
    cityText: undefined,
    postcode: undefined,
    countryIsoCode: undefined,
    registeredCountryIsoCode: undefined,
    subdivisionIsoCode: undefined,
    cityNameEn: undefined,
    postalCode: undefined,
  };
}

export interface LocationMapperOptions {
  /** Upper-cased subdivision name → code, per country ("QUEBEC" → "QC"). */
  readonly subdivisionCodes: () => ReadonlyMap<string, ReadonlyMap<string, string>>;
  readonly registeredCountryFallback: boolean;
}

/**
 * Maps the fields of one MMDB record to a frozen {@link GeoLocation}, or `undefined` when they
 * give no country. Two record shapes exist in the free city databases (docs/data.md §2.5), and
 * the shape is told per record:
 *
 * - GeoIP2 / GeoLite2-City (MaxMind's own files): `country.iso_code`,
 *   `subdivisions[0].iso_code` ("CA", "QC"), `city.names.en`, `postal.code`. When `country` is
 *   missing, `registered_country.iso_code` (where the network is registered) stands in, unless
 *   turned off; such a record gives the country only.
 * - the flat ip-location-db shape (DB-IP Lite, the npm GeoLite2 repacks): `country_code`,
 *   `state1` as an English name ("California", "Quebec") turned into its code through
 *   `subdivisionCodes`, `city`, `postcode` (often an empty string).
 *
 * Empty strings count as absent, city names lose a bracketed suffix ("Montreal (Ville-Marie)"
 * → "Montreal"), codes are upper-cased, and a subdivision code loses a "US-" style prefix.
 * These rules live here only, whichever reader found the fields.
 */
export function createLocationMapper(
  options: LocationMapperOptions,
): (fields: LocationFields) => GeoLocation | undefined {
  const subdivisionOf = createSubdivisionNames(options.subdivisionCodes);
  const registeredFallback = options.registeredCountryFallback;
  return (fields) => {
    if (fields.flat) {
      const country = countryCode(fields.countryCode);
      if (country === undefined) return undefined;
      return build(country, subdivisionOf(country, fields.state1), fields.cityText, fields.postcode);
    }
    const country = countryCode(fields.countryIsoCode);
    if (country === undefined) {
      const registered = registeredFallback ? countryCode(fields.registeredCountryIsoCode) : undefined;
      return registered === undefined ? undefined : build(registered, undefined, undefined, undefined);
    }
    return build(country, subdivisionCode(country, fields.subdivisionIsoCode), fields.cityNameEn, fields.postalCode);
  };
}

const COUNTRY = /^[A-Z]{2}$/;
const BRACKET_SUFFIX = /\s*\([^()]*\)\s*$/;

function build(country: string, province: string | undefined, city: unknown, postal: unknown): GeoLocation {
  // Built property by property rather than from spreads: this runs once per record mapped,
  // i.e. on every lookup that misses the cache.
  const location: { country: string; province?: string; city?: string; postalCode?: string } = { country };
  if (province !== undefined) location.province = province;
  const cityText = text(city);
  const cityName = cityText?.includes('(') === true ? cityText.replace(BRACKET_SUFFIX, '') : cityText;
  if (cityName !== undefined && cityName !== '') location.city = cityName;
  const postalCode = text(postal)?.toUpperCase();
  if (postalCode !== undefined) location.postalCode = postalCode;
  return Object.freeze(location);
}

/**
 * The code of a flat record's `state1` name: through the table (case, spacing and accents
 * ignored), or the value itself when it already is one of the country's codes. Unknown names
 * give no province rather than a made-up one. Answers are memoised per (country, name): a
 * database holds a few thousand distinct names at most.
 */
function createSubdivisionNames(
  table: () => ReadonlyMap<string, ReadonlyMap<string, string>>,
): (country: string, name: unknown) => string | undefined {
  let byCountry: Map<string, { names: Map<string, string>; codes: Set<string> }> | undefined;
  // Two levels (country, then name) rather than one joined key: joining builds and hashes a
  // new string on every lookup that misses the cache.
  const memo = new Map<string, Map<string, string | null>>();
  return (country, name) => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    let names = memo.get(country);
    if (names === undefined) {
      names = new Map();
      memo.set(country, names);
    }
    const known = names.get(raw);
    if (known !== undefined) return known ?? undefined;
    byCountry ??= normalizeTable(table());
    const entry = byCountry.get(country);
    const normalized = normalizeName(raw);
    let code: string | undefined = entry?.names.get(normalized) ?? entry?.names.get(stripAccents(normalized));
    if (code === undefined && entry?.codes.has(normalized) === true) code = normalized;
    names.set(raw, code ?? null);
    return code;
  };
}

function normalizeTable(
  table: ReadonlyMap<string, ReadonlyMap<string, string>>,
): Map<string, { names: Map<string, string>; codes: Set<string> }> {
  const result = new Map<string, { names: Map<string, string>; codes: Set<string> }>();
  for (const [country, names] of table) {
    const entry = { names: new Map<string, string>(), codes: new Set<string>() };
    for (const [name, code] of names) {
      const normalized = normalizeName(name);
      entry.names.set(normalized, code);
      if (!entry.names.has(stripAccents(normalized))) entry.names.set(stripAccents(normalized), code);
      entry.codes.add(code.toUpperCase());
    }
    result.set(country.toUpperCase(), entry);
  }
  return result;
}

function normalizeName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

function stripAccents(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '');
}

function subdivisionCode(country: string, value: unknown): string | undefined {
  const code = text(value)?.toUpperCase();
  if (code === undefined) return undefined;
  return code.startsWith(`${country}-`) ? code.slice(country.length + 1) : code;
}

function countryCode(value: unknown): string | undefined {
  const code = text(value)?.toUpperCase();
  return code !== undefined && COUNTRY.test(code) ? code : undefined;
}

/** A non-empty trimmed string, or undefined. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}
