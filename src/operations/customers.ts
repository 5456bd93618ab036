import { notFound } from '../core/not-found.ts';
import type { Customer, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { callTime } from './call-time.ts';
import { type ListedPage, loadPage, type PageRequest } from './load-page.ts';

/** Page size of the customer list: unstated by the hosted API; the products list's 50. */
export const CUSTOMER_PAGE_SIZE = 50;

/** What a new customer is made of, as the wire layer parses it from a request. */
export interface CustomerInput {
  readonly referenceCustomerId: string;
  readonly name: string;
  readonly email: string;
  readonly isTaxExempt: boolean;
}

/** Stores a new customer with a fresh `cust_…` id; DUPLICATE_CUSTOMER when the reference id is live. */
export async function createCustomer(deps: EngineDeps, tenant: Tenant, input: CustomerInput): Promise<Customer> {
  const { nowMs, now } = callTime(deps, tenant);
  const customer: Customer = {
    id: deps.ids.next('cust', nowMs),
    referenceCustomerId: input.referenceCustomerId,
    name: input.name,
    email: input.email,
    isTaxExempt: input.isTaxExempt,
    createdAt: now,
  };
  await deps.store.insertCustomer(tenant, customer);
  return customer;
}

/** The live customer with that id or reference id; 404 CUSTOMER_NOT_FOUND keyed `customerId`. */
export async function getCustomer(deps: EngineDeps, tenant: Tenant, idOrReference: string): Promise<Customer> {
  const customer = await deps.store.getCustomer(tenant, idOrReference);
  if (customer === undefined) throw customerNotFound(idOrReference);
  return customer;
}

/** One page of live customers in id order. */
export function listCustomers(deps: EngineDeps, tenant: Tenant, request: PageRequest): Promise<ListedPage<Customer>> {
  return loadPage(
    request,
    CUSTOMER_PAGE_SIZE,
    (options) => deps.store.listCustomers(tenant, options),
    (customer) => customer.id,
  );
}

/** Soft-deletes the customer (its reference id is free again) and returns it as deleted. */
export async function deleteCustomer(deps: EngineDeps, tenant: Tenant, idOrReference: string): Promise<Customer> {
  const deleted = await deps.store.deleteCustomer(tenant, idOrReference, callTime(deps, tenant).now);
  if (deleted === undefined) throw customerNotFound(idOrReference);
  return deleted;
}

function customerNotFound(idOrReference: string) {
  return notFound('customer', idOrReference, ['customerId']);
}
