import type { Customer } from '../core/types.ts';
import type { Customer as CustomerJson, DeletedCustomer } from './api-types.ts';

/** A customer as POST and GET /tax/customers return it (docs/interface.md §2.8). */
export function serializeCustomer(customer: Customer): CustomerJson {
  return {
    id: customer.id,
    object: 'tax.customer',
    reference_customer_id: customer.referenceCustomerId,
    name: customer.name,
    email: customer.email,
    is_tax_exempt: customer.isTaxExempt,
  };
}

/** The answer to DELETE /tax/customers/{id}. */
export function serializeDeletedCustomer(customer: Customer): DeletedCustomer {
  return { id: customer.id, object: 'tax.customer', deleted: true, deleted_at: customer.deletedAt ?? null };
}
