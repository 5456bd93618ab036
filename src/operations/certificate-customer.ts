import { keyedError } from '../core/errors.ts';
import type { Customer, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { PageRequest } from './load-page.ts';

/** Page size of the certificate and certificate-request lists when the request gives none. */
export const CERTIFICATE_PAGE_SIZE = 50;

/** Which certificates a list returns. */
export interface CertificateListRequest extends PageRequest {
  /** A customer's `cust_…` id or reference id; one that does not resolve lists nothing. */
  readonly customerId?: string | undefined;
  /** Whether `customerId` is taxkit's id or the caller's reference id; either when absent. */
  readonly customerIdType?: 'id' | 'reference' | undefined;
}

/** The stored customer a request names, by id or reference id; CUSTOMER_NOT_FOUND keyed `customerId`. */
export async function storedCustomer(deps: EngineDeps, tenant: Tenant, idOrReference: string): Promise<Customer> {
  const customer = await deps.store.getCustomer(tenant, idOrReference);
  if (customer === undefined) {
    throw keyedError(
      'CUSTOMER_NOT_FOUND',
      ['customerId'],
      `{field}: no customer "${idOrReference}" exists in this account and mode.`,
    );
  }
  return customer;
}

/** A list filter's customer as its `cust_…` id: undefined for no filter, null when it names no customer. */
export async function resolvedCustomerId(
  deps: EngineDeps,
  tenant: Tenant,
  request: CertificateListRequest,
): Promise<string | undefined | null> {
  const { customerId: idOrReference, customerIdType: kind } = request;
  if (idOrReference === undefined) return undefined;
  const customer = await deps.store.getCustomer(tenant, idOrReference);
  if (customer === undefined) return null;
  if (kind === 'id' && customer.id !== idOrReference) return null;
  if (kind === 'reference' && customer.referenceCustomerId !== idOrReference) return null;
  return customer.id;
}
