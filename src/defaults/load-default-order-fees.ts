import type { OrderFeeTable } from '../core/order-fees/order-fee-table.ts';
import { readDataFile } from './read-data-file.ts';

/** The embedded per-order fee files (docs/order-fees.md). */
export const DEFAULT_ORDER_FEE_FILES = ['order-fees/us-retail-delivery-fees.json'] as const;

let cached: readonly OrderFeeTable[] | undefined;

/** The embedded per-order fees (Colorado's and Minnesota's retail delivery fees), read once per process. */
export function loadDefaultOrderFees(): readonly OrderFeeTable[] {
  cached ??= Object.freeze(DEFAULT_ORDER_FEE_FILES.map((file) => readDataFile<OrderFeeTable>(file)));
  return cached;
}
