import { z } from 'zod';
import type { CustomerInput } from '../operations/customers.ts';
import { type FieldMap, fieldMap } from './field-map.ts';
import { parseBody } from './parse-body.ts';
import { REFERENCE_ID_MAX_LENGTH } from './request-bounds.ts';
import { taxRule } from './tax-rule.ts';

/** One @, something on both sides, a dot in the domain, no spaces: what mail servers need. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Body of POST /tax/customers (docs/interface.md §4.9). */
export const customerRequestSchema = z.strictObject({
  email: z
    .string()
    .refine((value) => value.length <= 254, taxRule('INVALID_EMAIL', 'email must be at most 254 characters'))
    .refine((value) => EMAIL.test(value), taxRule('INVALID_EMAIL', 'email is not a valid email address')),
  name: z.string().max(500).optional(),
  is_tax_exempt: z.boolean().optional(),
  reference_customer_id: z.string().max(REFERENCE_ID_MAX_LENGTH).optional(),
});

export type CustomerRequest = z.input<typeof customerRequestSchema>;

/** A customer request as the engine's `createCustomer` takes it; throws the TaxError of the first problem. */
export function parseCustomerRequest(body: unknown): CustomerInput {
  const request = parseBody(customerRequestSchema, body);
  return {
    referenceCustomerId: request.reference_customer_id ?? '',
    name: request.name ?? '',
    email: request.email,
    isTaxExempt: request.is_tax_exempt ?? false,
  };
}

/** Where the customer operations' domain keys sit in a request (or, for a GET, the path parameter). */
export const customerFields: FieldMap = fieldMap({
  customerId: 'customer_id',
  referenceCustomerId: 'reference_customer_id',
  name: 'name',
  email: 'email',
  isTaxExempt: 'is_tax_exempt',
});
