import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createMemoryStore, DEFAULT_MAX_CALCULATIONS } from '../../adapters/memory/index.ts';
import type { Calculation } from '../../src/core/types.ts';
import { AT, makeCalculation, makeJurisdictionTax, makeTaxLine, TENANT } from '../helpers/records.ts';

/** A calculation created at `createdAt` (seconds) that expires `lifetime` seconds later. */
function quote(createdAt: number, lifetime = 86_400): Calculation {
  return makeCalculation({ createdAt, expiresAt: createdAt + lifetime });
}

describe('memory store bounds', () => {
  it('evicts the expired calculations first, then the oldest, when maxCalculations is passed', async () => {
    const store = createMemoryStore({ maxCalculations: 16 });
    const oldest = quote(1_000);
    const expiring = quote(1_001, 10);
    const others = Array.from({ length: 14 }, (_, index) => quote(1_002 + index));
    for (const calculation of [oldest, expiring, ...others]) await store.insertCalculation(TENANT, calculation);
    expect(store.stats().calculations).toBe(16);

    const newest = quote(2_000);
    await store.insertCalculation(TENANT, newest);
    // The one expired by 2 000 went first; then the oldest, to leave a sixteenth of room.
    expect(await store.getCalculation(TENANT, expiring.id)).toBeUndefined();
    expect(await store.getCalculation(TENANT, oldest.id)).toBeUndefined();
    for (const kept of [...others, newest]) expect((await store.getCalculation(TENANT, kept.id))?.id).toBe(kept.id);
    expect(store.stats().calculations).toBe(15);
  });

  it('keeps the calculations within maxCalculationBytes', async () => {
    const store = createMemoryStore({ maxCalculationBytes: 20_000 });
    for (let index = 0; index < 500; index += 1) await store.insertCalculation(TENANT, quote(AT / 1000 + index));
    const { calculations, calculationBytes } = store.stats();
    expect(calculationBytes).toBeLessThanOrEqual(20_000);
    expect(calculations).toBeGreaterThan(10);
    expect(calculations).toBeLessThan(500);
  });

  it('keeps the calculation just made even when it alone passes the byte bound', async () => {
    const store = createMemoryStore({ maxCalculationBytes: 100 });
    const first = quote(1_000);
    const second = quote(1_001);
    await store.insertCalculation(TENANT, first);
    await store.insertCalculation(TENANT, second);
    expect(await store.getCalculation(TENANT, first.id)).toBeUndefined();
    expect((await store.getCalculation(TENANT, second.id))?.id).toBe(second.id);
  });

  it('refuses bounds that are not positive whole numbers', () => {
    expect(() => createMemoryStore({ maxCalculations: 0 })).toThrow(TypeError);
    expect(() => createMemoryStore({ maxCalculationBytes: 1.5 })).toThrow(TypeError);
  });

  it('keeps the heap and its buffers under 1 KB per kept 3-line calculation, and bounded, over 200,000 calculations', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // The calculations' records are outside the heap, in buffers: counted with it.
    const settledHeap = () => {
      for (let pass = 0; pass < 3; pass += 1) gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    // Three lines as the engine makes them: a long note, ids of the engine's length.
    const template = makeCalculation({
      lines: ['l0', 'l1', 'l2'].map((referenceLineItemId, index) =>
        makeTaxLine({
          referenceLineItemId,
          referenceProductId: '',
          productName: '',
          amountExcludingTaxMinor: 1_999 + index * 1_000,
          jurisdictions: [
            makeJurisdictionTax({
              note: "State-level rate only: county, city and district taxes are not in taxkit's embedded data; import a local rate table for them.",
            }),
          ],
        }),
      ),
    });
    const store = createMemoryStore();
    const before = settledHeap();
    const uuid = 'cce7fd63-4934-4d77-b08f-6ec99642ebb2';
    for (let index = 0; index < 200_000; index += 1) {
      const stamp = 1_795_417_613_036 + index;
      await store.insertCalculation(TENANT, {
        ...template,
        id: `calc_${stamp}${uuid}`,
        lines: template.lines.map((line, lineIndex) => ({ ...line, lineItemId: `li_${stamp}${lineIndex}${uuid}` })),
        createdAt: Math.floor(stamp / 1000),
        expiresAt: Math.floor(stamp / 1000) + 86_400,
      });
    }
    const grown = settledHeap() - before;
    const kept = store.stats().calculations;
    expect(kept).toBeLessThanOrEqual(DEFAULT_MAX_CALCULATIONS);
    expect(kept).toBeGreaterThan(DEFAULT_MAX_CALCULATIONS * 0.9);
    // The documented bound: about 1 KB per kept calculation of this size, 100 MB at the default.
    expect(grown / kept).toBeLessThan(1_024);
    expect(grown).toBeLessThan(DEFAULT_MAX_CALCULATIONS * 1_024);
    await store.close();
  }, 60_000);
});
