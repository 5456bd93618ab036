import type { LocationFields } from './create-location-mapper.ts';
import { ARRAY, MAP, type MmdbData, UTF8 } from './mmdb-data.ts';

const ascii = (text: string): Uint8Array => Buffer.from(text, 'latin1');

// Keys of the top-level map the mapper uses, by byte length: a key is matched by its length
// first, then byte by byte, never decoded into a string.
const COUNTRY = 1;
const REGISTERED_COUNTRY = 2;
const SUBDIVISIONS = 3;
const CITY = 4;
const POSTAL = 5;
const COUNTRY_CODE = 6;
const STATE1 = 7;
const POSTCODE = 8;
const TOP_KEYS: readonly (readonly { readonly bytes: Uint8Array; readonly id: number }[] | undefined)[] = (() => {
  const keys: [string, number][] = [
    ['country', COUNTRY],
    ['registered_country', REGISTERED_COUNTRY],
    ['subdivisions', SUBDIVISIONS],
    ['city', CITY],
    ['postal', POSTAL],
    ['country_code', COUNTRY_CODE],
    ['state1', STATE1],
    ['postcode', POSTCODE],
  ];
  const byLength: { bytes: Uint8Array; id: number }[][] = [];
  for (const [key, id] of keys) {
    const sameLength = byLength[key.length] ?? [];
    sameLength.push({ bytes: ascii(key), id });
    byLength[key.length] = sameLength;
  }
  return byLength;
})();

const ISO_CODE = [ascii('iso_code')];
const CODE = [ascii('code')];
const NAMES_EN = [ascii('names'), ascii('en')];

/**
 * Fills `into` with the fields `createLocationMapper` reads, from the data record at
 * `at`, decoding nothing else: every other value is stepped over by its size, however big.
 * Both record shapes are looked for in the one pass (keys come in any order), and a key met
 * twice keeps its last value, as a full decoder's object would. Only strings are kept; any
 * other value where a string belongs counts as absent, as it does for the mapper. Keys and
 * values may be pointers (the data section shares repeated keys and strings that way).
 */
export function readLocationFields(data: MmdbData, at: number, into: LocationFields): void {
  into.flat = false;
  into.countryCode = undefined;
  into.state1 = undefined;
  into.cityText = undefined;
  into.postcode = undefined;
  into.countryIsoCode = undefined;
  into.registeredCountryIsoCode = undefined;
  into.subdivisionIsoCode = undefined;
  into.cityNameEn = undefined;
  into.postalCode = undefined;
  let position = data.resolve(at);
  // A record that is no map has none of the fields: the mapper finds no country.
  if (data.type !== MAP) return;
  // Where the last value of each key the mapper uses starts. A key met twice keeps its last
  // value, as a full decoder's object would, so only that one is read, once, after the pass:
  // reading every occurrence made a damaged or hostile file of a few kilobytes (keys repeated,
  // each a pointer to one map with repeated keys) cost seconds for one lookup.
  const valueAt = [-1, -1, -1, -1, -1, -1, -1, -1, -1]; // by key id (1 to 8)
  for (let pairs = data.size; pairs > 0; pairs -= 1) {
    const key = topKey(data, position);
    position = data.next;
    if (key !== 0) valueAt[key] = position;
    position = data.skip(position);
  }
  into.flat = valueAt[COUNTRY_CODE] !== -1 || valueAt[STATE1] !== -1;
  const country = valueAt[COUNTRY] as number;
  if (country !== -1) into.countryIsoCode = stringInMap(data, country, ISO_CODE, 0);
  const registered = valueAt[REGISTERED_COUNTRY] as number;
  if (registered !== -1) into.registeredCountryIsoCode = stringInMap(data, registered, ISO_CODE, 0);
  const subdivisions = valueAt[SUBDIVISIONS] as number;
  if (subdivisions !== -1) into.subdivisionIsoCode = firstIsoCode(data, subdivisions);
  const city = valueAt[CITY] as number;
  if (city !== -1) {
    // A string in the flat shape, a map of names in GeoIP2's.
    data.resolve(city);
    if (data.type === MAP) into.cityNameEn = stringInMap(data, city, NAMES_EN, 0);
    else into.cityText = stringAt(data, city);
  }
  const postal = valueAt[POSTAL] as number;
  if (postal !== -1) into.postalCode = stringInMap(data, postal, CODE, 0);
  const countryCode = valueAt[COUNTRY_CODE] as number;
  if (countryCode !== -1) into.countryCode = stringAt(data, countryCode);
  const state1 = valueAt[STATE1] as number;
  if (state1 !== -1) into.state1 = stringAt(data, state1);
  const postcode = valueAt[POSTCODE] as number;
  if (postcode !== -1) into.postcode = stringAt(data, postcode);
}

/** Which top-level key the map key at `at` is (0: none the mapper uses); `data.next` is set past it. */
function topKey(data: MmdbData, at: number): number {
  const payload = keyAt(data, at);
  const length = data.size;
  const candidates = TOP_KEYS[length];
  if (candidates === undefined) return 0;
  for (const candidate of candidates) if (data.equals(payload, length, candidate.bytes)) return candidate.id;
  return 0;
}

/** The payload of the map key at `at` (a string, or a pointer to one); `data.size` is its length, `data.next` the value's offset. */
function keyAt(data: MmdbData, at: number): number {
  const payload = data.resolve(at);
  if (data.type !== UTF8) throw data.corrupt(at, `a map key has type ${data.type}, not a string`);
  data.next = data.after === -1 ? payload + data.size : data.after;
  return payload;
}

/** The string at `at` (through a pointer), or `undefined` for any other value; `data.next` is set past the field. */
function stringAt(data: MmdbData, at: number): string | undefined {
  const payload = data.resolve(at);
  const after = data.after;
  if (data.type === UTF8) {
    const value = data.text(payload, data.size);
    data.next = after === -1 ? payload + data.size : after;
    return value;
  }
  data.next = after === -1 ? data.skip(at) : after;
  return undefined;
}

/**
 * The string at `path[depth..]` inside the map at `at` ("iso_code"; "names" then "en"), or
 * `undefined` when a level is missing or not a map; `data.next` is set past the field at `at`.
 * The recursion is as deep as `path` is long, whatever the data holds.
 */
function stringInMap(data: MmdbData, at: number, path: readonly Uint8Array[], depth: number): string | undefined {
  let position = data.resolve(at);
  const after = data.after;
  if (data.type !== MAP) {
    data.next = after === -1 ? data.skip(at) : after;
    return undefined;
  }
  const key = path[depth] as Uint8Array;
  // As in readLocationFields: the last value of the key is the one read, and only it.
  let valueAt = -1;
  for (let pairs = data.size; pairs > 0; pairs -= 1) {
    const keyPayload = keyAt(data, position);
    const matches = data.equals(keyPayload, data.size, key);
    position = data.next;
    if (matches) valueAt = position;
    position = data.skip(position);
  }
  const end = after === -1 ? position : after;
  let found: string | undefined;
  if (valueAt !== -1) {
    found = depth + 1 === path.length ? stringAt(data, valueAt) : stringInMap(data, valueAt, path, depth + 1);
  }
  data.next = end;
  return found;
}

/** `subdivisions[0].iso_code` from the array at `at`, or `undefined`; `data.next` is set past the field. */
function firstIsoCode(data: MmdbData, at: number): string | undefined {
  let position = data.resolve(at);
  const after = data.after;
  if (data.type !== ARRAY) {
    data.next = after === -1 ? data.skip(at) : after;
    return undefined;
  }
  const items = data.size;
  let found: string | undefined;
  if (items > 0) {
    found = stringInMap(data, position, ISO_CODE, 0);
    position = data.next;
    for (let rest = items - 1; rest > 0; rest -= 1) position = data.skip(position);
  }
  data.next = after === -1 ? position : after;
  return found;
}
