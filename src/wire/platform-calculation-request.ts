import { z } from 'zod';
import { addressSchema, metadata, unixSeconds } from './common-schemas.ts';
import { customerSchema, lineItemSchema, orderDetailsSchema, taxIdSchema } from './calculation-request.ts';
import { taxRule } from './tax-rule.ts';

export const PLATFORM_ROLES = ['marketplace_provider', 'payment_processor', 'merchant_of_record'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

/** Body of POST /tax/platform/calculations (docs/interface.md §4.14). Amounts are per unit. */
export const platformCalculationRequestSchema = z.strictObject({
  customer: customerSchema,
  merchant: z.strictObject({
    /** `merch_…` id or reference_merchant_id. */
    merchant_id: z.string().min(1).max(255),
    type: z.enum(['BUSINESS', 'INDIVIDUAL']).optional(),
    /** Overrides the merchant's stored tax ids for this calculation. */
    tax_ids: z.array(taxIdSchema).max(20).optional(),
  }),
  /** Overrides the merchant's default address as the ship-from origin. */
  origin_address: addressSchema.optional(),
  order_details: orderDetailsSchema,
  /**
   * The platform's own fees to the merchant, taxed separately at the merchant's location. The
   * structure of order_details; the currency and tax inclusion default to the order's.
   */
  fee_details: orderDetailsSchema
    .extend({
      customer_currency_code: orderDetailsSchema.shape.customer_currency_code.optional(),
      tax_included_in_amount: orderDetailsSchema.shape.tax_included_in_amount.optional(),
      line_items: z.array(lineItemSchema).min(1).max(100),
    })
    .optional(),
  roles: z
    .array(z.enum(PLATFORM_ROLES))
    .refine((roles) => roles.length > 0, taxRule('MISSING_FIELD', 'roles needs at least one role'))
    .meta({ minItems: 1 }),
  metadata: metadata.optional(),
  /** taxkit extension (docs/rates.md): the sale's date, Unix seconds; rates in force that day apply. */
  tax_date: unixSeconds.optional(),
});

export type PlatformCalculationRequest = z.input<typeof platformCalculationRequestSchema>;
