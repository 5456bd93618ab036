import { TaxError } from '../core/errors.ts';
import type { Metadata } from '../core/types.ts';
import type { CalculationInput } from '../operations/calculations.ts';
import type { CustomerInput } from '../operations/resolve-customer-place.ts';
import type { LineItemInput } from '../operations/resolve-lines.ts';
import type { ApiVersion } from './api-version.ts';
import { addressFields } from './address-fields.ts';
import type { CalculationRequest, ParsedCalculationRequest, WireLineItem } from './calculation-request.ts';
import { parseCalculationRequest } from './fast-calculation-request.ts';
import { type FieldMap, fieldMap, listFields } from './field-map.ts';
import { refuseStoredReferences } from './refuse-stored-references.ts';
import { toAddress } from './to-address.ts';
import { applyCalculationVersionRules, customerIpAllowed } from './version-rules.ts';
import type { Writable } from '../core/writable.ts';

/** What a calculation call brings besides its body: the version, the key kind, a default tax date. */
export interface CalculationCall {
  readonly version: ApiVersion;
  /** A public key may not name stored records (see refuse-stored-references.ts). */
  readonly publicKey: boolean;
  /** The library option `CallContext.taxDate`; the request's `tax_date` wins. */
  readonly taxDate: number | undefined;
}

/**
 * The body of POST /tax/calculations as the engine operation's input: validated (fast path,
 * else zod), the version's rules applied (customer.ip from 2026-03-01, the version's
 * currencies), public-key limits checked, and wire names turned into domain ones.
 */
export function parseCalculationInput(body: CalculationRequest | unknown, call: CalculationCall): CalculationInput {
  const request = parseCalculationRequest(body);
  if (call.publicKey) refuseStoredReferences(request);
  const currency = applyCalculationVersionRules(request, call.version);
  const taxDate = request.tax_date ?? call.taxDate;
  const input: Writable<CalculationInput> = {
    customer: toCustomerInput(request.customer, call.version),
    currency,
    taxIncluded: request.order_details.tax_included_in_amount,
    automaticTax: request.order_details.automatic_tax ?? 'auto',
    lines: toLineItems(request.order_details.line_items),
    metadata: (request.metadata ?? {}) as Metadata,
  };
  // Optional keys are set only when present, by assignment (see Writable).
  if (request.origin_address !== undefined) input.originAddress = toAddress(request.origin_address);
  if (taxDate !== undefined) input.taxDate = taxDate;
  return input;
}

/**
 * A calculation's customer in domain terms. The request must locate the customer: an address,
 * or from 2026-03-01 an IP (the message names what this version accepts).
 */
export function toCustomerInput(customer: ParsedCalculationRequest['customer'], version: ApiVersion): CustomerInput {
  if (customer.address === undefined && customer.ip === undefined) {
    const alternative = customerIpAllowed(version) ? ' (or customer.ip)' : '';
    throw new TaxError('MISSING_FIELD', `Missing required field: customer.address${alternative}.`, {
      details: { field: 'customer.address' },
    });
  }
  const input: Writable<CustomerInput> = { type: customer.type ?? 'CONSUMER', taxIds: customer.tax_ids ?? [] };
  if (customer.id !== undefined) input.id = customer.id;
  if (customer.address !== undefined) input.address = toAddress(customer.address);
  if (customer.ip !== undefined) input.ip = { value: customer.ip.value, mode: customer.ip.resolution ?? 'strict' };
  if (customer.exemption !== undefined) input.certificates = customer.exemption;
  return input;
}

/** Wire line items in domain terms; `amountMinor` is whatever `amount` means for the operation. */
export function toLineItems(items: readonly WireLineItem[]): LineItemInput[] {
  return items.map((item) => {
    const line: Writable<LineItemInput> = {
      referenceLineItemId: item.reference_line_item_id ?? '',
      amountMinor: item.amount,
      quantity: item.quantity,
    };
    if (item.reference_product_id !== undefined) line.referenceProductId = item.reference_product_id;
    if (item.product_category !== undefined) line.category = item.product_category;
    if (item.fallback_product_category !== undefined) line.fallbackCategory = item.fallback_product_category;
    return line;
  });
}

/** Where a line item's domain keys sit in a wire line item. */
export const lineItemFields: FieldMap = fieldMap({
  referenceLineItemId: 'reference_line_item_id',
  referenceProductId: 'reference_product_id',
  category: 'product_category',
  fallbackCategory: 'fallback_product_category',
  amountMinor: 'amount',
  quantity: 'quantity',
});

/** Where a calculation customer's domain keys sit under `customer`. */
const customerFields: FieldMap = fieldMap(
  { id: 'id', address: 'address', ip: 'ip', type: 'type', taxIds: 'tax_ids', certificates: 'exemption' },
  { address: addressFields, ip: fieldMap({ value: 'value', mode: 'resolution' }) },
);

/** Where the calculation operation's domain keys sit in a request to POST /tax/calculations. */
export const calculationFields: FieldMap = fieldMap(
  {
    customer: 'customer',
    originAddress: 'origin_address',
    currency: 'order_details.customer_currency_code',
    taxIncluded: 'order_details.tax_included_in_amount',
    automaticTax: 'order_details.automatic_tax',
    lines: 'order_details.line_items',
    metadata: 'metadata',
    taxDate: 'tax_date',
    calculationId: 'id',
  },
  { customer: customerFields, originAddress: addressFields, lines: listFields(lineItemFields) },
);
