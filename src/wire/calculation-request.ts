import { z } from 'zod';
import { addressSchema, metadata, minorAmount, unixSeconds } from './common-schemas.ts';
import { taxRule } from './tax-rule.ts';

export const ipSchema = z.strictObject({
  value: z.string(),
  resolution: z.enum(['strict', 'zero', 'approximate', 'best_effort']).optional(),
});

export const taxIdSchema = z.strictObject({
  type: z.string().min(1),
  value: z.string().min(1),
});

export const customerSchema = z.strictObject({
  /** A stored customer: taxkit's `cust_…` id or the caller's reference_customer_id. */
  id: z.string().min(1).optional(),
  address: addressSchema.optional(),
  ip: ipSchema.optional(),
  type: z.enum(['CONSUMER', 'BUSINESS']).optional(),
  tax_ids: z.array(taxIdSchema).max(20).optional(),
});

export const lineItemSchema = z.strictObject({
  reference_line_item_id: z.string().max(255).optional(),
  reference_product_id: z.string().min(1).max(255).optional(),
  product_category: z.string().min(1).optional(),
  fallback_product_category: z.string().min(1).optional(),
  amount: minorAmount('nonnegative'),
  quantity: z
    .number()
    .refine(
      (value) => value > 0 && Number.isSafeInteger(value),
      taxRule('POSITIVE_NUMBER_REQUIRED', 'must be a positive integer'),
    ),
});

export const orderDetailsSchema = z.strictObject({
  customer_currency_code: z.string().min(3).max(3),
  tax_included_in_amount: z.boolean(),
  automatic_tax: z.enum(['auto', 'disabled']).optional(),
  line_items: z
    .array(lineItemSchema)
    .refine(
      (items) => items.length > 0,
      taxRule('MISSING_FIELD', 'order_details.line_items needs at least one line item'),
    )
    .refine((items) => items.length <= 1000, taxRule('INVALID_VALUE', 'at most 1000 line items per calculation'))
    .meta({ minItems: 1, maxItems: 1000 }),
});

/** Body of POST /tax/calculations (docs/interface.md §2.3), every version; version gates live in the resource. */
export const calculationRequestSchema = z.strictObject({
  customer: customerSchema,
  origin_address: addressSchema.optional(),
  order_details: orderDetailsSchema,
  metadata: metadata.optional(),
  /** taxkit extension (docs/rates.md): the sale's date, Unix seconds; rates in force that day apply. */
  tax_date: unixSeconds.optional(),
});

export type CalculationRequest = z.input<typeof calculationRequestSchema>;
export type ParsedCalculationRequest = z.output<typeof calculationRequestSchema>;
export type WireLineItem = z.output<typeof lineItemSchema>;
