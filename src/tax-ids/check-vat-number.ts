import jsvat from 'jsvat-next';
import type { VatNumberCheck } from '../core/tax-ids/vat-number-check.ts';

/** Prefixes that are not the country's ISO code. */
const PREFIX_COUNTRY: Readonly<Record<string, string>> = { EL: 'GR', XI: 'GB' };
const PREFIX = /^([A-Z]{2})/;
// jsvat-next is CommonJS without named exports Node can detect: take them from the default export.
const { checkVAT, countries } = jsvat;

/**
 * taxkit's default VAT number check, offline: the number must start with a country prefix
 * (EU member states, "EL" for Greece, "GB"/"XI" for the United Kingdom and Northern Ireland,
 * and the other countries jsvat-next knows), have that country's format, and pass its check
 * digits where the country publishes an algorithm. It does not ask VIES or HMRC whether the
 * number is registered: a plausible number may still be unregistered.
 */
export function checkVatNumber(value: string): VatNumberCheck {
  const compact = value.toUpperCase().replace(/[\s.\-/]/g, '');
  const prefix = PREFIX.exec(compact)?.[1];
  if (prefix === undefined) {
    return { value, plausible: false, reason: 'it does not start with a country prefix such as DE, FR or EL' };
  }
  const country = PREFIX_COUNTRY[prefix] ?? prefix;
  // jsvat-next knows Northern Ireland's numbers as GB numbers.
  const result = checkVAT(prefix === 'XI' ? `GB${compact.slice(2)}` : compact, countries);
  if (!result.isSupportedCountry) {
    return { value, plausible: false, country, reason: `"${prefix}" is not a VAT number prefix taxkit can check` };
  }
  if (!result.isValidFormat)
    return { value, plausible: false, country, reason: `it does not have the format of a ${country} VAT number` };
  if (!result.isValid)
    return { value, plausible: false, country, reason: `its check digits are wrong for a ${country} VAT number` };
  return { value, plausible: true, country };
}
