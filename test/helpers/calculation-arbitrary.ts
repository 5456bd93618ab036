/**
 * Random calculations for round-trip property tests of the stores' stored forms: every field of
 * the record types, optional ones present or absent, text with every kind of character JSON
 * escapes or UTF-16 can hold (lone surrogates included), and metadata with awkward keys.
 */
import fc from 'fast-check';
import type { Address, Calculation, JurisdictionTax, TaxLine } from '../../src/core/types.ts';

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

export const calculation: fc.Arbitrary<Calculation> = fc.record(
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
        taxIdChecks: fc.array(
          fc.record(
            { value: text, plausible: fc.boolean(), country: text, reason: text },
            { requiredKeys: ['value', 'plausible'] },
          ),
          { maxLength: 2 },
        ),
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
    taxDate: fc.integer({ min: 0, max: 2 ** 40 }),
    rateKeys: fc.array(text, { maxLength: 3 }),
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
