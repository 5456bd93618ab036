import jsvat from 'jsvat-next';
import type { VatNumberCheck } from './core/tax-ids/vat-number-check.ts';
import { checkNationalTaxId, NATIONAL_TAX_ID_COUNTRIES } from './core/tax-ids/check-national-tax-id.ts';

/** Prefixes that are not the country's ISO code. */
const PREFIX_COUNTRY: Readonly<Record<string, string>> = { EL: 'GR', XI: 'GB' };
const PREFIX = /^([A-Z]{2})/;
/**
 * Tax id types (the hosted API's `tax_ids[].type`) that name their country, so the number may
 * come without a prefix: an ABN is sent as "51824753556", not "AU51824753556".
 */
const TYPE_COUNTRY: Readonly<Record<string, string>> = {
  gb_vat: 'GB',
  no_vat: 'NO',
  ch_vat: 'CH',
  ch_uid: 'CH',
  au_abn: 'AU',
  nz_gst: 'NZ',
  sg_gst: 'SG',
  sg_uen: 'SG',
};
/** How each non-EU number is called in notes. */
const NUMBER_NAME: Readonly<Record<string, string>> = {
  GB: 'UK VAT number',
  NO: 'Norwegian organisation (MVA) number',
  CH: 'Swiss UID/VAT number (CHE-…)',
  AU: 'Australian ABN',
  NZ: 'New Zealand GST number',
  SG: 'Singapore GST registration number',
};
// jsvat-next is CommonJS without named exports Node can detect: take them from the default export.
const { checkVAT, countries } = jsvat;

/**
 * taxkit's default VAT number check, offline. The number must start with a country prefix
 * (EU member states, "EL" for Greece, "GB"/"XI" for the United Kingdom and Northern Ireland,
 * "CHE" for Switzerland, and the other countries jsvat-next knows), or have a `type` that names
 * its country (`gb_vat`, `no_vat`, `ch_vat`, `au_abn`, `nz_gst`, `sg_gst`); it must have that
 * country's format and pass its check digits where the country publishes an algorithm
 * (jsvat-next for the EU, UK and Switzerland; taxkit's own checks for Norwegian organisation
 * numbers, ABNs, New Zealand GST numbers, and the format of Singapore GST numbers). It does not
 * ask VIES, HMRC or any register whether the number is registered: a plausible number may still
 * be unregistered.
 */
export function checkVatNumber(value: string, type?: string): VatNumberCheck {
  const compact = value.toUpperCase().replace(/[\s.\-/]/g, '');
  const prefix = PREFIX.exec(compact)?.[1];
  const typed = type === undefined ? undefined : TYPE_COUNTRY[type];
  const country = typed ?? (prefix === undefined ? undefined : (PREFIX_COUNTRY[prefix] ?? prefix));
  if (country === undefined) {
    return { value, plausible: false, reason: 'it does not start with a country prefix such as DE, FR or EL' };
  }
  if (NATIONAL_TAX_ID_COUNTRIES.has(country)) {
    const verdict = checkNationalTaxId(country, compact.startsWith(country) ? compact.slice(2) : compact);
    return verdictOf(value, country, verdict === 'ok' ? undefined : verdict);
  }
  // jsvat-next wants the prefix; Northern Ireland's numbers it knows as GB numbers.
  const prefixed =
    typed === undefined || compact.startsWith(typed) || compact.startsWith('XI')
      ? compact
      : `${typed === 'CH' ? 'CHE' : typed}${compact}`;
  const result = checkVAT(prefixed.startsWith('XI') ? `GB${prefixed.slice(2)}` : prefixed, countries);
  if (!result.isSupportedCountry) {
    return { value, plausible: false, country, reason: `"${prefix}" is not a VAT number prefix taxkit can check` };
  }
  if (!result.isValidFormat) return verdictOf(value, country, 'format');
  if (!result.isValid) return verdictOf(value, country, 'check_digits');
  return { value, plausible: true, country };
}

function verdictOf(value: string, country: string, failure: 'format' | 'check_digits' | undefined): VatNumberCheck {
  if (failure === undefined) return { value, plausible: true, country };
  const name = NUMBER_NAME[country] ?? `${country} VAT number`;
  // "an Australian ABN" but "a UK VAT number".
  const article = /^[AEIO]/.test(name) ? 'an' : 'a';
  return {
    value,
    plausible: false,
    country,
    reason:
      failure === 'format'
        ? `it does not have the format of ${article} ${name}`
        : `its check digits are wrong for ${article} ${name}`,
  };
}
