import { TaxError } from '../core/errors.ts';
import { resolveAddress } from '../core/location/resolve-address.ts';
import { resolveIp, type IpResolution, type IpResolutionMode } from '../core/location/resolve-ip.ts';
import type { RateIndex } from '../core/rates/rate-index.ts';
import type { CalculationCustomer, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { customerSchema } from '../wire/calculation-request.ts';
import { atField } from '../wire/at-field.ts';
import { toAddress } from '../wire/to-address.ts';
import { normalizeIp } from '../ports/normalize-ip.ts';
import type { z } from 'zod';

type WireCustomer = z.output<typeof customerSchema>;

/**
 * Where the customer is (docs/interface.md §2.3 rule 3): the address first; the IP (2026-03-01) when there is
 * no address, or as the fallback when the address cannot be resolved. When both fail, the
 * address's error is reported: it is the caller's own data that is wrong.
 */
export function resolveCustomerPlace(deps: EngineDeps, customer: WireCustomer, rates?: RateIndex): IpResolution {
  // A malformed IP is refused even when the address would have been enough (docs/interface.md §7).
  const ip =
    customer.ip === undefined
      ? undefined
      : { value: validIp(customer.ip.value), mode: customer.ip.resolution ?? 'strict' };
  if (customer.address === undefined) {
    if (ip === undefined) {
      throw new TaxError(
        'MISSING_FIELD',
        'Missing required field: customer.address (or, from 2026-03-01, customer.ip).',
        {
          details: { field: 'customer.address' },
        },
      );
    }
    return resolveByIp(deps, ip.value, ip.mode);
  }
  try {
    const address = toAddress(customer.address, 'customer.address');
    return atField('customer.address', () => resolveAddress(address, deps.locations, rates?.keys));
  } catch (addressError) {
    if (ip === undefined) throw addressError;
    try {
      return resolveByIp(deps, ip.value, ip.mode);
    } catch {
      throw addressError;
    }
  }
}

function resolveByIp(deps: EngineDeps, ip: string, mode: IpResolutionMode): IpResolution {
  if (deps.geo === undefined) {
    // Only strict answers IP_RESOLUTION_*; every other mode answers zero tax for an unknown place.
    if (mode !== 'strict') return { zero: true, country: '' };
    throw new TaxError(
      'IP_RESOLUTION_FAILED',
      'No GeoIP database is configured, so IP addresses cannot be resolved; provide customer.address.',
    );
  }
  return resolveIp(ip, deps.geo.lookup(ip), mode, deps.locations);
}

/**
 * Validates an IP (net.isIP: GeoIP readers accept malformed text) and turns an IPv4-mapped IPv6
 * address, in any spelling, into dotted IPv4, so every GeoLookup sees one form.
 */
function validIp(value: string): string {
  const normalized = normalizeIp(value);
  if (normalized === undefined) {
    throw new TaxError('INVALID_IP_FORMAT', `customer.ip.value "${value}" is not a valid IPv4 or IPv6 address.`, {
      details: { field: 'customer.ip.value' },
    });
  }
  return normalized;
}

/** The customer part of a calculation, with the stored customer's exemption when `id` names one. */
export async function resolveCalculationCustomer(
  deps: EngineDeps,
  tenant: Tenant,
  customer: WireCustomer,
): Promise<CalculationCustomer> {
  const taxIds = customer.tax_ids ?? [];
  // Each tax id is checked as a VAT number now and the result kept with the calculation, so
  // reverse charge is decided on it (and replayed the same way).
  const base = {
    type: customer.type ?? 'CONSUMER',
    taxIds,
    ...(taxIds.length === 0
      ? {}
      : { taxIdChecks: taxIds.map((taxId) => deps.checkVatNumber(taxId.value, taxId.type)) }),
  } as const;
  if (customer.id === undefined) return { ...base, isTaxExempt: false };
  const stored = await deps.store.getCustomer(tenant, customer.id);
  if (stored === undefined) {
    throw new TaxError('CUSTOMER_NOT_FOUND', `No customer with id or reference_customer_id "${customer.id}".`, {
      details: { field: 'customer.id' },
    });
  }
  return { ...base, customerId: stored.id, isTaxExempt: stored.isTaxExempt };
}
