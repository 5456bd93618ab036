import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Page } from '../core/types.ts';

/**
 * The page size of a long read of the ledger (a report, a nexus count): the longest a concurrent
 * calculation waits is about one page's read and aggregation. Measured on SQLite on the shared
 * 2-core machine, a page of 1,000 sales took 10–35 ms to read and add up (more under load); a
 * quarter of that keeps a calculation's wait well under 50 ms, and the turns between pages cost
 * about 1 % more time (bench/ledger-scale.mjs).
 */
export const LEDGER_SLICE = 250;

/**
 * Every record of a paged read, page after page, each page asked for after the last record of
 * the one before (`after`), until a page says there is no more. Between two pages it gives the
 * event loop a turn (`setImmediate`), so a read of a million records (a report, a nexus count)
 * never holds up a concurrent calculation for more than a page; and it holds one page at a time.
 */
export async function* pagedRecords<T extends { readonly id: string }>(
  read: (after: string | undefined) => Promise<Page<T>>,
): AsyncGenerator<T, void, undefined> {
  let after: string | undefined;
  for (;;) {
    // Pages in order: each continues after the last record of the one before.
    // eslint-disable-next-line no-await-in-loop
    const page = await read(after);
    yield* page.items;
    const last = page.items.at(-1);
    if (!page.hasMore || last === undefined) return;
    after = last.id;
    // eslint-disable-next-line no-await-in-loop
    await nextTurn();
  }
}

/** Visits every record of a paged read (see {@link pagedRecords}) as it comes. */
export async function eachPage<T extends { readonly id: string }>(
  read: (after: string | undefined) => Promise<Page<T>>,
  visit: (record: T) => void | Promise<void>,
): Promise<void> {
  for await (const record of pagedRecords(read)) {
    // eslint-disable-next-line no-await-in-loop
    await visit(record);
  }
}

/** Every record of a paged read (see {@link pagedRecords}), for reads whose records are all needed together. */
export async function allPages<T extends { readonly id: string }>(
  read: (after: string | undefined) => Promise<Page<T>>,
): Promise<T[]> {
  const all: T[] = [];
  for await (const record of pagedRecords(read)) all.push(record);
  return all;
}

/**
 * A paged read walked one record at a time without a promise per record: `current` is the
 * record under the cursor (`undefined` at the end), `advance()` moves past it, and `load()`
 * must be awaited whenever `needsLoad` says the page is spent (it reads the next page, after
 * giving the event loop a turn as {@link pagedRecords} does). For merging two reads in order.
 */
export interface PageCursor<T> {
  readonly current: T | undefined;
  readonly needsLoad: boolean;
  advance(): void;
  load(): Promise<void>;
}

export function pageCursor<T extends { readonly id: string }>(
  read: (after: string | undefined) => Promise<Page<T>>,
): PageCursor<T> {
  let items: readonly T[] = [];
  let index = 0;
  let more = true;
  let loaded = false;
  return {
    get current() {
      return items[index];
    },
    get needsLoad() {
      return more && index >= items.length;
    },
    advance() {
      index += 1;
    },
    async load() {
      const after = items.at(-1)?.id;
      if (loaded) await nextTurn();
      loaded = true;
      const page = await read(after);
      items = page.items;
      index = 0;
      more = page.hasMore && page.items.length > 0;
    },
  };
}
