import type { Page } from '../core/types.ts';
import type { ListOptions } from '../ports/store.ts';

/** Which page a list operation is asked for: after the exclusive cursor `after`, at most `limit` records. */
export interface PageRequest {
  readonly after?: string | undefined;
  readonly limit?: number | undefined;
}

/** One page of a list operation, with the cursor for the next. */
export interface ListedPage<T> {
  readonly items: readonly T[];
  readonly hasMore: boolean;
  /** The next cursor: the last id of the page; on an empty page the request's cursor, else null. */
  readonly lastId: string | null;
}

/**
 * The one list rule of products, customers, merchants and refunds: one page from `load` after
 * the cursor, `defaultLimit` records unless the request says, and its next cursor. The next
 * cursor is the id of the page's last record; an empty page echoes the cursor it was asked
 * with, so a caller polling for newer records never falls back to the start; with neither
 * (nothing stored at all) it is `null`.
 */
export async function loadPage<T>(
  request: PageRequest,
  defaultLimit: number,
  load: (options: ListOptions) => Promise<Page<T>>,
  idOf: (item: T) => string,
): Promise<ListedPage<T>> {
  const after = request.after === '' ? undefined : request.after;
  const page = await load({ ...(after === undefined ? {} : { after }), limit: request.limit ?? defaultLimit });
  const last = page.items.at(-1);
  return { items: page.items, hasMore: page.hasMore, lastId: last === undefined ? (after ?? null) : idOf(last) };
}
