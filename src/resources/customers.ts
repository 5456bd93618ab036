import type { TaxError } from '../core/errors.ts';
import { serializeCustomerList } from '../wire/serialize-lists.ts';
import { notFound } from '../core/not-found.ts';
import type { Customer } from '../core/types.ts';
import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { customerRequestSchema, type CustomerRequest } from '../wire/customer-request.ts';
import type { ListRequest } from '../wire/list-request.ts';
import { parseBody } from '../wire/parse-body.ts';
import { serializeCustomer, serializeDeletedCustomer } from '../wire/serialize-customer.ts';
import { callScope, callTime } from './call-scope.ts';
import { listPage } from './list-page.ts';

/** Page size of GET /tax/customers: unstated by the hosted API; the products list's 50. */
export const CUSTOMER_PAGE_SIZE = 50;

export interface CustomersResource {
  /**
   * POST /tax/customers (docs/interface.md §4.9). A calculation naming the customer (`customer.id`, either
   * id) gets zero tax when it is tax exempt.
   *
   * @example
   * const customer = await engine.customers.create({ email: 'buyer@example.com', is_tax_exempt: true, reference_customer_id: 'c-42' });
   * customer.id; // "cust_…"
   */
  create(request: CustomerRequest | unknown, context?: CallContext): Promise<Record<string, unknown>>;
  /** GET /tax/customers/{id}: by `cust_…` id or by reference_customer_id; 404 CUSTOMER_NOT_FOUND. */
  get(idOrReference: string, context?: CallContext): Promise<Record<string, unknown>>;
  /**
   * GET /tax/customers?cursor=: 50 a page (in process, `limit` 1..100 may change that) in id
   * byte order, after the exclusive cursor; deleted customers are left out. `last_customer_id`
   * is the next cursor: the last id of the page; on an empty page the request's cursor, or null
   * when there was none (nothing stored at all).
   */
  list(query?: ListRequest | unknown, context?: CallContext): Promise<Record<string, unknown>>;
  /** DELETE /tax/customers/{id}: soft delete; the reference_customer_id is free again. */
  delete(idOrReference: string, context?: CallContext): Promise<Record<string, unknown>>;
}

export function createCustomersResource(deps: EngineDeps): CustomersResource {
  return {
    async create(body, context) {
      const { tenant } = callScope(deps, context);
      const request = parseBody(customerRequestSchema, body);
      const { nowMs, now } = callTime(deps);
      const customer: Customer = {
        id: deps.ids.next('cust', nowMs),
        referenceCustomerId: request.reference_customer_id ?? '',
        name: request.name ?? '',
        email: request.email,
        isTaxExempt: request.is_tax_exempt ?? false,
        createdAt: now,
      };
      await deps.store.insertCustomer(tenant, customer);
      return serializeCustomer(customer);
    },

    async get(idOrReference, context) {
      const { tenant } = callScope(deps, context);
      const customer = await deps.store.getCustomer(tenant, idOrReference);
      if (customer === undefined) throw customerNotFound(idOrReference);
      return serializeCustomer(customer);
    },

    async list(query, context) {
      const { tenant } = callScope(deps, context);
      const page = await listPage(
        query,
        CUSTOMER_PAGE_SIZE,
        (options) => deps.store.listCustomers(tenant, options),
        (customer) => customer.id,
      );
      return serializeCustomerList(page);
    },

    async delete(idOrReference, context) {
      const { tenant } = callScope(deps, context);
      const deleted = await deps.store.deleteCustomer(tenant, idOrReference, callTime(deps).now);
      if (deleted === undefined) throw customerNotFound(idOrReference);
      return serializeDeletedCustomer(deleted);
    },
  };
}

function customerNotFound(idOrReference: string): TaxError {
  return notFound('customer', idOrReference, 'customer_id');
}
