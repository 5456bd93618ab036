/**
 * Offline plausibility checks for the business tax numbers of the non-EU countries where taxkit
 * applies a B2B reverse charge and jsvat-next has no (or no working) check: Norwegian
 * organisation numbers, Australian ABNs, New Zealand GST (IRD) numbers and Singapore GST
 * registration numbers. UK VAT numbers and Swiss UIDs are checked by jsvat-next.
 */

/** What a national check found: the number's format, then its check digits where published. */
export type NationalTaxIdVerdict = 'ok' | 'format' | 'check_digits';

/** Countries with a check in this file. */
export const NATIONAL_TAX_ID_COUNTRIES: ReadonlySet<string> = new Set(['NO', 'AU', 'NZ', 'SG']);

/**
 * Checks `compact` (upper case, no spaces, dots, dashes or slashes, country prefix removed) as
 * a business tax number of `country` (one of `NATIONAL_TAX_ID_COUNTRIES`).
 */
export function checkNationalTaxId(country: string, compact: string): NationalTaxIdVerdict {
  switch (country) {
    case 'NO':
      return checkNorwegianOrgNumber(compact);
    case 'AU':
      return checkAbn(compact);
    case 'NZ':
      return checkNzGstNumber(compact);
    case 'SG':
      return checkSingaporeGstNumber(compact);
    default:
      return 'format';
  }
}

/** Sum of digit × weight. */
function weighted(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  return sum;
}

/**
 * Norwegian organisation number (organisasjonsnummer, 9 digits; as a VAT number followed by
 * "MVA"): modulus 11 with weights 3 2 7 6 5 4 3 2 (Brønnøysund Register Centre). A remainder
 * that gives check digit 10 is never issued.
 */
function checkNorwegianOrgNumber(compact: string): NationalTaxIdVerdict {
  const digits = compact.endsWith('MVA') ? compact.slice(0, -3) : compact;
  if (!/^[89]\d{8}$/.test(digits)) return 'format';
  const remainder = weighted(digits, [3, 2, 7, 6, 5, 4, 3, 2]) % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check !== 10 && check === Number(digits[8]) ? 'ok' : 'check_digits';
}

/**
 * Australian Business Number (11 digits): subtract 1 from the first digit, weight the digits
 * 10 1 3 5 7 9 11 13 15 17 19, and the sum must divide by 89 (Australian Business Register,
 * "ABN format").
 */
function checkAbn(compact: string): NationalTaxIdVerdict {
  if (!/^[1-9]\d{10}$/.test(compact)) return 'format';
  const shifted = `${Number(compact[0]) - 1}${compact.slice(1)}`;
  return weighted(shifted, [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]) % 89 === 0 ? 'ok' : 'check_digits';
}

/**
 * New Zealand GST number = IRD number (8 or 9 digits, 10,000,000–150,000,000): modulus 11 with
 * weights 3 2 7 6 5 4 3 2; when that gives 10, the secondary weights 7 4 3 2 5 2 7 6 (Inland
 * Revenue's published IRD number validation).
 */
function checkNzGstNumber(compact: string): NationalTaxIdVerdict {
  if (!/^\d{8,9}$/.test(compact)) return 'format';
  const digits = compact.padStart(9, '0');
  const value = Number(digits);
  if (value < 10_000_000 || value > 150_000_000) return 'format';
  const checkWith = (weights: readonly number[]): number => {
    const remainder = weighted(digits, weights) % 11;
    return remainder === 0 ? 0 : 11 - remainder;
  };
  let check = checkWith([3, 2, 7, 6, 5, 4, 3, 2]);
  if (check === 10) check = checkWith([7, 4, 3, 2, 5, 2, 7, 6]);
  return check !== 10 && check === Number(digits[8]) ? 'ok' : 'check_digits';
}

/**
 * Singapore GST registration number: either the business's UEN (8 digits + letter for
 * businesses, 4-digit year + 5 digits + letter for local companies, T/S/R + 2 digits + 2 letters
 * + 4 digits + letter for other entities) or an IRAS-issued "M" number (M + 1 character + 7
 * digits + 1 check character, e.g. M2-1234567-X; MR… for overseas vendors). IRAS publishes no
 * check-digit algorithm, so this is a format check only.
 */
function checkSingaporeGstNumber(compact: string): NationalTaxIdVerdict {
  const uen = /^(\d{8}[A-Z]|(19|20)\d{7}[A-Z]|[RST]\d{2}[A-Z]{2}\d{4}[A-Z])$/;
  const mNumber = /^M[0-9A-Z]\d{7}[0-9A-Z]$/;
  return uen.test(compact) || mNumber.test(compact) ? 'ok' : 'format';
}
