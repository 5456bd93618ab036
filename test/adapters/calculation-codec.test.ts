import { Buffer } from 'node:buffer';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCalculationCodec } from '../../adapters/shared/calculation-codec.ts';
import { fromCompactCalculation, toCompactCalculation } from '../../adapters/sqlite/compact-calculation.ts';
import type { Calculation } from '../../src/core/types.ts';
import { calculation } from '../helpers/calculation-arbitrary.ts';
import { makeCalculation, withoutNote } from '../helpers/records.ts';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine } from '../../src/engine.ts';
import type { CalculationRequest } from '../../src/wire/api-types.ts';
import { benchCart } from '../../bench/cart.mjs';

const codec = createCalculationCodec();

/**
 * Encodes `original` into a fresh buffer at an odd offset and decodes it again, by its
 * templates text and by the codec's number for it: both must give the same calculation.
 */
function roundTrip(original: Calculation): { decoded: Calculation; bytes: number; written: number } {
  const encoded = codec.encode(original);
  const buffer = Buffer.alloc(encoded.bytes + 16, 0xee);
  const written = codec.write(buffer, 3);
  const decoded = codec.decode(buffer, 3, encoded.templates);
  // isDeepStrictEqual: vitest's equality reads a "constructor" metadata key as the constructor.
  expect(isDeepStrictEqual(codec.decode(buffer, 3, encoded.templatesId), decoded)).toBe(true);
  return { decoded, bytes: encoded.bytes, written };
}

describe('the calculation codec', () => {
  it('round-trip every calculation exactly, as the compact JSON form does', () => {
    fc.assert(
      fc.property(calculation, (original) => {
        const { decoded, bytes, written } = roundTrip(original);
        // What JSON keeps of the record (metadata is caller JSON): the same object.
        const expected = JSON.parse(JSON.stringify(original));
        // isDeepStrictEqual, not toStrictEqual: vitest's equality reads a "constructor" metadata
        // key as the object's constructor.
        expect(isDeepStrictEqual(decoded, expected)).toBe(true);
        expect(isDeepStrictEqual(decoded, fromCompactCalculation(toCompactCalculation(original)))).toBe(true);
        // The size it announced is an upper bound of what it wrote.
        expect(written).toBeLessThanOrEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it('keep every number exactly, from the smallest to past 2^31, negatives and fractions too', () => {
    const base = fc.sample(calculation, { numRuns: 1, seed: 7 })[0] as Calculation;
    for (const value of [0, 1, 127, 128, 16_383, 16_384, 2 ** 31 - 1, 2 ** 31, 2 ** 40 + 1, Number.MAX_SAFE_INTEGER]) {
      for (const signed of [value, -value]) {
        const { decoded } = roundTrip({ ...base, totalTaxMinor: signed, createdAt: value });
        expect(decoded.totalTaxMinor).toBe(signed === 0 ? 0 : signed);
        expect(decoded.createdAt).toBe(value);
      }
    }
    for (const odd of [0.5, -1.25, 1e300, Number.MAX_SAFE_INTEGER + 2, Number.EPSILON]) {
      expect(roundTrip({ ...base, totalIncludingTaxMinor: odd }).decoded.totalIncludingTaxMinor).toBe(odd);
    }
  });

  it('keep text that is not ASCII unit for unit, lone surrogates included', () => {
    const base = fc.sample(calculation, { numRuns: 1, seed: 3 })[0] as Calculation;
    for (const city of ['Montréal', '\ud800', 'x\udfffy', '😀 Zürich', '\u0000\u00ff\u0100']) {
      const original = { ...base, location: { ...base.location, address: { ...base.location.address, city } } };
      expect(roundTrip(original).decoded.location.address.city).toBe(city);
    }
  });

  it('hold the benchmark cart in fewer bytes than its compact JSON head', async () => {
    let captured: Calculation | undefined;
    const store = createMemoryStore();
    const engine = createTaxEngine({
      store: {
        ...store,
        insertCalculation: (tenant, kept) => {
          captured = kept;
          return store.insertCalculation(tenant, kept);
        },
      },
    });
    await engine.calculations.create(benchCart(3) as CalculationRequest);
    if (captured === undefined) throw new Error('no calculation stored');
    // The store is handed the engine's calculation, note and all; the derived note is not kept.
    expect(captured.note).toBeDefined();
    const { decoded, bytes } = roundTrip(captured);
    expect(decoded).toStrictEqual(withoutNote(captured));
    expect(bytes).toBeLessThan(Buffer.byteLength(toCompactCalculation(captured).head, 'utf8'));
  });
});

describe("the calculation codec's shared templates", () => {
  const sample = (seed: number) => fc.sample(calculation, { numRuns: 1, seed })[0] as Calculation;

  it('number each distinct text once, whichever calculation brings it', () => {
    const own = createCalculationCodec();
    const first = own.encode(sample(11));
    const again = own.encode(sample(12));
    const repeated = own.encode(sample(11));
    expect(repeated.templatesId).toBe(first.templatesId);
    expect(own.templatesText(first.templatesId)).toBe(first.templates);
    expect(again.templates === first.templates).toBe(again.templatesId === first.templatesId);
  });

  it('stop numbering past their bound, and still decode a record by its text', () => {
    // '[]' takes the one number, so every text with a jurisdiction goes unnumbered.
    const full = createCalculationCodec({ maxSharedTemplates: 1 });
    const original = makeCalculation();
    const encoded = full.encode(original);
    expect(encoded.templates).not.toBe('[]');
    expect(encoded.templatesId).toBe(-1);
    expect(full.sharedTemplates).toBe(1);
    const buffer = Buffer.alloc(encoded.bytes);
    full.write(buffer, 0);
    expect(isDeepStrictEqual(full.decode(buffer, 0, encoded.templates), JSON.parse(JSON.stringify(original)))).toBe(
      true,
    );
  });

  it('refuse a record of another format instead of misreading it', () => {
    const encoded = codec.encode(sample(1));
    const buffer = Buffer.alloc(encoded.bytes);
    codec.write(buffer, 0);
    buffer[0] = 2;
    expect(() => codec.decode(buffer, 0, encoded.templates)).toThrow(/format 2/);
  });
});
