import { z } from 'zod';
import type { Metadata } from '../core/types.ts';
import type { MerchantInput, MerchantPatch } from '../operations/merchants.ts';
import { addressFields } from './address-fields.ts';
import { type FieldMap, fieldMap } from './field-map.ts';
import { parseBody } from './parse-body.ts';
import { toAddress } from './to-address.ts';
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

/** A merchant create request as the engine's `createMerchant` takes it; throws the TaxError of the first problem. */
export function parseMerchantCreate(body: unknown): MerchantInput {
  const request = parseBody(merchantCreateSchema, body);
  return {
    referenceMerchantId: request.reference_merchant_id,
    name: request.name,
    email: request.email ?? '',
    defaultAddress: request.default_address === undefined ? undefined : toAddress(request.default_address),
    taxIds: request.tax_ids ?? [],
    metadata: (request.metadata ?? {}) as Metadata,
  };
}

/** A merchant update request as the engine's `updateMerchant` takes it: only the fields it sent. */
export function parseMerchantUpdate(body: unknown): MerchantPatch {
  const request = parseBody(merchantUpdateSchema, body);
  return {
    ...(request.reference_merchant_id === undefined ? {} : { referenceMerchantId: request.reference_merchant_id }),
    ...(request.name === undefined ? {} : { name: request.name }),
    ...(request.email === undefined ? {} : { email: request.email }),
    ...(request.default_address === undefined ? {} : { defaultAddress: toAddress(request.default_address) }),
    ...(request.tax_ids === undefined ? {} : { taxIds: request.tax_ids }),
    ...(request.metadata === undefined ? {} : { metadata: request.metadata as Metadata }),
  };
}

/** Where the merchant operations' domain keys sit in a request. */
export const merchantFields: FieldMap = fieldMap(
  {
    referenceMerchantId: 'reference_merchant_id',
    name: 'name',
    email: 'email',
    defaultAddress: 'default_address',
    taxIds: 'tax_ids',
    metadata: 'metadata',
  },
  { defaultAddress: addressFields },
);
