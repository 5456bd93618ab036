/**
 * The `last_product_id` / `last_customer_id` of a list page: the id of its last record, to be
 * sent back as the next `cursor`. An empty page echoes the cursor it was asked with, so a
 * caller who keeps the cursor to poll for newer records never falls back to the start; with
 * neither (nothing stored at all) it is `null`.
 */
export function lastIdOf<T>(items: readonly T[], idOf: (item: T) => string, cursor: string | undefined): string | null {
  const last = items.at(-1);
  if (last !== undefined) return idOf(last);
  return cursor ?? null;
}
