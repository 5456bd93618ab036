import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { createCustomer, deleteCustomer, getCustomer, listCustomers } from '../operations/customers.ts';
import { customerFields, type CustomerRequest, parseCustomerRequest } from '../wire/customer-request.ts';
import { withFields } from '../wire/field-map.ts';
import { type ListRequest, parseListQuery } from '../wire/list-request.ts';
import { serializeCustomer, serializeDeletedCustomer } from '../wire/serialize-customer.ts';
import { serializeCustomerList } from '../wire/serialize-lists.ts';
import { callScope } from './call-scope.ts';

export { CUSTOMER_PAGE_SIZE } from '../operations/customers.ts';

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
  // Each method: parse the wire body -> the engine operation on domain objects -> serialize.
  return {
    async create(body, context) {
      const { tenant } = callScope(deps, context);
      const input = parseCustomerRequest(body);
      const customer = await withFields(customerFields, () => createCustomer(deps, tenant, input));
      return serializeCustomer(customer);
    },

    async get(idOrReference, context) {
      const { tenant } = callScope(deps, context);
      const customer = await withFields(customerFields, () => getCustomer(deps, tenant, idOrReference));
      return serializeCustomer(customer);
    },

    async list(query, context) {
      const { tenant } = callScope(deps, context);
      const page = await listCustomers(deps, tenant, parseListQuery(query));
      return serializeCustomerList(page);
    },

    async delete(idOrReference, context) {
      const { tenant } = callScope(deps, context);
      const deleted = await withFields(customerFields, () => deleteCustomer(deps, tenant, idOrReference));
      return serializeDeletedCustomer(deleted);
    },
  };
}
