import { isDeepStrictEqual } from 'node:util';
import type { CalculationRequest } from '../../src/wire/api-types.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactText,
  fromCompactCalculation,
  toCompactCalculation,
} from '../../adapters/shared/compact-calculation.ts';
import type { Address, Calculation, JurisdictionTax, TaxLine } from '../../src/core/types.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { benchCart } from '../../bench/cart.mjs';

// Plain text, any code point, and the characters JSON must escape (quotes, backslashes,
// controls, lone surrogates): the encoder writes strings by hand when they need no escaping.
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ maxLength: 12, unit: 'binary' }),
  fc.constantFrom('"', '\\', 'a\nb', '\u0000', '\u001f', '\ud800', 'x\udfffy', '😀', '\u2028', 'é'),
);
const json = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Calculation['metadata'][string]>;

const address: fc.Arbitrary<Address> = fc.record({
  line1: text,
  line2: text,
  city: text,
  province: text,
  postalCode: text,
  country: text,
});

const jurisdiction: fc.Arbitrary<JurisdictionTax> = fc.record({
  jurisdictionId: fc.constantFrom('US-CA', 'US-CA-075', 'DE'),
  name: fc.constantFrom('CALIFORNIA', 'SAN FRANCISCO', 'Germany'),
  rateType: fc.constantFrom('STATE SALES TAX', 'VAT'),
  authorityName: text,
  authorityType: fc.constantFrom('STATE', 'COUNTY', 'CITY', 'DISTRICT', ''),
  taxType: fc.constantFrom('SALES', 'USE', 'VAT', 'GST'),
  rate: fc.constantFrom('0.0725', '0.19', '0'),
  feeMinor: fc.constantFrom(0, 25),
  taxDue: fc.constantFrom('72.5', '0', '1234.5678'),
  taxMinor: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  note: fc.constantFrom('', 'State-level rate only.'),
});

const line: fc.Arbitrary<TaxLine> = fc.record({
  lineItemId: text,
  referenceLineItemId: text,
  referenceProductId: text,
  productName: fc.string({ maxLength: 12, unit: 'grapheme' }),
  productTaxCode: text,
  quantity: fc.integer({ min: 1, max: 1_000 }),
  amountExcludingTaxMinor: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  taxMinor: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  amountIncludingTaxMinor: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  jurisdictions: fc.array(jurisdiction, { maxLength: 4 }),
});

const calculation: fc.Arbitrary<Calculation> = fc.record(
  {
    id: text,
    kind: fc.constantFrom('standard', 'platform'),
    createdAt: fc.integer({ min: 0, max: 2 ** 40 }),
    expiresAt: fc.integer({ min: 0, max: 2 ** 40 }),
    currency: fc.constantFrom('USD', 'EUR'),
    taxIncluded: fc.boolean(),
    automaticTax: fc.constantFrom('auto', 'disabled'),
    customer: fc.record(
      {
        type: fc.constantFrom('CONSUMER', 'BUSINESS'),
        customerId: text,
        taxIds: fc.array(fc.record({ type: text, value: text }), { maxLength: 2 }),
        isTaxExempt: fc.boolean(),
      },
      { requiredKeys: ['type', 'taxIds', 'isTaxExempt'] },
    ),
    lines: fc.array(line, { maxLength: 5 }),
    totalTaxMinor: fc.integer(),
    totalExcludingTaxMinor: fc.integer(),
    totalIncludingTaxMinor: fc.integer(),
    location: fc.record(
      {
        address,
        status: fc.constantFrom('EXACT', 'POSTAL_FALLBACK_1', 'POSTAL_ONLY'),
        precision: fc.constantFrom('STREET', 'POSTAL', 'COUNTRY'),
        source: fc.constantFrom('address', 'ip'),
        // No precision: a zero answer that resolved nothing.
      },
      { requiredKeys: ['address', 'status', 'source'] },
    ),
    origin: address,
    metadata: fc.dictionary(fc.constantFrom('order', '__proto__', 'constructor', 'x'), json),
    rateSnapshot: text,
    platform: fc.record({
      merchantId: text,
      referenceMerchantId: text,
      roles: fc.array(text, { maxLength: 2 }),
      feeLines: fc.array(line, { maxLength: 2 }),
    }),
  },
  {
    requiredKeys: [
      'id',
      'kind',
      'createdAt',
      'expiresAt',
      'currency',
      'taxIncluded',
      'automaticTax',
      'customer',
      'lines',
      'totalTaxMinor',
      'totalExcludingTaxMinor',
      'totalIncludingTaxMinor',
      'location',
      'metadata',
      'rateSnapshot',
    ],
  },
) as fc.Arbitrary<Calculation>;

describe('compact calculations', () => {
  it('round-trip every calculation exactly, optional fields and odd metadata keys included', () => {
    fc.assert(
      fc.property(calculation, (original) => {
        const compact = toCompactCalculation(original);
        const expected = JSON.parse(JSON.stringify(original));
        // isDeepStrictEqual, not toStrictEqual: vitest's equality reads a "constructor" metadata
        // key as the object's constructor.
        expect(isDeepStrictEqual(fromCompactCalculation(compact), expected)).toBe(true);
        expect(isDeepStrictEqual(fromCompactCalculation(compactText(compact)), expected)).toBe(true);
        // Exactly the text JSON.stringify gives for the same layout, escapes included.
        expect(JSON.stringify(JSON.parse(compact.head))).toBe(compact.head);
        expect(JSON.stringify(JSON.parse(compact.templates))).toBe(compact.templates);
      }),
      { numRuns: 150 },
    );
  });

  it('keep a "__proto__" metadata key as an own property', () => {
    const metadata = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Calculation['metadata'];
    const decoded = fromCompactCalculation(toCompactCalculation({ ...exampleCalculation(), metadata } as Calculation));
    expect(Object.keys(decoded.metadata)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('hold a 3-line US calculation in well under 1,000 characters, under half its keyed JSON', async () => {
    const original = await engineCalculation();
    const compact = compactText(toCompactCalculation(original));
    expect(compact.length).toBeLessThan(1_000);
    expect(compact.length * 2).toBeLessThan(JSON.stringify(original).length);
    expect(fromCompactCalculation(compact)).toStrictEqual(original);
  });

  it('refuse a text of another format instead of misreading it', () => {
    expect(() => fromCompactCalculation('[2,1,"calc_1"]')).toThrow(/format 2/);
  });
});

let captured: Calculation | undefined;

/** The calculation the engine stores for the benchmark cart. */
async function engineCalculation(): Promise<Calculation> {
  const store = createMemoryStore();
  const engine = createTaxEngine({
    store: {
      ...store,
      insertCalculation: async (tenant, calculation) => {
        captured = calculation;
        await store.insertCalculation(tenant, calculation);
      },
    },
  });
  await engine.calculations.create(benchCart(3) as CalculationRequest);
  if (captured === undefined) throw new Error('no calculation stored');
  return captured;
}

function exampleCalculation(): Calculation {
  return fc.sample(calculation, { numRuns: 1, seed: 1 })[0] as Calculation;
}
