import { knownRateKeys } from '../core/rates/known-rate-keys.ts';
import { keyedError, TaxError, underKey } from '../core/errors.ts';
import { resolveAddress } from '../core/location/resolve-address.ts';
import { resolveIp, type IpResolution, type IpResolutionMode } from '../core/location/resolve-ip.ts';
import type { RateIndex } from '../core/rates/rate-index.ts';
import { notFound } from '../core/not-found.ts';
import type { Address, CalculationCustomer, CustomerType, TaxId, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { normalizeIp } from '../ports/normalize-ip.ts';

/** The customer of a calculation, as the wire layer parses it. */
export interface CustomerInput {
  /** A stored customer: taxkit's id or the caller's reference id. */
  readonly id?: string;
  readonly address?: Address;
  readonly ip?: { readonly value: string; readonly mode: IpResolutionMode };
  readonly type: CustomerType;
  readonly taxIds: readonly TaxId[];
  /**
   * `none`: the stored customer's exemption certificates do not apply to this order (a
   * purchase the certificate does not cover, such as goods for the buyer's own use); `auto`
   * (the default): the one covering the place on the tax date applies.
   */
  readonly certificates?: 'auto' | 'none';
}

/**
 * Where the customer is (docs/interface.md §2.3 rule 3): the address first; the IP when there
 * is no address, or as the fallback when the address cannot be resolved. When both fail, the
 * address's error is reported: it is the caller's own data that is wrong. Errors are keyed
 * `['customer', …]`.
 */
export function resolveCustomerPlace(deps: EngineDeps, customer: CustomerInput, rates?: RateIndex): IpResolution {
  // A malformed IP is refused even when the address would have been enough (docs/interface.md §7).
  const ip = customer.ip === undefined ? undefined : { value: validIp(customer.ip.value), mode: customer.ip.mode };
  if (customer.address === undefined) {
    if (ip === undefined) {
      throw keyedError('MISSING_FIELD', ['customer', 'address'], 'Missing required field: {field} (or {field:ip}).');
    }
    return resolveByIp(deps, ip.value, ip.mode);
  }
  const address = customer.address;
  try {
    return underKey(['customer', 'address'], () =>
      resolveAddress(address, deps.locations, rates === undefined ? undefined : knownRateKeys(rates)),
    );
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
      'No GeoIP database is configured, so IP addresses cannot be resolved; provide the customer address.',
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
    throw keyedError(
      'INVALID_IP_FORMAT',
      ['customer', 'ip', 'value'],
      `{field} "${value}" is not a valid IPv4 or IPv6 address.`,
    );
  }
  return normalized;
}

/**
 * The customer part of a calculation, with the stored customer's exemption when `id` names one:
 * only then does it wait for the store, otherwise it answers at once.
 */
export function resolveCalculationCustomer(
  deps: EngineDeps,
  tenant: Tenant,
  customer: CustomerInput,
): CalculationCustomer | Promise<CalculationCustomer> {
  const { type, taxIds } = customer;
  // Each tax id is checked as a VAT number now and the result kept with the calculation, so
  // reverse charge is decided on it (and replayed the same way).
  const taxIdChecks =
    taxIds.length === 0 ? undefined : taxIds.map((taxId) => deps.checkVatNumber(taxId.value, taxId.type));
  // Built as literals, not by spreading a shared base that was itself built with a conditional
  // spread: on every calculation that cost about a quarter of its instructions (see Writable).
  const id = customer.id;
  if (id === undefined) {
    return taxIdChecks === undefined
      ? { type, taxIds, isTaxExempt: false }
      : { type, taxIds, taxIdChecks, isTaxExempt: false };
  }
  return deps.store.getCustomer(tenant, id).then((stored) => {
    if (stored === undefined) throw notFound('customer', id, ['customer', 'id']);
    const { id: customerId, isTaxExempt } = stored;
    return taxIdChecks === undefined
      ? { type, taxIds, customerId, isTaxExempt }
      : { type, taxIds, taxIdChecks, customerId, isTaxExempt };
  });
}
