import { resolveAddress } from '../core/location/resolve-address.ts';
import { TaxError } from '../core/errors.ts';
import type { Address } from '../core/types.ts';
import { loadDefaultLocations } from '../defaults/load-default-locations.ts';
import { UsageError } from './usage-error.ts';

/** The options and variables that set the account's default origin, as `taxkit serve` reads them. */
export interface OriginOptions {
  readonly 'origin-country'?: string | undefined;
  readonly 'origin-province'?: string | undefined;
  readonly 'origin-postal-code'?: string | undefined;
}

/**
 * The account's default ship-from address (`createTaxEngine({ defaultOrigin })`), from
 * `--origin-country CC [--origin-province P] [--origin-postal-code Z]` or
 * TAXKIT_ORIGIN_COUNTRY, TAXKIT_ORIGIN_PROVINCE, TAXKIT_ORIGIN_POSTAL_CODE (an option wins over
 * its variable). A calculation without `origin_address` uses it, so an EU business sale with a
 * valid VAT number is reverse-charged as it would be with the origin in the request. Checked
 * once at start like any origin_address (a US or Canadian origin needs its province and postal
 * code); a bad one is a usage error, not a 400 on every calculation.
 */
export function originOption(options: OriginOptions, env: NodeJS.ProcessEnv): Address | undefined {
  const pick = (option: string | undefined, variable: string) =>
    (option ?? (env[variable]?.trim() || undefined))?.trim();
  const country = pick(options['origin-country'], 'TAXKIT_ORIGIN_COUNTRY');
  const province = pick(options['origin-province'], 'TAXKIT_ORIGIN_PROVINCE') ?? '';
  const postalCode = pick(options['origin-postal-code'], 'TAXKIT_ORIGIN_POSTAL_CODE') ?? '';
  if (country === undefined || country === '') {
    if (province !== '' || postalCode !== '') {
      throw new UsageError('--origin-province and --origin-postal-code need --origin-country.');
    }
    return undefined;
  }
  const origin: Address = {
    line1: '',
    line2: '',
    city: '',
    province: province.toUpperCase(),
    postalCode,
    country: country.toUpperCase(),
  };
  try {
    resolveAddress(origin, loadDefaultLocations());
  } catch (error) {
    if (error instanceof TaxError) {
      throw new UsageError(`the default origin (--origin-*) is not usable: ${error.message}`);
    }
    throw error;
  }
  return origin;
}
