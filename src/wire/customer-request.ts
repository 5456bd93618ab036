import { z } from 'zod';

/** One @, something on both sides, a dot in the domain, no spaces: what mail servers need. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Body of POST /tax/customers (spec §4.9). */
export const customerRequestSchema = z.strictObject({
  email: z
    .string()
    .max(254, { message: 'INVALID_EMAIL: email must be at most 254 characters' })
    .refine((value) => EMAIL.test(value), { message: 'INVALID_EMAIL: email is not a valid email address' }),
  name: z.string().max(500, { message: 'INVALID_VALUE: must be at most 500 characters' }).optional(),
  is_tax_exempt: z.boolean().optional(),
  reference_customer_id: z.string().max(255, { message: 'INVALID_VALUE: must be at most 255 characters' }).optional(),
});

export type CustomerRequest = z.input<typeof customerRequestSchema>;
