import type { Page } from '../../src/core/types.ts';
import { clampLedgerLimit, type LedgerQuery } from '../../src/ports/store.ts';
import { compareIds } from './compare-ids.ts';
import { copyRecord } from './copy-record.ts';

/**
 * One page of a ledger read (`LedgerQuery`) over `records`: those whose `timeOf` is in the
 * period, by time then id, after the cursor record (looked up with `find`, deleted or not; an
 * unknown cursor gives an empty page). The items are copies. The memory store sorts on every
 * read: it holds test suites' and development ledgers, not a year of a shop's sales.
 */
export function ledgerPage<T extends { readonly id: string }>(
  records: Iterable<T>,
  timeOf: (record: T) => number | undefined,
  query: LedgerQuery,
  find: (id: string) => T | undefined,
): Page<T> {
  const from = query.from ?? Number.NEGATIVE_INFINITY;
  const to = query.to ?? Number.POSITIVE_INFINITY;
  let cursor: { readonly time: number; readonly id: string } | undefined;
  if (query.after !== undefined) {
    const record = find(query.after);
    const time = record === undefined ? undefined : timeOf(record);
    if (time === undefined) return { items: [], hasMore: false };
    cursor = { time, id: query.after };
  }
  const inPeriod: { readonly time: number; readonly record: T }[] = [];
  for (const record of records) {
    const time = timeOf(record);
    if (time === undefined || time < from || time > to) continue;
    if (cursor !== undefined && (time < cursor.time || (time === cursor.time && compareIds(record.id, cursor.id) <= 0)))
      continue;
    inPeriod.push({ time, record });
  }
  inPeriod.sort((a, b) => a.time - b.time || compareIds(a.record.id, b.record.id));
  const limit = clampLedgerLimit(query.limit);
  return {
    items: inPeriod.slice(0, limit).map(({ record }) => copyRecord(record)),
    hasMore: inPeriod.length > limit,
  };
}
