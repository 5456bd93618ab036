import type { LocationUsed } from '../types.ts';

/**
 * The note that starts every jurisdiction's note when a postal code was given but not used: a
 * Canadian postal code that does not confirm the province (resolve-address.ts marks such a
 * place POSTAL_FALLBACK_1, which a Canadian address has for no other reason). Derived from the
 * stored location alone, so a replayed calculation says the same.
 */
export function postalCodeNotice(location: LocationUsed): string | undefined {
  const { address, status, source } = location;
  if (source !== 'address' || address.country !== 'CA' || status !== 'POSTAL_FALLBACK_1') return undefined;
  return `The postal code ${address.postalCode} is not one of ${address.province}, so it was not used: taxed at the province's rates.`;
}
