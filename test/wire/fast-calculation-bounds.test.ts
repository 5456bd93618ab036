import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TaxError } from '../../src/core/errors.ts';
import { calculationRequestSchema } from '../../src/wire/calculation-request.ts';
import { fastParseCalculationRequest, parseCalculationRequest } from '../../src/wire/fast-calculation-request.ts';
import { parseBody } from '../../src/wire/parse-body.ts';
import {
  ADDRESS_CITY_MAX_LENGTH,
  ADDRESS_COUNTRY_MAX_LENGTH,
  ADDRESS_LINE_MAX_LENGTH,
  ADDRESS_POSTAL_CODE_MAX_LENGTH,
  ADDRESS_PROVINCE_MAX_LENGTH,
  CURRENCY_CODE_LENGTH,
  LINE_QUANTITY_MIN,
  MAX_CALCULATION_LINE_ITEMS,
  METADATA_VALUE_LENGTH_LIMIT,
  REFERENCE_ID_MAX_LENGTH,
  UNIX_SECONDS_MIN,
} from '../../src/wire/request-bounds.ts';

/**
 * The fast path and zod read their limits from request-bounds.ts; this holds them to the same
 * answer at each limit, one below and one above, so a literal creeping back into either side
 * (or a bound changed on one side only) fails here. Strings are ASCII, where zod's code points
 * and the fast path's UTF-16 units agree: there the fast path must decide every valid body
 * itself, not merely give up.
 */

type Body = {
  customer: { address: Record<string, unknown> };
  origin_address?: Record<string, unknown>;
  order_details: {
    customer_currency_code: string;
    tax_included_in_amount: boolean;
    line_items: Record<string, unknown>[];
  };
  metadata?: Record<string, unknown>;
  tax_date?: number;
};

function baseBody(): Body {
  return {
    customer: { address: { address_country: 'US', address_postal_code: '46122' } },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: [{ amount: 1000, quantity: 1 }],
    },
  };
}

/** How far from a bound a generated length or number lands: below, at, above. */
const offset = fc.integer({ min: -2, max: 2 });
const letters = (length: number): string => 'x'.repeat(Math.max(0, length));

const addressBounds = [
  ['address_line_1', ADDRESS_LINE_MAX_LENGTH],
  ['address_line_2', ADDRESS_LINE_MAX_LENGTH],
  ['address_city', ADDRESS_CITY_MAX_LENGTH],
  ['address_province', ADDRESS_PROVINCE_MAX_LENGTH],
  ['address_postal_code', ADDRESS_POSTAL_CODE_MAX_LENGTH],
  ['address_country', ADDRESS_COUNTRY_MAX_LENGTH],
] as const;

/** Every change puts one field of the base body near one of its bounds. */
const nearBound: fc.Arbitrary<{ readonly label: string; readonly body: Body }> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...addressBounds), offset, fc.constantFrom('customer', 'origin'), fc.boolean())
    .map(([[field, max], delta, where, nearZero]) => {
      const body = baseBody();
      const address = where === 'customer' ? body.customer.address : { address_country: 'DE' };
      address[field] = letters(nearZero ? delta : max + delta);
      if (where === 'origin') body.origin_address = address;
      return { label: `${where}.${field}`, body };
    }),
  fc
    .tuple(fc.constantFrom('reference_line_item_id', 'reference_product_id'), offset, fc.boolean())
    .map(([field, delta, nearZero]) => {
      const body = baseBody();
      (body.order_details.line_items[0] as Record<string, unknown>)[field] = letters(
        nearZero ? delta : REFERENCE_ID_MAX_LENGTH + delta,
      );
      return { label: field, body };
    }),
  offset.map((delta) => {
    const body = baseBody();
    body.order_details.customer_currency_code = letters(CURRENCY_CODE_LENGTH + delta).toUpperCase();
    return { label: 'customer_currency_code', body };
  }),
  fc.tuple(offset, fc.boolean()).map(([delta, nearZero]) => {
    const body = baseBody();
    const count = Math.max(0, nearZero ? delta : MAX_CALCULATION_LINE_ITEMS + delta);
    body.order_details.line_items = Array.from({ length: count }, (_, index) => ({ amount: index, quantity: 1 }));
    return { label: `${count} line items`, body };
  }),
  fc.tuple(offset, fc.constantFrom('string', 'array')).map(([delta, kind]) => {
    const body = baseBody();
    // The limit is on the value's JSON text: a string counts bare, anything else as JSON.
    const length = METADATA_VALUE_LENGTH_LIMIT + delta;
    body.metadata = { order: kind === 'string' ? letters(length) : [letters(length - 4)] };
    return { label: `metadata ${kind}`, body };
  }),
  fc
    .tuple(
      fc.constantFrom(['amount', 0], ['quantity', LINE_QUANTITY_MIN], ['tax_date', UNIX_SECONDS_MIN]),
      fc.constantFrom('low', 'high'),
      fc.constantFrom(-1, 0, 1, 0.5),
    )
    .map(([[field, min], end, delta]) => {
      const body = baseBody();
      // Every number is also held to Number.isSafeInteger: its upper edge is the safe range's.
      const value = (end === 'low' ? min : Number.MAX_SAFE_INTEGER) + delta;
      if (field === 'tax_date') body.tax_date = value;
      else (body.order_details.line_items[0] as Record<string, unknown>)[field] = value;
      return { label: `${field} ${value}`, body };
    }),
);

describe('the calculation fast path and zod at every request bound', () => {
  it('accept the same bodies, with the same value, and refuse the same ones with the same error', () => {
    fc.assert(
      fc.property(nearBound, ({ label, body }) => {
        const zod = calculationRequestSchema.safeParse(body);
        const fast = fastParseCalculationRequest(body);
        expect(fast !== undefined, label).toBe(zod.success);
        if (zod.success) {
          expect(fast, label).toStrictEqual(zod.data);
          expect(parseCalculationRequest(body), label).toStrictEqual(zod.data);
          return;
        }
        const zodError = refusal(() => parseBody(calculationRequestSchema, body));
        const served = refusal(() => parseCalculationRequest(body));
        expect({ type: served.type, message: served.message }, label).toStrictEqual({
          type: zodError.type,
          message: zodError.message,
        });
      }),
      { numRuns: 400 },
    );
  });

  it('takes the bounds the schema advertises (the OpenAPI document reads them from zod)', () => {
    const lineItems = calculationRequestSchema.shape.order_details.shape.line_items.meta();
    expect(lineItems).toMatchObject({ maxItems: MAX_CALCULATION_LINE_ITEMS });
    const country = calculationRequestSchema.shape.customer.shape.address.unwrap().shape.address_country.meta();
    expect(country).toMatchObject({ maxLength: ADDRESS_COUNTRY_MAX_LENGTH });
  });
});

function refusal(parse: () => unknown): TaxError {
  try {
    parse();
  } catch (error) {
    if (error instanceof TaxError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}
