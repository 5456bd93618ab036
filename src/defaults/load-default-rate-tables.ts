import type { RateTable } from '../core/rates/rate-table.ts';
import { readDataFile } from './read-data-file.ts';

/** The rate tables taxkit ships (data/rates/): state-level US, Canada, national VAT/GST. */
export const DEFAULT_RATE_FILES = ['rates/vat-gst.json', 'rates/us-states.json', 'rates/ca-provinces.json'] as const;

let cached: readonly RateTable[] | undefined;

/** Loads the embedded rate tables (once per process; they are immutable). */
export function loadDefaultRateTables(): readonly RateTable[] {
  cached ??= Object.freeze(DEFAULT_RATE_FILES.map((file) => readDataFile<RateTable>(file)));
  return cached;
}
