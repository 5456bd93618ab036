import { hashText } from './hash-text.ts';

/**
 * The id of the rate snapshot compiled from tables with these content ids, in this order. A
 * snapshot id is known without compiling anything, so `taxkit rates list` can name the one a
 * server will use.
 */
export function snapshotId(tableIds: readonly string[]): string {
  return hashText(tableIds.join('\n'));
}
