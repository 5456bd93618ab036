import { TaxError } from '../core/errors.ts';
import type { Metadata } from '../core/types.ts';
import type { PlatformCalculationInput } from '../operations/platform-calculations.ts';
import type { ApiVersion } from './api-version.ts';
import { addressFields } from './address-fields.ts';
import { calculationFields, lineItemFields, toCustomerInput, toLineItems } from './calculation-input.ts';
import { type FieldMap, fieldMap, listFields } from './field-map.ts';
import { parseBody } from './parse-body.ts';
import { platformCalculationRequestSchema } from './platform-calculation-request.ts';
import { toAddress } from './to-address.ts';
import { applyCalculationVersionRules } from './version-rules.ts';

/**
 * The body of POST /tax/platform/calculations (2026-01-01+) as the engine operation's input:
 * validated, the version's rules applied, wire names turned into domain ones. Line amounts
 * stay unit prices; the operation multiplies by the quantity.
 */
export function parsePlatformCalculationInput(
  body: unknown,
  call: { readonly version: ApiVersion; readonly taxDate: number | undefined },
): PlatformCalculationInput {
  const request = parseBody(platformCalculationRequestSchema, body);
  const currency = applyCalculationVersionRules(request, call.version);
  const taxDate = request.tax_date ?? call.taxDate;
  const fees = request.fee_details;
  if (fees !== undefined) checkFeeCurrency(fees.customer_currency_code, currency);
  const taxIncluded = request.order_details.tax_included_in_amount;
  return {
    customer: toCustomerInput(request.customer, call.version),
    ...(request.origin_address === undefined ? {} : { originAddress: toAddress(request.origin_address) }),
    currency,
    taxIncluded,
    automaticTax: request.order_details.automatic_tax ?? 'auto',
    lines: toLineItems(request.order_details.line_items),
    metadata: (request.metadata ?? {}) as Metadata,
    ...(taxDate === undefined ? {} : { taxDate }),
    merchant: {
      id: request.merchant.merchant_id,
      consumer: request.merchant.type === 'INDIVIDUAL',
      ...(request.merchant.tax_ids === undefined ? {} : { taxIds: request.merchant.tax_ids }),
    },
    roles: request.roles,
    ...(fees === undefined
      ? {}
      : {
          fees: {
            // fee_details has the structure of order_details; what it leaves out is the order's.
            taxIncluded: fees.tax_included_in_amount ?? taxIncluded,
            automaticTax: fees.automatic_tax ?? 'auto',
            lines: toLineItems(fees.line_items),
          },
        }),
  };
}

/**
 * The currency of the fees: the order's. `fee_details.customer_currency_code` may repeat it,
 * but one calculation has one currency.
 */
function checkFeeCurrency(given: string | undefined, orderCurrency: string): void {
  if (given === undefined || given.toUpperCase() === orderCurrency) return;
  throw new TaxError(
    'INVALID_CURRENCY',
    `fee_details.customer_currency_code "${given}" differs from order_details.customer_currency_code "${orderCurrency}"; a platform calculation has one currency.`,
    { details: { field: 'fee_details.customer_currency_code' } },
  );
}

/** The keys only a platform calculation has: its merchant (and that merchant's stored address) and its fees. */
const platformOnlyFields: FieldMap = fieldMap(
  { merchant: 'merchant', merchantAddress: 'merchant.default_address', feeLines: 'fee_details.line_items' },
  {
    merchant: fieldMap({ id: 'merchant_id', consumer: 'type', taxIds: 'tax_ids' }),
    merchantAddress: addressFields,
    feeLines: listFields(lineItemFields),
  },
);

/** Where the platform calculation operation's domain keys sit in its request. */
export const platformCalculationFields: FieldMap = (key) => platformOnlyFields(key) ?? calculationFields(key);
