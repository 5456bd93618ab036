import type { Page } from '../core/types.ts';
import type { ListOptions } from '../ports/store.ts';
import { lastIdOf } from '../wire/last-id.ts';
import { listRequestSchema } from '../wire/list-request.ts';
import { parseBody } from '../wire/parse-body.ts';

/** One page of a list operation, with the cursor for the next. */
export interface ListedPage<T> {
  readonly items: readonly T[];
  readonly hasMore: boolean;
  /** The next cursor: the last id of the page; on an empty page the request's cursor, else null. */
  readonly lastId: string | null;
}

/**
 * The one list rule of products, customers and merchants: `cursor` (exclusive, the previous
 * page's last id) and `limit` (1..100, default `defaultLimit`) from `query`, one page from
 * `load`, and its next cursor (see {@link lastIdOf}).
 */
export async function listPage<T>(
  query: unknown,
  defaultLimit: number,
  load: (options: ListOptions) => Promise<Page<T>>,
  idOf: (item: T) => string,
): Promise<ListedPage<T>> {
  const { cursor, limit } = parseBody(listRequestSchema, query ?? {});
  const after = cursor === '' ? undefined : cursor;
  const page = await load({ ...(after === undefined ? {} : { after }), limit: limit ?? defaultLimit });
  return { items: page.items, hasMore: page.hasMore, lastId: lastIdOf(page.items, idOf, after) };
}
