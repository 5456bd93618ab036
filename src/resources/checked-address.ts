import { resolveAddress } from '../core/location/resolve-address.ts';
import type { Address } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { atField } from '../wire/at-field.ts';
import type { WireAddress } from '../wire/common-schemas.ts';
import { toAddress } from '../wire/to-address.ts';

/**
 * A ship-from address (`origin_address`, a merchant's `default_address`) checked with the same
 * rules as the customer's address: a known country, a well-formed province and postal code,
 * a US ZIP inside its state. Errors name `field`'s own path (`origin_address.address_country`).
 */
export function checkedAddress(
  deps: EngineDeps,
  wire: WireAddress,
  field: string,
  rateKeys?: { has(key: string): boolean },
): Address {
  const address = toAddress(wire, field);
  atField(field, () => resolveAddress(address, deps.locations, rateKeys));
  return address;
}
