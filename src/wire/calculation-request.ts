import { z } from 'zod';
import { productCategoryField } from './product-category-field.ts';
import { addressSchema, metadata, minorAmount, unixSeconds } from './common-schemas.ts';
import {
  CURRENCY_CODE_LENGTH,
  CUSTOMER_ID_MAX_LENGTH,
  IP_ADDRESS_MAX_LENGTH,
  LINE_QUANTITY_MIN,
  MAX_CALCULATION_LINE_ITEMS,
  PRODUCT_CATEGORY_MAX_LENGTH,
  REFERENCE_ID_MAX_LENGTH,
  TAX_ID_TYPE_MAX_LENGTH,
  TAX_ID_VALUE_MAX_LENGTH,
} from './request-bounds.ts';
import { taxRule } from './tax-rule.ts';

export const ipSchema = z.strictObject({
  value: z.string().max(IP_ADDRESS_MAX_LENGTH),
  resolution: z.enum(['strict', 'zero', 'approximate', 'best_effort']).optional(),
});

export const taxIdSchema = z.strictObject({
  type: z.string().min(1).max(TAX_ID_TYPE_MAX_LENGTH),
  value: z.string().min(1).max(TAX_ID_VALUE_MAX_LENGTH),
});

export const customerSchema = z.strictObject({
  /** A stored customer: taxkit's `cust_…` id or the caller's reference_customer_id. */
  id: z.string().min(1).max(CUSTOMER_ID_MAX_LENGTH).optional(),
  address: addressSchema.optional(),
  ip: ipSchema.optional(),
  type: z.enum(['CONSUMER', 'BUSINESS']).optional(),
  tax_ids: z.array(taxIdSchema).max(20).optional(),
  /**
   * taxkit extension (docs/exemptions.md): `none` sets the stored customer's exemption
   * certificates aside for this order (a purchase the certificate does not cover); `auto`,
   * the default, applies the one covering the place on the tax date.
   */
  exemption: z.enum(['auto', 'none']).optional(),
});

export const lineItemSchema = z.strictObject({
  reference_line_item_id: z.string().max(REFERENCE_ID_MAX_LENGTH).optional(),
  reference_product_id: z.string().min(1).max(REFERENCE_ID_MAX_LENGTH).optional(),
  product_category: productCategoryField(z.string().min(1).max(PRODUCT_CATEGORY_MAX_LENGTH)).optional(),
  fallback_product_category: productCategoryField(z.string().min(1).max(PRODUCT_CATEGORY_MAX_LENGTH)).optional(),
  amount: minorAmount('nonnegative'),
  quantity: z
    .number()
    .refine(
      (value) => Number.isSafeInteger(value) && value >= LINE_QUANTITY_MIN,
      taxRule('POSITIVE_NUMBER_REQUIRED', 'must be a positive integer'),
    ),
});

export const orderDetailsSchema = z.strictObject({
  customer_currency_code: z.string().min(CURRENCY_CODE_LENGTH).max(CURRENCY_CODE_LENGTH),
  tax_included_in_amount: z.boolean(),
  automatic_tax: z.enum(['auto', 'disabled']).optional(),
  line_items: z
    .array(lineItemSchema)
    .refine(
      (items) => items.length > 0,
      taxRule('MISSING_FIELD', 'order_details.line_items needs at least one line item'),
    )
    .refine(
      (items) => items.length <= MAX_CALCULATION_LINE_ITEMS,
      taxRule('INVALID_VALUE', `at most ${MAX_CALCULATION_LINE_ITEMS} line items per calculation`),
    )
    .meta({ minItems: 1, maxItems: MAX_CALCULATION_LINE_ITEMS }),
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
