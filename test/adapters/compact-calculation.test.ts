import { isDeepStrictEqual } from 'node:util';
import type { CalculationRequest } from '../../src/wire/api-types.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactText,
  fromCompactCalculation,
  toCompactCalculation,
} from '../../adapters/sqlite/compact-calculation.ts';
import type { Calculation } from '../../src/core/types.ts';
import { calculation } from '../helpers/calculation-arbitrary.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { benchCart } from '../../bench/cart.mjs';
import { withoutNote } from '../helpers/records.ts';

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
    expect(original.note).toBeDefined();
    expect(fromCompactCalculation(compact)).toStrictEqual(withoutNote(original));
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
