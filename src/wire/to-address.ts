import type { Address } from '../core/types.ts';
import type { WireAddress } from './common-schemas.ts';
import type { z } from 'zod';
import type { addressResponseSchema } from './response-schemas.ts';

/**
 * A wire address as the core's {@link Address}. Only the shape changes here: what a valid
 * address needs (a known country; for the US and Canada a province and a postal code that
 * agree) is the core's `resolveAddress`, whose keyed errors the wire layer maps back to
 * `address_province`, `address_postal_code`, … under the address's own field.
 */
export function toAddress(wire: WireAddress): Address {
  return {
    line1: wire.address_line_1 ?? '',
    line2: wire.address_line_2 ?? '',
    city: wire.address_city ?? '',
    province: (wire.address_province ?? '').trim().toUpperCase(),
    postalCode: (wire.address_postal_code ?? '').trim(),
    country: wire.address_country.trim().toUpperCase(),
  };
}

/** `address_used` and a merchant's `default_address` on the wire. */
export type AddressJson = z.output<typeof addressResponseSchema>;

/** The core's address as the wire's `address_used` (no address_type). */
export function fromAddress(address: Address): AddressJson {
  return {
    address_line_1: address.line1,
    address_line_2: address.line2,
    address_city: address.city,
    address_province: address.province,
    address_postal_code: address.postalCode,
    address_country: address.country,
  };
}
