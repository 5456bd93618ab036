import type { Page } from '../core/types.ts';

/**
 * Visits every record of a paged read, page after page, each page asked for after the last
 * record of the one before (`after`), until a page says there is no more. Records are visited
 * as they come, so a caller that aggregates holds one page at a time.
 */
export async function eachPage<T extends { readonly id: string }>(
  read: (after: string | undefined) => Promise<Page<T>>,
  visit: (record: T) => void | Promise<void>,
): Promise<void> {
  let after: string | undefined;
  for (;;) {
    // Pages in order: each continues after the last record of the one before.
    // eslint-disable-next-line no-await-in-loop
    const page = await read(after);
    for (const record of page.items) {
      // eslint-disable-next-line no-await-in-loop
      await visit(record);
    }
    const last = page.items.at(-1);
    if (!page.hasMore || last === undefined) return;
    after = last.id;
  }
}

/** Every record of a paged read (see {@link eachPage}), for reads whose records are all needed together. */
export async function allPages<T extends { readonly id: string }>(
  read: (after: string | undefined) => Promise<Page<T>>,
): Promise<T[]> {
  const all: T[] = [];
  await eachPage(read, (record) => {
    all.push(record);
  });
  return all;
}
