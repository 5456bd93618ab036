import { z } from 'zod';
import { loadDefaultProductTaxCodes } from '../defaults/load-default-product-tax-codes.ts';
import type { ManualSaleInput } from '../operations/record-manual-sale.ts';
import { addressFields } from './address-fields.ts';
import type { ApiVersion } from './api-version.ts';
import { checkCurrency } from './currencies.ts';
import { type FieldMap, fieldMap, listFields } from './field-map.ts';
import { parseBody } from './parse-body.ts';
import {
  ADDRESS_COUNTRY_MAX_LENGTH,
  ADDRESS_POSTAL_CODE_MAX_LENGTH,
  ADDRESS_PROVINCE_MAX_LENGTH,
  MAX_CALCULATION_LINE_ITEMS,
  isUnixSeconds,
  REFERENCE_ID_MAX_LENGTH,
} from './request-bounds.ts';
import { taxRule } from './tax-rule.ts';
import { toAddress } from './to-address.ts';

/** An amount in minor units: a whole number, 0 or more. */
const minorUnits = z
  .number()
  .refine(
    (value) => Number.isSafeInteger(value) && value >= 0,
    taxRule('INVALID_VALUE', 'must be a whole number of minor units, 0 or more'),
  );

/** When the sale was made: Unix seconds, or an ISO 8601 date-time with its offset ("2026-11-10T14:03:00Z"). */
const dateTime = z
  .union([z.number(), z.string()])
  .transform((value) => (typeof value === 'number' ? value : isoSeconds(value)))
  .refine(
    isUnixSeconds,
    taxRule(
      'INVALID_VALUE',
      'must be Unix seconds up to 253402300799, or an ISO 8601 date-time with a time zone up to the year 9999',
    ),
  );

function isoSeconds(text: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return Number.NaN;
  return Math.floor(Date.parse(text) / 1000);
}

/**
 * Body of POST /tax/manual_line_items: a sale made outside taxkit, recorded so reports and nexus
 * count it (a hosted-API route clients use to backfill orders). `sales` and `total_taxes` are
 * minor units of `currency_code`.
 */
export const manualLineItemsRequestSchema = z.strictObject({
  order_id: z.string().min(1).max(REFERENCE_ID_MAX_LENGTH),
  address_postal_code: z.string().max(ADDRESS_POSTAL_CODE_MAX_LENGTH).optional(),
  address_province: z.string().max(ADDRESS_PROVINCE_MAX_LENGTH).optional(),
  address_country: z.string().min(1).max(ADDRESS_COUNTRY_MAX_LENGTH),
  transaction_date_time: dateTime,
  currency_code: z.string().min(1),
  line_items: z
    .array(
      z.strictObject({
        line_item_id: z.string().min(1).max(REFERENCE_ID_MAX_LENGTH),
        sales: minorUnits,
        total_taxes: minorUnits,
        product_category: z
          .string()
          .refine(
            (value) => loadDefaultProductTaxCodes().read(value) !== undefined,
            taxRule(
              'INVALID_PRODUCT_CATEGORY',
              'is neither a known product category nor a Stripe, TaxJar or Avalara product tax code',
            ),
          ),
      }),
    )
    .min(1)
    .max(MAX_CALCULATION_LINE_ITEMS),
});

export type ManualLineItemsRequest = z.input<typeof manualLineItemsRequestSchema>;

export function parseManualLineItems(body: unknown, version: ApiVersion): ManualSaleInput {
  const request = parseBody(manualLineItemsRequestSchema, body);
  return {
    orderId: request.order_id,
    address: toAddress({
      address_country: request.address_country,
      address_province: request.address_province ?? '',
      address_postal_code: request.address_postal_code ?? '',
    }),
    processedAt: request.transaction_date_time,
    currency: checkCurrency(request.currency_code, version, 'currency_code'),
    lines: request.line_items.map((line) => ({
      lineItemId: line.line_item_id,
      salesMinor: line.sales,
      taxesMinor: line.total_taxes,
      category: line.product_category,
    })),
  };
}

const manualLineFields = fieldMap({
  referenceLineItemId: 'line_item_id',
  category: 'product_category',
  amountMinor: 'sales',
  taxesMinor: 'total_taxes',
});

/** The request fields of the operation's domain keys: the address's fields sit at the top. */
export const manualLineItemsFields: FieldMap = (key) => {
  const [head, second, ...rest] = key;
  if (head === 'customer' && second === 'address') return addressFields(rest);
  if (head === 'orderId') return 'order_id';
  return fieldMap({ lines: 'line_items' }, { lines: listFields(manualLineFields) })(key);
};
