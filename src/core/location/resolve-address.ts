import { keyedError } from '../errors.ts';
import type { Address, AddressResolutionStatus, ResolutionPrecision } from '../types.ts';
import type { LocationTables } from './location-tables.ts';
import type { ResolvedPlace } from './resolved-place.ts';
import { sameCity } from './same-city.ts';
import { fiveDigitPostcode, namesTerritory, territoryOfPostcode } from './special-territories.ts';

const US_ZIP = /^(\d{5})(?:-?(\d{4}))?$/;
const CA_POSTAL = /^([A-Z])(\d)([A-Z])(?: ?(\d[A-Z]\d))?$/;

/**
 * Resolves a customer address to the rate keys of its jurisdictions, checking it against the
 * location tables (docs/decisions.md): a US ZIP must belong to the given state (ZIP_STATE_MISMATCH;
 * so is a US ZIP that exists nowhere, such as "00000"); a Canadian postal code that does not
 * confirm the province is not used (the province's rates, POSTAL_FALLBACK_1, a note); the
 * country must exist (INVALID_COUNTRY_CODE)
 * and the postal code and province must be well formed (MALFORMED_ADDRESS).
 *
 * `address_resolution_status`: POSTAL_ONLY when no street or city was given; EXACT when the city
 * agrees with the postal code (or, outside the US, when the tables have nothing finer than the
 * province to check); POSTAL_FALLBACK_1 when the city does not match and the postal code's
 * default place was used.
 *
 * `rateKeys` (the rate index's keys) lets a ZIP that the rate tables list under the given
 * state pass even when USPS files it under another: about 80 ZIPs straddle a state line, and
 * the address's state then picks which state's rates apply.
 */
export function resolveAddress(
  address: Address,
  tables: LocationTables,
  rateKeys?: { has(key: string): boolean },
): ResolvedPlace {
  const country = address.country.toUpperCase();
  if (country === 'US' || country === 'CA') requireProvinceAndPostalCode(address, country);
  // Puerto Rico has its own ISO code but USPS ZIPs and a US-style sales tax (IVU): tax it as US-PR.
  if (country === 'PR') return resolveUs({ ...address, country: 'US', province: 'PR' }, tables, rateKeys);
  if (!tables.countries.has(country)) {
    throw keyedError(
      'INVALID_COUNTRY_CODE',
      ['country'],
      `{field} "${address.country}" is not an ISO 3166-1 alpha-2 country code.`,
    );
  }
  if (country === 'US') return resolveUs({ ...address, country }, tables, rateKeys);
  if (country === 'CA') return resolveCa({ ...address, country }, tables);
  return resolveOther({ ...address, country });
}

/** US and Canadian tax depends on the province and the postal code: both must be given. */
function requireProvinceAndPostalCode(address: Address, country: string): void {
  for (const key of ['province', 'postalCode'] as const) {
    if (address[key].trim() === '') {
      throw keyedError('MISSING_FIELD', [key], `Missing required field: {field} (required for ${country} addresses).`);
    }
  }
}

function statusOf(address: Address, cityMatches: boolean): AddressResolutionStatus {
  if (address.line1.trim() === '' && address.city.trim() === '') return 'POSTAL_ONLY';
  return cityMatches ? 'EXACT' : 'POSTAL_FALLBACK_1';
}

function requireProvince(address: Address, tables: LocationTables): string {
  const province = address.province.trim().toUpperCase();
  const known = tables.subdivisions.get(address.country);
  if (known !== undefined && !known.has(province)) {
    throw keyedError(
      'MALFORMED_ADDRESS',
      ['province'],
      `{field} "${address.province}" is not a ${address.country} state or province code (use the ISO 3166-2 code without the country prefix, e.g. "CA", "ON").`,
    );
  }
  return province;
}

function resolveUs(
  address: Address,
  tables: LocationTables,
  rateKeys: { has(key: string): boolean } | undefined,
): ResolvedPlace {
  const province = requireProvince(address, tables);
  const match = US_ZIP.exec(address.postalCode.trim());
  if (match === null) {
    throw keyedError(
      'MALFORMED_ADDRESS',
      ['postalCode'],
      `{field} "${address.postalCode}" is not a US ZIP code (12345 or 12345-6789).`,
    );
  }
  const zip5 = match[1] as string;
  const zipState = tables.usStateOfZip(zip5);
  if (zipState !== undefined && zipState !== province && rateKeys?.has(`US-${province}-${zip5}`) !== true) {
    throw keyedError(
      'ZIP_STATE_MISMATCH',
      ['postalCode'],
      // The hosted API's own wording, kept word for word because clients match on it
      // (docs/interface.md §7); it names `address_zip_code`, which no request has, so the real
      // field follows (and is the error's `param`).
      `Unable to create calculation. address_zip_code ${zip5} not found in the address_province ${province}. Ensure zip is up to date and formed correctly. (Field: {field}.)`,
    );
  }
  // A ZIP that exists nowhere ("00000") would otherwise be taxed at its state's rate alone, with
  // no county or city tax and no sign of the gap. A ZIP an imported rate table lists for the
  // state passes (a new ZIP the embedded list does not know yet).
  if (tables.usZipExists(zip5) === false && rateKeys?.has(`US-${province}-${zip5}`) !== true) {
    throw keyedError(
      'ZIP_STATE_MISMATCH',
      ['postalCode'],
      // The hosted API's wording for a ZIP it cannot place in the state, kept word for word,
      // then the real field, as above.
      `Unable to create calculation. address_zip_code ${zip5} not found in the address_province ${province}. Ensure zip is up to date and formed correctly. (Field: {field}.)`,
    );
  }
  const place = tables.usZipPlace(zip5);
  // An address without a city (a postal code alone, the common API call) skips the spelling fold.
  const cityMatches =
    place !== undefined && place.state === province && address.city !== '' && sameCity(address.city, place.city);
  const precision: ResolutionPrecision = match[2] === undefined ? 'POSTAL' : 'POSTAL_PLUS';
  return {
    location: {
      address: {
        line1: address.line1,
        line2: address.line2,
        city: place !== undefined && place.state === province ? place.city : address.city,
        province,
        postalCode: match[2] === undefined ? zip5 : `${zip5}-${match[2]}`,
        country: 'US',
      },
      status: statusOf(address, cityMatches),
      precision,
      source: 'address',
    },
    // A ZIP+4 key first: only address-level data (SST ZIP+4 records) answers it, and the
    // precision then says which key did (rates-at-place.ts).
    rateKeys:
      match[2] === undefined
        ? [`US-${province}-${zip5}`, `US-${province}`]
        : [`US-${province}-${zip5}-${match[2]}`, `US-${province}-${zip5}`, `US-${province}`],
  };
}

function resolveCa(address: Address, tables: LocationTables): ResolvedPlace {
  const province = requireProvince(address, tables);
  const postal = address.postalCode.trim().toUpperCase();
  const match = CA_POSTAL.exec(postal);
  if (match === null) {
    throw keyedError(
      'MALFORMED_ADDRESS',
      ['postalCode'],
      `{field} "${address.postalCode}" is not a Canadian postal code (A1A 1A1).`,
    );
  }
  const provinces = tables.caProvincesOfPostal(match[1] as string);
  const formatted =
    match[4] === undefined ? `${match[1]}${match[2]}${match[3]}` : `${match[1]}${match[2]}${match[3]} ${match[4]}`;
  // Canadian tax is set by province. A postal code that does not confirm the province (a
  // placeholder such as A0A0A0, sent because a postal code is required, or a letter no province
  // uses) is not used: the province's rates apply, and the status, the precision and every
  // jurisdiction's note (postal-code-notice.ts) say so. The hosted API takes such codes too.
  const confirmed = provinces?.includes(province) === true;
  return {
    location: {
      address: { ...address, province, postalCode: formatted },
      // Confirmed by the postal code: nothing finer to check.
      status: confirmed ? statusOf(address, true) : 'POSTAL_FALLBACK_1',
      precision: match[4] === undefined || !confirmed ? 'PROVINCE' : 'POSTAL',
      source: 'address',
    },
    rateKeys: [`CA-${province}`],
  };
}

/**
 * Outside the US and Canada the key is the country, or `<country>-<province>` when the tables
 * know the province. A special VAT territory is found by postcode (`special-territories.ts`), and
 * the postcode wins over the province: a Canary Islands postcode is the Canary Islands whatever
 * the province says, and a mainland postcode is the mainland even when the province names a
 * territory. When they disagree the status is POSTAL_FALLBACK_1 and `address_used` carries the
 * place the postcode gave.
 */
function resolveOther(address: Address): ResolvedPlace {
  const province = address.province.trim().toUpperCase();
  const postal = address.postalCode.trim();
  const precision: ResolutionPrecision = postal !== '' ? 'POSTAL' : province !== '' ? 'PROVINCE' : 'COUNTRY';
  const located = (rateKeys: readonly string[], usedProvince: string, agrees: boolean): ResolvedPlace => ({
    location: {
      address: { ...address, province: usedProvince, postalCode: postal },
      status: agrees ? statusOf(address, true) : 'POSTAL_FALLBACK_1',
      precision,
      source: 'address',
    },
    rateKeys,
  });
  const territory = postal === '' ? undefined : territoryOfPostcode(address.country, postal);
  if (territory !== undefined) {
    const agrees = province === '' || territory.provinces.includes(province);
    return located([territory.key], agrees ? province : (territory.provinces[0] as string), agrees);
  }
  if (fiveDigitPostcode(postal) !== undefined && namesTerritory(address.country, province)) {
    return located([address.country], '', false);
  }
  return located(
    province === '' ? [address.country] : [`${address.country}-${province}`, address.country],
    province,
    true,
  );
}
