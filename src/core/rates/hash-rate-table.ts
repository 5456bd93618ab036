import { hashText } from './hash-text.ts';
import type { RateTable } from './rate-table.ts';

/**
 * The content id of a rate table: a hash of its JSON. Two tables with the same facts in the same
 * order get the same id, which is what makes re-importing a file a no-op and lets a snapshot
 * name exactly the tables it was compiled from.
 */
export function hashRateTable(table: RateTable): string {
  return hashText(JSON.stringify(table));
}
