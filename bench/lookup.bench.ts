/**
 * Rate lookup: taxkit's `lookupRates` against the `sales-tax` package's `getSalesTax`, side by
 * side in one run. Each bench iteration does BATCH lookups over the same fixed key mix, so
 * lookups/s = ops/s × BATCH (a single sub-microsecond call would be swamped by the harness).
 */
import salesTax from 'sales-tax';
import { afterAll, bench, describe } from 'vitest';
import { compileRateIndex } from '../src/core/rates/compile-rate-index.ts';
import { parseDay } from '../src/core/rates/day-number.ts';
import { lookupRates } from '../src/core/rates/lookup-rates.ts';
import { loadDefaultRateTables } from '../src/defaults/load-default-rate-tables.ts';

const BATCH = 1_000;
const index = compileRateIndex(loadDefaultRateTables());
const day = parseDay('2026-11-22');
const nsBoundary = parseDay('2025-04-01');
// Hits at state, province and country level, a ZIP key the embedded data lacks (a miss), and a
// lookup on the day Nova Scotia's rate changed.
const keys = ['US-CA', 'CA-QC', 'DE', 'US-CA-90002', 'US-IN', 'CA-ON', 'FR', 'US-TX'];
const pairs: [string, string | undefined][] = [
  ['US', 'CA'],
  ['CA', 'QC'],
  ['DE', undefined],
  ['US', 'IN'],
  ['CA', 'ON'],
  ['FR', undefined],
  ['US', 'TX'],
];

/** Every result feeds this, so no lookup can be optimised away; read once at the end. */
let sink = 0;

describe('rate lookup (× 1000 per op)', () => {
  bench('taxkit lookupRates, mixed keys', () => {
    for (let index_ = 0; index_ < BATCH; index_ += 1) {
      sink += lookupRates(index, keys[index_ & 7] as string, index_ & 1 ? day : nsBoundary)?.length ?? 0;
    }
  });

  bench("taxkit lookupRates('US-CA')", () => {
    for (let index_ = 0; index_ < BATCH; index_ += 1) sink += lookupRates(index, 'US-CA', day)?.length ?? 0;
  });

  bench("sales-tax getSalesTax('US','CA')", async () => {
    for (let index_ = 0; index_ < BATCH; index_ += 1) sink += (await salesTax.getSalesTax('US', 'CA')).rate;
  });

  bench('sales-tax getSalesTax, mixed keys', async () => {
    for (let index_ = 0; index_ < BATCH; index_ += 1) {
      const [country, state] = pairs[index_ % pairs.length] as [string, string | undefined];
      sink += (await salesTax.getSalesTax(country, state)).rate;
    }
  });
});

afterAll(() => {
  if (sink < 0) console.log(sink);
});
