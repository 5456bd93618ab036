import type { GeoLocation } from '../../src/ports/geo.ts';

/**
 * Maps one MMDB record to a {@link GeoLocation}. Two record shapes exist in the free city
 * databases (docs/data.md §2.5), and the shape is told per record:
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
 */
export type RecordMapper = (record: unknown) => GeoLocation | undefined;

export interface RecordMapperOptions {
  /** Upper-cased subdivision name → code, per country ("QUEBEC" → "QC"). */
  readonly subdivisionCodes: () => ReadonlyMap<string, ReadonlyMap<string, string>>;
  readonly registeredCountryFallback: boolean;
}

const COUNTRY = /^[A-Z]{2}$/;
const BRACKET_SUFFIX = /\s*\([^()]*\)\s*$/;

export function createRecordMapper(options: RecordMapperOptions): RecordMapper {
  const subdivisionOf = createSubdivisionNames(options.subdivisionCodes);
  // Readers with a cache hand out the same decoded object for the same data record, so the
  // mapping is done once per record and the frozen result shared. It is kept on the record
  // under a symbol of this mapper (invisible to JSON and Object.keys), not in a WeakMap: with
  // tens of thousands of records coming and going, the WeakMap's ephemerons cost the garbage
  // collector more than the lookups they saved.
  const mapped = Symbol('taxkit location');
  return (record) => {
    if (typeof record !== 'object' || record === null) return undefined;
    const memo = record as { [mapped]?: GeoLocation | null };
    let location = memo[mapped];
    if (location === undefined) {
      const fields = record as Readonly<Record<string, unknown>>;
      location =
        ('country_code' in fields || 'state1' in fields
          ? fromFlat(fields, subdivisionOf)
          : fromGeoIp2(fields, options.registeredCountryFallback)) ?? null;
      if (Object.isExtensible(record)) memo[mapped] = location;
    }
    return location ?? undefined;
  };
}

function fromGeoIp2(record: Readonly<Record<string, unknown>>, registeredFallback: boolean): GeoLocation | undefined {
  const country = countryCode(field(record.country, 'iso_code'));
  if (country === undefined) {
    const registered = registeredFallback ? countryCode(field(record.registered_country, 'iso_code')) : undefined;
    return registered === undefined ? undefined : build(registered, undefined, undefined, undefined);
  }
  const subdivisions = record.subdivisions;
  const first: unknown = Array.isArray(subdivisions) ? subdivisions[0] : undefined;
  return build(
    country,
    subdivisionCode(country, field(first, 'iso_code')),
    field(field(record.city, 'names'), 'en'),
    field(record.postal, 'code'),
  );
}

function fromFlat(
  record: Readonly<Record<string, unknown>>,
  subdivisionOf: (country: string, name: unknown) => string | undefined,
): GeoLocation | undefined {
  const country = countryCode(record.country_code);
  if (country === undefined) return undefined;
  return build(country, subdivisionOf(country, record.state1), record.city, record.postcode);
}

function build(country: string, province: string | undefined, city: unknown, postal: unknown): GeoLocation {
  // Built property by property rather than from spreads: this runs once per record decoded,
  // i.e. on every lookup that misses the reader's cache.
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
  // new string on every lookup that misses the reader's cache.
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

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Readonly<Record<string, unknown>>)[name] : undefined;
}
