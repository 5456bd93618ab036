// Rate lookup, for orientation: taxkit's `lookupRates` against the `sales-tax` package, both
// over a fixed key mix, 1,000 lookups per operation.
import salesTax from 'sales-tax';
import { compare } from '../harness/measure.mjs';

const BATCH = 1_000;
const dist = new URL('../../dist/src/core/rates/', import.meta.url);
const { compileRateIndex } = await import(new URL('compile-rate-index.js', dist).href);
const { parseDay } = await import(new URL('day-number.js', dist).href);
const { lookupRates } = await import(new URL('lookup-rates.js', dist).href);
const { loadDefaultRateTables } = await import(new URL('../../defaults/load-default-rate-tables.js', dist).href);

/** @param {{ rounds: number, ms: number }} settings */
export async function runLookup({ rounds, ms }) {
  const index = compileRateIndex(loadDefaultRateTables());
  const day = parseDay('2026-11-22');
  const keys = ['US-CA', 'CA-QC', 'DE', 'US-IN', 'CA-ON', 'FR', 'US-TX', 'US-NY'];
  const pairs = [
    ['US', 'CA'],
    ['CA', 'QC'],
    ['DE', undefined],
    ['US', 'IN'],
    ['CA', 'ON'],
    ['FR', undefined],
    ['US', 'TX'],
    ['US', 'NY'],
  ];
  let sink = 0;
  const result = await compare({
    subject: {
      label: 'taxkit lookupRates',
      units: BATCH,
      run: () => {
        for (let i = 0; i < BATCH; i += 1) sink += lookupRates(index, keys[i & 7], day)?.length ?? 0;
      },
    },
    floor: {
      label: 'sales-tax getSalesTax',
      units: BATCH,
      run: async () => {
        for (let i = 0; i < BATCH; i += 1) {
          const [country, state] = /** @type {[string, string | undefined]} */ (pairs[i & 7]);
          sink += (await salesTax.getSalesTax(country, state)).rate;
        }
      },
    },
    rounds,
    ms,
  });
  if (sink < 0) console.log(sink);
  return [
    {
      measure: 'rate lookup, mixed keys (orientation: ratio to the sales-tax package)',
      ...result,
      target: { ratio: 5 },
    },
  ];
}
