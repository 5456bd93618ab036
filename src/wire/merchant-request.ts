import { z } from 'zod';
import { addressSchema, metadata, referenceId } from './common-schemas.ts';
import { taxIdSchema } from './calculation-request.ts';
import { taxRule } from './tax-rule.ts';

const merchantMetadata = metadata.refine(
  (value) => Object.keys(value).length <= 50,
  taxRule('METADATA_TOO_LONG', 'merchant metadata holds at most 50 keys'),
);
/** The same address check as zod's `.email()`, typed INVALID_EMAIL. */
const email = z
  .string()
  .refine((value) => z.email().safeParse(value).success, taxRule('INVALID_EMAIL', 'email is not a valid email address'))
  .meta({ format: 'email' });

/** Body of POST /tax/merchants (docs/interface.md §4.13). */
export const merchantCreateSchema = z.strictObject({
  reference_merchant_id: referenceId,
  name: z.string().min(1).max(255),
  email: email.optional(),
  default_address: addressSchema.optional(),
  tax_ids: z.array(taxIdSchema).max(20).optional(),
  metadata: merchantMetadata.optional(),
});

/** Body of POST /tax/merchants/{id}: every field optional; reference_merchant_id cannot change. */
export const merchantUpdateSchema = z.strictObject({
  reference_merchant_id: referenceId.optional(),
  name: z.string().min(1).max(255).optional(),
  email: email.optional(),
  default_address: addressSchema.optional(),
  tax_ids: z.array(taxIdSchema).max(20).optional(),
  metadata: merchantMetadata.optional(),
});

export type MerchantCreateRequest = z.input<typeof merchantCreateSchema>;
export type MerchantUpdateRequest = z.input<typeof merchantUpdateSchema>;
