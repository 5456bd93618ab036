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
  for (let pairs = data.size; pairs > 0; pairs -= 1) {
    const key = topKey(data, position);
    position = data.next;
    switch (key) {
      case COUNTRY:
        into.countryIsoCode = stringInMap(data, position, ISO_CODE, 0);
        break;
      case REGISTERED_COUNTRY:
        into.registeredCountryIsoCode = stringInMap(data, position, ISO_CODE, 0);
        break;
      case SUBDIVISIONS:
        into.subdivisionIsoCode = firstIsoCode(data, position);
        break;
      case CITY:
        // A string in the flat shape, a map of names in GeoIP2's.
        data.resolve(position);
        if (data.type === MAP) {
          into.cityText = undefined;
          into.cityNameEn = stringInMap(data, position, NAMES_EN, 0);
        } else {
          into.cityNameEn = undefined;
          into.cityText = stringAt(data, position);
        }
        break;
      case POSTAL:
        into.postalCode = stringInMap(data, position, CODE, 0);
        break;
      case COUNTRY_CODE:
        into.flat = true;
        into.countryCode = stringAt(data, position);
        break;
      case STATE1:
        into.flat = true;
        into.state1 = stringAt(data, position);
        break;
      case POSTCODE:
        into.postcode = stringAt(data, position);
        break;
      default:
        data.next = data.skip(position);
    }
    position = data.next;
  }
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
  const last = depth + 1 === path.length;
  let found: string | undefined;
  for (let pairs = data.size; pairs > 0; pairs -= 1) {
    const keyPayload = keyAt(data, position);
    const matches = data.equals(keyPayload, data.size, key);
    position = data.next;
    if (matches) {
      found = last ? stringAt(data, position) : stringInMap(data, position, path, depth + 1);
      position = data.next;
    } else {
      position = data.skip(position);
    }
  }
  data.next = after === -1 ? position : after;
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
