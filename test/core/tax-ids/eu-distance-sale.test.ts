import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideDistanceSale,
  type DistanceSaleCount,
  recordedDistanceSale,
} from '../../../src/core/tax-ids/eu-distance-sale.ts';

const THRESHOLD = 1_000_000; // EUR 10,000.00
const count = (overrides: Partial<DistanceSaleCount> = {}): DistanceSaleCount => ({
  sellerCountry: 'FR',
  thresholdMinor: THRESHOLD,
  previousYearMinor: 0,
  currentYearMinor: 0,
  countedAt: Date.UTC(2026, 10, 28) / 1000,
  ...overrides,
});
const cents = fc.integer({ min: 0, max: 3 * THRESHOLD });

describe('EU distance sales (Directive 2006/112/EC Art. 59c)', () => {
  it('around the crossing sale: origin while the year stays at or under EUR 10,000 with the sale, destination from the sale that exceeds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: THRESHOLD }), cents, cents, (previous, current, sale) => {
        const decided = decideDistanceSale(
          count({ previousYearMinor: previous, currentYearMinor: current }),
          'DE',
          sale,
        );
        expect(decided.place).toBe(current + sale > THRESHOLD ? 'destination' : 'origin');
        expect(decided.note).toMatch(
          decided.place === 'origin'
            ? /^EU distance sale at origin \(FR\): FR VAT/
            : /^EU distance sale at destination \(DE\): DE VAT/,
        );
      }),
    );
  });

  it('exactly EUR 10,000 does not exceed the threshold; one cent more does, with this sale named as the one', () => {
    expect(decideDistanceSale(count({ currentYearMinor: 990_000 }), 'DE', 10_000).place).toBe('origin');
    const crossing = decideDistanceSale(count({ currentYearMinor: 990_000 }), 'DE', 10_001);
    expect(crossing.place).toBe('destination');
    expect(crossing.note).toMatch(
      /this sale takes .* to EUR 10,000\.01 .*from this sale on \(Directive 2006\/112\/EC Art\. 59c\(2\)\)/,
    );
  });

  it('over the threshold last year, opted in, or registered for the OSS: destination whatever this year holds', () => {
    fc.assert(
      fc.property(cents, cents, (current, sale) => {
        expect(
          decideDistanceSale(count({ previousYearMinor: THRESHOLD + 1, currentYearMinor: current }), 'DE', sale).place,
        ).toBe('destination');
        expect(
          decideDistanceSale(count({ currentYearMinor: current, destinationBecause: 'optedIn' }), 'IT', sale).note,
        ).toMatch(/opted .*Art\. 59c\(3\)/);
        expect(
          decideDistanceSale(count({ currentYearMinor: current, destinationBecause: 'ossRegistered' }), 'IT', sale)
            .note,
        ).toMatch(/one-stop shop/);
      }),
    );
  });

  it('a sale in another currency is decided by the count alone, and the note says so', () => {
    const decided = decideDistanceSale(count({ currentYearMinor: 999_999 }), 'DE', undefined);
    expect(decided.place).toBe('origin');
    expect(decided.note).toMatch(/EUR 9,999\.99 before this sale, which is not in EUR and is not added/);
  });

  it('a stored note gives the decision back for replay, with whose VAT it was', () => {
    fc.assert(
      fc.property(cents, cents, fc.string(), (current, sale, rest) => {
        const decided = decideDistanceSale(count({ currentYearMinor: current }), 'DE', sale);
        expect(recordedDistanceSale(['', `${decided.note} ${rest}`])).toEqual({
          kind: 'recorded',
          place: decided.place,
          country: decided.place === 'origin' ? 'FR' : 'DE',
          note: decided.note,
        });
      }),
    );
    expect(recordedDistanceSale(['State-level rate only.'])).toBeUndefined();
  });
});
