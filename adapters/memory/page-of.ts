import { copyRecord } from './copy-record.ts';
import type { ListOptions } from '../../src/ports/store.ts';
import type { Page } from '../../src/core/types.ts';
import { compareIds } from './compare-ids.ts';

/** The port's page size bounds: a limit outside them is clamped, not refused. */
const MIN_LIMIT = 1;
const MAX_LIMIT = 100;

/**
 * Cuts one page out of `records`, ordered by `idOf` in byte order, starting after the
 * exclusive `options.after` cursor. The items are copies.
 */
export function pageOf<T>(records: Iterable<T>, idOf: (record: T) => string, options: ListOptions): Page<T> {
  const sorted = [...records].toSorted((a, b) => compareIds(idOf(a), idOf(b)));
  const { after } = options;
  const first = after === undefined ? 0 : sorted.findIndex((record) => compareIds(idOf(record), after) > 0);
  const start = first === -1 ? sorted.length : first;
  const end = start + clampLimit(options.limit);
  return {
    items: sorted.slice(start, end).map((record) => copyRecord(record)),
    hasMore: end < sorted.length,
  };
}

/** 1..100; NaN counts as the smallest page rather than an error. */
export function clampLimit(limit: number): number {
  const whole = Math.trunc(limit);
  if (!(whole >= MIN_LIMIT)) return MIN_LIMIT;
  return Math.min(whole, MAX_LIMIT);
}
