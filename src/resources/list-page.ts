import type { Page } from '../core/types.ts';
import { type ListedPage, loadPage } from '../operations/load-page.ts';
import type { ListOptions } from '../ports/store.ts';
import { parseListQuery } from '../wire/list-request.ts';

export type { ListedPage } from '../operations/load-page.ts';

/**
 * A list query (`cursor`, `limit` 1..100) parsed by the wire layer and served by the engine's
 * one list rule ({@link loadPage}); for the resources not yet split into parse and operation.
 */
export function listPage<T>(
  query: unknown,
  defaultLimit: number,
  load: (options: ListOptions) => Promise<Page<T>>,
  idOf: (item: T) => string,
): Promise<ListedPage<T>> {
  return loadPage(parseListQuery(query), defaultLimit, load, idOf);
}
