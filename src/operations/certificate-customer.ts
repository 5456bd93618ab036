import { keyedError } from '../core/errors.ts';
import type { Customer, Page, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { ListOptions } from '../ports/store.ts';
import { callTime } from './call-time.ts';
import { type ListedPage, loadPage, type PageRequest } from './load-page.ts';

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

/**
 * One page of a customer's certificates or requests (or everyone's when the list names no
 * customer), in id order, each as a view of its status on `now`; an unknown customer gives an
 * empty page. The list shape both certificate lists share.
 */
export async function listOfCustomer<T extends { readonly id: string }, V>(
  deps: EngineDeps,
  tenant: Tenant,
  request: CertificateListRequest,
  load: (options: ListOptions & { readonly customerId: string | undefined }) => Promise<Page<T>>,
  view: (record: T, now: number) => V,
): Promise<ListedPage<V>> {
  const now = callTime(deps, tenant).now;
  const customerId = await resolvedCustomerId(deps, tenant, request);
  if (customerId === null) return { items: [], hasMore: false, lastId: request.after ?? null };
  const page = await loadPage(
    request,
    CERTIFICATE_PAGE_SIZE,
    (options) => load({ ...options, customerId }),
    (record) => record.id,
  );
  return { ...page, items: page.items.map((record) => view(record, now)) };
}
