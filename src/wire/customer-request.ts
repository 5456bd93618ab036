import { z } from 'zod';
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
  reference_customer_id: z.string().max(255).optional(),
});

export type CustomerRequest = z.input<typeof customerRequestSchema>;
