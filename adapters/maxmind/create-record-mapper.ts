import type { GeoLocation } from '../../src/ports/geo.ts';
import { emptyLocationFields, type LocationFields } from './create-location-mapper.ts';

/** Maps one record a `maxmind` Reader decoded to a {@link GeoLocation}, by the rules of `createLocationMapper`. */
export type RecordMapper = (record: unknown) => GeoLocation | undefined;

/**
 * The mapper for readers the caller opened themselves (a `maxmind` Reader): it picks the
 * fields out of the decoded record and hands them to `toLocation` (made by
 * `createLocationMapper`), so both ways of reading a database answer by the same rules.
 */
export function createRecordMapper(toLocation: (fields: LocationFields) => GeoLocation | undefined): RecordMapper {
  // One object refilled per record: the mapper keeps no reference to it.
  const fields = emptyLocationFields();
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
      pickFields(record as Readonly<Record<string, unknown>>, fields);
      location = toLocation(fields) ?? null;
      if (Object.isExtensible(record)) memo[mapped] = location;
    }
    return location ?? undefined;
  };
}

/** Where each value sits in a decoded record; a missing level gives `undefined`. */
function pickFields(record: Readonly<Record<string, unknown>>, into: LocationFields): void {
  into.flat = 'country_code' in record || 'state1' in record;
  if (into.flat) {
    into.countryCode = record.country_code;
    into.state1 = record.state1;
    into.cityText = record.city;
    into.postcode = record.postcode;
    return;
  }
  into.countryIsoCode = field(record.country, 'iso_code');
  into.registeredCountryIsoCode = field(record.registered_country, 'iso_code');
  const subdivisions = record.subdivisions;
  into.subdivisionIsoCode = field(Array.isArray(subdivisions) ? subdivisions[0] : undefined, 'iso_code');
  into.cityNameEn = field(field(record.city, 'names'), 'en');
  into.postalCode = field(record.postal, 'code');
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Readonly<Record<string, unknown>>)[name] : undefined;
}
