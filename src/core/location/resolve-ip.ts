import { TaxError } from '../errors.ts';
import type { GeoLocation } from '../../ports/geo.ts';
import type { ResolutionPrecision } from '../types.ts';
import type { LocationTables } from './location-tables.ts';
import type { ResolvedPlace } from './resolved-place.ts';
import { territoryOfPostcode } from './special-territories.ts';

export type IpResolutionMode = 'strict' | 'zero' | 'approximate' | 'best_effort';

/** A place, or the instruction to answer with zero rates (modes zero and best_effort). */
export type IpResolution = ResolvedPlace | { readonly zero: true; readonly country: string };

const US_ZIP5 = /^\d{5}$/;

/**
 * Turns what a GeoIP database said about an IP into a place to tax (docs/interface.md §2.2, 2026-03-01).
 * Enough detail: a US postal code that belongs to the state; a Canadian province; a country
 * elsewhere. When there is less, the mode decides: strict → IP_RESOLUTION_* (422), the only
 * mode that answers those errors; zero → zero rates; approximate and best_effort → the most
 * populous ZIP of the state (and city) for the US, else zero rates for whatever level
 * resolved (the country, or nothing).
 */
export function resolveIp(
  ip: string,
  geo: GeoLocation | undefined,
  mode: IpResolutionMode,
  tables: LocationTables,
): IpResolution {
  if (geo === undefined || !tables.countries.has(geo.country)) {
    return insufficient(
      mode,
      '',
      new TaxError(
        'IP_RESOLUTION_FAILED',
        `IP address ${ip} could not be resolved to a country; provide customer.address.`,
      ),
    );
  }
  const country = geo.country;
  if (country === 'US') return resolveUsIp(ip, geo, mode, tables);
  if (country === 'CA') {
    const province = geo.province?.toUpperCase();
    if (province === undefined || !tables.subdivisions.get('CA')?.has(province)) {
      return insufficient(
        mode,
        country,
        new TaxError(
          'IP_RESOLUTION_INSUFFICIENT_CA',
          `IP address ${ip} resolved to Canada but no province was found; provide customer.address.`,
        ),
      );
    }
    // GeoIP databases give Canadian FSAs (M5V), not full postal codes: province precision, as for an address.
    const postal = geo.postalCode ?? '';
    return place(geo, country, province, postal, postal.replace(/\s/g, '').length === 6 ? 'POSTAL' : 'PROVINCE', [
      `CA-${province}`,
    ]);
  }
  const province = geo.province?.toUpperCase() ?? '';
  // A special VAT territory (Canary Islands, French overseas departments…) by postcode, as for addresses.
  const territory = territoryOfPostcode(country, geo.postalCode ?? '');
  return place(
    geo,
    country,
    province,
    geo.postalCode ?? '',
    'COUNTRY',
    territory !== undefined ? [territory.key] : province === '' ? [country] : [`${country}-${province}`, country],
  );
}

function resolveUsIp(ip: string, geo: GeoLocation, mode: IpResolutionMode, tables: LocationTables): IpResolution {
  const state = geo.province?.toUpperCase();
  const knownState = state !== undefined && tables.subdivisions.get('US')?.has(state) === true;
  const postal = geo.postalCode ?? '';
  if (knownState && US_ZIP5.test(postal) && tables.usStateOfZip(postal) === state) {
    return place(geo, 'US', state, postal, 'POSTAL', [`US-${state}-${postal}`, `US-${state}`]);
  }
  const error = new TaxError(
    'IP_RESOLUTION_INSUFFICIENT_US',
    knownState
      ? `IP address ${ip} resolved to the US state ${state} but no postal code was found; provide customer.address.`
      : `IP address ${ip} resolved to the US but no state was found; provide customer.address.`,
  );
  if ((mode === 'approximate' || mode === 'best_effort') && knownState) {
    const zip = tables.usTopZip(state, geo.city?.toUpperCase()) ?? tables.usTopZip(state);
    if (zip !== undefined) {
      const city = tables.usZipPlace(zip)?.city ?? geo.city ?? '';
      return place({ ...geo, city }, 'US', state, zip, 'APPROXIMATED', [`US-${state}-${zip}`, `US-${state}`]);
    }
  }
  return insufficient(mode, 'US', error);
}

function insufficient(mode: IpResolutionMode, country: string, error: TaxError): IpResolution {
  if (mode !== 'strict') return { zero: true, country };
  throw error;
}

function place(
  geo: GeoLocation,
  country: string,
  province: string,
  postalCode: string,
  precision: ResolutionPrecision,
  rateKeys: readonly string[],
): ResolvedPlace {
  return {
    location: {
      address: { line1: '', line2: '', city: geo.city ?? '', province, postalCode, country },
      status: postalCode === '' ? 'POSTAL_FALLBACK_1' : 'POSTAL_ONLY',
      precision,
      source: 'ip',
    },
    rateKeys,
  };
}
