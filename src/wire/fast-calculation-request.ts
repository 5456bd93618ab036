import type { ProductCategoryCode } from '../core/product-categories.ts';
import {
  type CalculationRequest,
  calculationRequestSchema,
  type ParsedCalculationRequest,
  type WireLineItem,
} from './calculation-request.ts';
import { isValidMetadata, type WireAddress } from './common-schemas.ts';
import { parseBody } from './parse-body.ts';
import {
  ADDRESS_CITY_MAX_LENGTH,
  ADDRESS_COUNTRY_MAX_LENGTH,
  ADDRESS_LINE_MAX_LENGTH,
  ADDRESS_POSTAL_CODE_MAX_LENGTH,
  ADDRESS_PROVINCE_MAX_LENGTH,
  CURRENCY_CODE_LENGTH,
  CUSTOMER_ID_MAX_LENGTH,
  LINE_QUANTITY_MIN,
  MAX_CALCULATION_LINE_ITEMS,
  PRODUCT_CATEGORY_MAX_LENGTH,
  REFERENCE_ID_MAX_LENGTH,
  isUnixSeconds,
} from './request-bounds.ts';

/**
 * The body of POST /tax/calculations, validated: {@link calculationRequestSchema} (zod) stays
 * the schema of record, but the common request shape is checked by hand first, which costs a
 * fraction of zod's walk. The hand check either returns exactly what zod's parse would return
 * (same values, same key order, fresh objects, `metadata` by reference as zod's custom check
 * keeps it) or gives up, and zod parses the body: so every refusal, and its message, is zod's.
 */
export function parseCalculationRequest(body: CalculationRequest | unknown): ParsedCalculationRequest {
  return fastParseCalculationRequest(body) ?? parseBody(calculationRequestSchema, body);
}

/**
 * The hand-written check of a calculation body: the parsed request when `body` is certainly
 * valid and of the common shape (customer by address, type or id; no `ip` or `tax_ids`), else
 * `undefined` (invalid, unusual, or not a plain object), and the caller asks zod.
 *
 * Anything unexpected gives up rather than decides: an unknown or inherited key, a key set to
 * `undefined`, a value of the wrong type or out of range. Exported for the property test that
 * holds it to zod's answers.
 */
export function fastParseCalculationRequest(body: unknown): ParsedCalculationRequest | undefined {
  if (!isPlainObject(body)) return undefined;
  let customer: ParsedCalculationRequest['customer'] | undefined;
  let originAddress: WireAddress | undefined;
  let orderDetails: ParsedCalculationRequest['order_details'] | undefined;
  let metadata: Record<string, unknown> | undefined;
  let taxDate: number | undefined;
  for (const key in body) {
    const value = body[key];
    if (key === 'customer') customer = fastCustomer(value);
    else if (key === 'order_details') orderDetails = fastOrderDetails(value);
    else if (key === 'origin_address') {
      originAddress = fastAddress(value);
      if (originAddress === undefined) return undefined;
    } else if (key === 'metadata') {
      if (!isValidMetadata(value)) return undefined;
      metadata = value;
    } else if (key === 'tax_date') {
      if (!isUnixSeconds(value)) return undefined;
      taxDate = value;
    } else return undefined;
  }
  if (customer === undefined || orderDetails === undefined) return undefined;
  // zod's output lists the schema's keys in the schema's order, leaving out the absent ones.
  const parsed: Record<string, unknown> = { customer };
  if (originAddress !== undefined) parsed.origin_address = originAddress;
  parsed.order_details = orderDetails;
  if (metadata !== undefined) parsed.metadata = metadata;
  if (taxDate !== undefined) parsed.tax_date = taxDate;
  return parsed as ParsedCalculationRequest;
}

/** An object zod walks as we do: own keys only (zod's `for…in` would also see inherited ones). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function fastCustomer(value: unknown): ParsedCalculationRequest['customer'] | undefined {
  if (!isPlainObject(value)) return undefined;
  let id: string | undefined;
  let address: WireAddress | undefined;
  let type: 'CONSUMER' | 'BUSINESS' | undefined;
  for (const key in value) {
    const entry = value[key];
    if (key === 'address') {
      address = fastAddress(entry);
      if (address === undefined) return undefined;
    } else if (key === 'id') {
      if (!isStringUpTo(entry, CUSTOMER_ID_MAX_LENGTH) || entry.length === 0) return undefined;
      id = entry;
    } else if (key === 'type') {
      if (entry !== 'CONSUMER' && entry !== 'BUSINESS') return undefined;
      type = entry;
    } else return undefined; // ip, tax_ids and unknown keys: zod decides
  }
  const customer: { id?: string; address?: WireAddress; type?: 'CONSUMER' | 'BUSINESS' } = {};
  if (id !== undefined) customer.id = id;
  if (address !== undefined) customer.address = address;
  if (type !== undefined) customer.type = type;
  return customer;
}

function fastAddress(value: unknown): WireAddress | undefined {
  if (!isPlainObject(value)) return undefined;
  let line1: string | undefined;
  let line2: string | undefined;
  let city: string | undefined;
  let province: string | undefined;
  let postalCode: string | undefined;
  let country: string | undefined;
  let type: 'shipping' | 'billing' | undefined;
  // The bounds are addressSchema's; address_country is a requiredString: at least one character.
  for (const key in value) {
    const entry = value[key];
    switch (key) {
      case 'address_line_1':
        if (!isStringUpTo(entry, ADDRESS_LINE_MAX_LENGTH)) return undefined;
        line1 = entry;
        break;
      case 'address_line_2':
        if (!isStringUpTo(entry, ADDRESS_LINE_MAX_LENGTH)) return undefined;
        line2 = entry;
        break;
      case 'address_city':
        if (!isStringUpTo(entry, ADDRESS_CITY_MAX_LENGTH)) return undefined;
        city = entry;
        break;
      case 'address_province':
        if (!isStringUpTo(entry, ADDRESS_PROVINCE_MAX_LENGTH)) return undefined;
        province = entry;
        break;
      case 'address_postal_code':
        if (!isStringUpTo(entry, ADDRESS_POSTAL_CODE_MAX_LENGTH)) return undefined;
        postalCode = entry;
        break;
      case 'address_country':
        if (!isStringUpTo(entry, ADDRESS_COUNTRY_MAX_LENGTH) || entry.length === 0) return undefined;
        country = entry;
        break;
      case 'address_type':
        if (entry !== 'shipping' && entry !== 'billing') return undefined;
        type = entry;
        break;
      default:
        return undefined;
    }
  }
  if (country === undefined) return undefined;
  const address: { -readonly [Key in keyof WireAddress]: WireAddress[Key] } = {} as WireAddress;
  if (line1 !== undefined) address.address_line_1 = line1;
  if (line2 !== undefined) address.address_line_2 = line2;
  if (city !== undefined) address.address_city = city;
  if (province !== undefined) address.address_province = province;
  if (postalCode !== undefined) address.address_postal_code = postalCode;
  address.address_country = country;
  if (type !== undefined) address.address_type = type;
  return address;
}

/**
 * zod counts code points; a string has no more code points than UTF-16 units, so at most `max`
 * units is always within zod's bound, and a longer string gives up and lets zod count.
 */
function isStringUpTo(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max;
}

/**
 * True when `value` is a string of {@link CURRENCY_CODE_LENGTH} UTF-16 units, none of them half
 * of a surrogate pair: then it is as many code points, which is what zod's `.min().max()` counts.
 * A string with a surrogate gives up instead, so three units that make two code points ("𐀀" plus
 * one) are left to zod.
 */
function isCurrencyCodeLength(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== CURRENCY_CODE_LENGTH) return false;
  for (let index = 0; index < CURRENCY_CODE_LENGTH; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdfff) return false;
  }
  return true;
}

function fastOrderDetails(value: unknown): ParsedCalculationRequest['order_details'] | undefined {
  if (!isPlainObject(value)) return undefined;
  let currency: string | undefined;
  let taxIncluded: boolean | undefined;
  let automaticTax: 'auto' | 'disabled' | undefined;
  let lineItems: WireLineItem[] | undefined;
  for (const key in value) {
    const entry = value[key];
    if (key === 'customer_currency_code') {
      if (!isCurrencyCodeLength(entry)) return undefined;
      currency = entry;
    } else if (key === 'tax_included_in_amount') {
      if (typeof entry !== 'boolean') return undefined;
      taxIncluded = entry;
    } else if (key === 'automatic_tax') {
      if (entry !== 'auto' && entry !== 'disabled') return undefined;
      automaticTax = entry;
    } else if (key === 'line_items') {
      lineItems = fastLineItems(entry);
      if (lineItems === undefined) return undefined;
    } else return undefined;
  }
  if (currency === undefined || taxIncluded === undefined || lineItems === undefined) return undefined;
  // automatic_tax sits between tax_included_in_amount and line_items in the schema's order.
  return automaticTax === undefined
    ? { customer_currency_code: currency, tax_included_in_amount: taxIncluded, line_items: lineItems }
    : {
        customer_currency_code: currency,
        tax_included_in_amount: taxIncluded,
        automatic_tax: automaticTax,
        line_items: lineItems,
      };
}

function fastLineItems(value: unknown): WireLineItem[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_CALCULATION_LINE_ITEMS) return undefined;
  const items: WireLineItem[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const item = fastLineItem(value[index]);
    if (item === undefined) return undefined;
    items.push(item);
  }
  return items;
}

function fastLineItem(value: unknown): WireLineItem | undefined {
  if (!isPlainObject(value)) return undefined;
  let referenceLineItemId: string | undefined;
  let referenceProductId: string | undefined;
  let category: string | undefined;
  let fallbackCategory: string | undefined;
  let amount: number | undefined;
  let quantity: number | undefined;
  // The bounds are lineItemSchema's.
  for (const key in value) {
    const entry = value[key];
    switch (key) {
      case 'reference_line_item_id':
        if (!isStringUpTo(entry, REFERENCE_ID_MAX_LENGTH)) return undefined;
        referenceLineItemId = entry;
        break;
      case 'reference_product_id':
        if (!isStringUpTo(entry, REFERENCE_ID_MAX_LENGTH) || entry.length === 0) return undefined;
        referenceProductId = entry;
        break;
      case 'product_category':
        if (!isStringUpTo(entry, PRODUCT_CATEGORY_MAX_LENGTH) || entry.length === 0) return undefined;
        category = entry;
        break;
      case 'fallback_product_category':
        if (!isStringUpTo(entry, PRODUCT_CATEGORY_MAX_LENGTH) || entry.length === 0) return undefined;
        fallbackCategory = entry;
        break;
      case 'amount':
        if (typeof entry !== 'number' || !Number.isSafeInteger(entry) || entry < 0) return undefined;
        amount = entry;
        break;
      case 'quantity':
        if (typeof entry !== 'number' || !Number.isSafeInteger(entry) || entry < LINE_QUANTITY_MIN) return undefined;
        quantity = entry;
        break;
      default:
        return undefined;
    }
  }
  if (amount === undefined || quantity === undefined) return undefined;
  const item: { -readonly [Key in keyof WireLineItem]: WireLineItem[Key] } = {} as WireLineItem;
  if (referenceLineItemId !== undefined) item.reference_line_item_id = referenceLineItemId;
  if (referenceProductId !== undefined) item.reference_product_id = referenceProductId;
  // Unchecked here, as the schema leaves it (product-category-field.ts): resolve-lines.ts decides.
  if (category !== undefined) item.product_category = category as ProductCategoryCode;
  if (fallbackCategory !== undefined) item.fallback_product_category = fallbackCategory as ProductCategoryCode;
  item.amount = amount;
  item.quantity = quantity;
  return item;
}
