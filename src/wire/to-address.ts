import { TaxError } from '../core/errors.ts';
import type { Address } from '../core/types.ts';
import type { WireAddress } from './common-schemas.ts';

/**
 * A wire address as the core's {@link Address}. US and Canadian addresses need a province and
 * a postal code (their tax depends on both); elsewhere the country is enough.
 */
export function toAddress(wire: WireAddress, field: string): Address {
  const country = wire.address_country.trim().toUpperCase();
  const address: Address = {
    line1: wire.address_line_1 ?? '',
    line2: wire.address_line_2 ?? '',
    city: wire.address_city ?? '',
    province: (wire.address_province ?? '').trim().toUpperCase(),
    postalCode: (wire.address_postal_code ?? '').trim(),
    country,
  };
  if (country === 'US' || country === 'CA') {
    for (const [name, value] of [
      ['address_province', address.province],
      ['address_postal_code', address.postalCode],
    ] as const) {
      if (value === '') {
        throw new TaxError(
          'MISSING_FIELD',
          `Missing required field: ${field}.${name} (required for ${country} addresses).`,
          {
            details: { field: `${field}.${name}` },
          },
        );
      }
    }
  }
  return address;
}

/** The core's address as the wire's `address_used` (no address_type). */
export function fromAddress(address: Address): Record<string, string> {
  return {
    address_line_1: address.line1,
    address_line_2: address.line2,
    address_city: address.city,
    address_province: address.province,
    address_postal_code: address.postalCode,
    address_country: address.country,
  };
}
