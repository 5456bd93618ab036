import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculationRequestSchema } from '../../src/wire/calculation-request.ts';
import { fastParseCalculationRequest, parseCalculationRequest } from '../../src/wire/fast-calculation-request.ts';
import { parseBody } from '../../src/wire/parse-body.ts';
import { benchCart } from '../../bench/cart.mjs';

// Text of every kind: plain, any code point (lone surrogates included), and the edges of the
// schema's length bounds.
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ maxLength: 8, unit: 'binary' }),
  fc.constantFrom('', 'US', 'USD', 'usd', '😀', 'é', 'x'.repeat(20), 'x'.repeat(21), '\u0000', '\ud800'),
);

const address = fc
  .record(
    {
      address_line_1: text,
      address_line_2: text,
      address_city: text,
      address_province: fc.constantFrom('IN', 'CA', 'on', ''),
      address_postal_code: fc.constantFrom('46122', '94103', 'M5V 2T6', ''),
      address_country: fc.constantFrom('US', 'CA', 'DE', 'usa'),
      address_type: fc.constantFrom('shipping', 'billing'),
    },
    { requiredKeys: ['address_country'] },
  )
  .chain((fields) => shuffled(fields));

const lineItem = fc
  .record(
    {
      reference_line_item_id: text,
      reference_product_id: fc.constantFrom('p1', 'prod_42', '😀'),
      product_category: fc.constantFrom('GENERAL_MERCHANDISE', 'CLOTHING', 'FOOD_AND_BEVERAGE'),
      fallback_product_category: fc.constantFrom('GENERAL_MERCHANDISE', 'SAAS'),
      amount: fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER)),
      quantity: fc.integer({ min: 1, max: 1_000 }),
    },
    { requiredKeys: ['amount', 'quantity'] },
  )
  .chain((fields) => shuffled(fields));

/** Bodies of the common shape that zod accepts (apart from what the currency list decides later). */
const validBody = fc
  .record(
    {
      customer: fc
        .record(
          {
            id: fc.constantFrom('cust_1', 'ref-7', '😀'),
            address,
            type: fc.constantFrom('CONSUMER', 'BUSINESS'),
          },
          { requiredKeys: [] },
        )
        .chain((fields) => shuffled(fields)),
      origin_address: address,
      order_details: fc
        .record(
          {
            customer_currency_code: fc.constantFrom('USD', 'EUR', 'usd', '€€€'),
            tax_included_in_amount: fc.boolean(),
            automatic_tax: fc.constantFrom('auto', 'disabled'),
            line_items: fc.array(lineItem, { minLength: 1, maxLength: 4 }),
          },
          { requiredKeys: ['customer_currency_code', 'tax_included_in_amount', 'line_items'] },
        )
        .chain((fields) => shuffled(fields)),
      metadata: fc.dictionary(fc.constantFrom('order', 'note', 'x'), fc.jsonValue({ maxDepth: 2 })),
      tax_date: fc.oneof(fc.nat(), fc.constant(1_800_000_000)),
    },
    { requiredKeys: ['customer', 'order_details'] },
  )
  .chain((fields) => shuffled(fields));

/** Values a mutation puts anywhere: wrong types, huge and odd numbers, edge-length strings. */
const anyValue = fc.oneof(
  fc.anything(),
  text,
  fc.constantFrom(
    undefined,
    null,
    -1,
    -0,
    0,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.MAX_SAFE_INTEGER + 1,
    1e308,
    'x'.repeat(256),
    'x'.repeat(501),
    [],
    {},
    [{}],
    true,
  ),
);

const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'extra', 'ip', 'tax_ids', 'amount', 'address_country', 'line_items'),
  fc.string({ maxLength: 6 }),
);

type Mutation =
  | { readonly kind: 'set'; readonly at: number; readonly key: number; readonly value: unknown }
  | { readonly kind: 'delete'; readonly at: number; readonly key: number }
  | { readonly kind: 'add'; readonly at: number; readonly name: string; readonly value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), key: fc.nat(), value: anyValue }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), key: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), at: fc.nat(), name: extraKey, value: anyValue }),
);

/**
 * Currency codes whose length in UTF-16 units and in code points (what zod counts) differ:
 * '𐀀\u0000' is three units but two code points, 'x😀x' four units but three code points.
 */
const surrogateCurrency = fc.constantFrom('𐀀\u0000', '😀x', 'x😀x', '😀😀', '\ud800xy');

/**
 * Any body: a valid one with up to three mutations anywhere in it (extra, missing, mistyped
 * fields), and sometimes a currency code with a surrogate pair in it.
 */
const anyBody = fc
  .tuple(validBody, fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.option(surrogateCurrency))
  .map(([body, mutations, currency]) => {
    const copy = structuredClone(body) as Record<string, unknown>;
    if (currency !== null) (copy.order_details as Record<string, unknown>).customer_currency_code = currency;
    for (const change of mutations) mutate(copy, change);
    return copy;
  });

describe('the calculation request fast path', () => {
  it('parses every valid body of the common shape itself, exactly as zod does', () => {
    fc.assert(
      fc.property(validBody, (body) => {
        // The generator can make metadata too long; every other body it makes is valid.
        fc.pre(calculationRequestSchema.safeParse(body).success);
        const fast = fastParseCalculationRequest(body);
        expect(fast).toBeDefined();
        expectSameAsZod(body, fast);
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with zod on any body: the same result, or it gives up and zod decides', () => {
    let decided = 0;
    fc.assert(
      fc.property(anyBody, (body) => {
        const fast = fastParseCalculationRequest(body);
        if (fast !== undefined) decided += 1;
        expectSameAsZod(body, fast);
      }),
      { numRuns: 1_500 },
    );
    // Some mutations leave a valid body (an optional field removed): those are still parsed fast.
    expect(decided).toBeGreaterThan(0);
  });

  it('counts a currency code in code points, as zod does (a case CI found)', () => {
    const body = {
      customer: { address: { address_country: 'US' } },
      order_details: {
        customer_currency_code: '𐀀\u0000',
        tax_included_in_amount: false,
        line_items: [{ amount: 1, quantity: 1 }],
      },
    };
    expect(fastParseCalculationRequest(body)).toBeUndefined();
    expect(calculationRequestSchema.safeParse(body).success).toBe(false);
    const fourUnits = structuredClone(body);
    fourUnits.order_details.customer_currency_code = 'x😀x';
    expect(fastParseCalculationRequest(fourUnits)).toBeUndefined();
    expect(calculationRequestSchema.safeParse(fourUnits).success).toBe(true);
  });

  it('leaves zod to refuse, with zod’s error', () => {
    const body = benchCart(1) as { order_details: { line_items: Record<string, unknown>[] } };
    const bad = structuredClone(body);
    (bad.order_details.line_items[0] as Record<string, unknown>).quantity = 0;
    expect(fastParseCalculationRequest(bad)).toBeUndefined();
    expect(() => parseCalculationRequest(bad)).toThrow(
      expect.objectContaining({ type: 'POSITIVE_NUMBER_REQUIRED' }) as unknown as Error,
    );
    let zodError: unknown;
    try {
      parseBody(calculationRequestSchema, bad);
    } catch (error) {
      zodError = error;
    }
    expect(() => parseCalculationRequest(bad)).toThrow((zodError as Error).message);
  });

  it('gives up on an own "__proto__" key and on objects that are not plain', () => {
    const withProto = JSON.parse(
      '{"customer":{"address":{"address_country":"DE"},"__proto__":{}},"order_details":{"customer_currency_code":"EUR","tax_included_in_amount":false,"line_items":[{"amount":1,"quantity":1}]}}',
    ) as unknown;
    expect(fastParseCalculationRequest(withProto)).toBeUndefined();
    expect(calculationRequestSchema.safeParse(withProto).success).toBe(false);
    class Body {
      customer = { address: { address_country: 'DE' } };
      order_details = {
        customer_currency_code: 'EUR',
        tax_included_in_amount: false,
        line_items: [{ amount: 1, quantity: 1 }],
      };
    }
    expect(fastParseCalculationRequest(new Body())).toBeUndefined();
    expect(parseCalculationRequest(new Body())).toEqual(calculationRequestSchema.parse(new Body()));
  });
});

/** `fast` is undefined, or zod accepts `body` and returns the same value: keys, order, values, identity of metadata. */
function expectSameAsZod(body: unknown, fast: unknown): void {
  if (fast === undefined) return;
  const zod = calculationRequestSchema.safeParse(body);
  expect(zod.success).toBe(true);
  expect(sameValue(fast, zod.data)).toBe(true);
  const input = body as { metadata?: unknown; customer?: unknown };
  const output = fast as { metadata?: unknown; customer?: unknown };
  // zod keeps metadata by reference (its custom check) and builds every other object afresh.
  expect(output.metadata === input.metadata).toBe(true);
  expect(output.customer === input.customer).toBe(false);
}

/** Deep equality that also holds key order and tells -0 from 0 (Object.is). */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length || keysA.some((key, index) => key !== keysB[index])) return false;
  return keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** `fields` as an object whose keys come in a random order (callers send them in any order). */
function shuffled<T extends object>(fields: T): fc.Arbitrary<T> {
  const entries = Object.entries(fields);
  return fc
    .shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length })
    .map((order) => Object.fromEntries(order) as T);
}

/** Every object and array in `value`, parents first. */
function containers(value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (typeof value !== 'object' || value === null) return found;
  found.push(value as Record<string, unknown>);
  for (const entry of Object.values(value)) containers(entry, found);
  return found;
}

function mutate(body: Record<string, unknown>, change: Mutation): void {
  // A copy: the generators hand out the same constant objects ({}, [], [{}]) run after run, and
  // a body that changed one of them would change every later body, until one held itself.
  const value = change.kind === 'delete' ? undefined : structuredClone(change.value);
  const all = containers(body);
  const target = all[change.at % all.length] as Record<string, unknown>;
  const keys = Object.keys(target);
  if (change.kind === 'add') {
    // JSON.parse never gives an array a named property (and "length" cannot be redefined), so
    // additions go to objects only.
    if (Array.isArray(target)) return;
    // An own property even for "__proto__", as JSON.parse makes it.
    Object.defineProperty(target, change.name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return;
  }
  if (keys.length === 0) return;
  const key = keys[change.key % keys.length] as string;
  if (change.kind === 'set') target[key] = value;
  else delete target[key];
}
