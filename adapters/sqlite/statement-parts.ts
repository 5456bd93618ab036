import { and, eq, getTableColumns, sql, type InferInsertModel } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { SQLiteColumn, SQLiteInsertValue, SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * The parameters of one row's INSERT: every column of the table but the `seq` SQLite assigns,
 * none optional, so a row builder that forgets a column does not compile. Money totals may be
 * a `bigint`: a sum of safe amounts can pass 2^53, and the driver binds bigints exactly.
 */
export type RowOf<T extends SQLiteTable, I = InferInsertModel<T>> = {
  readonly [K in Exclude<keyof I, 'seq'>]-?: K extends `${string}Minor` ? number | bigint : I[K];
};

/** `account_id = :accountId AND mode = :mode`, the first condition of every query. */
export function tenantIs(table: { readonly accountId: SQLiteColumn; readonly mode: SQLiteColumn }) {
  return and(eq(table.accountId, sql.placeholder('accountId')), eq(table.mode, sql.placeholder('mode')));
}

/**
 * A prepared INSERT of every column of `table` (but `seq`), each bound to the placeholder of
 * the same name, so it runs with a {@link RowOf} object as its parameters.
 */
export function prepareInsert<T extends SQLiteTable>(db: BetterSQLite3Database, table: T) {
  const names = Object.keys(getTableColumns(table)).filter((name) => name !== 'seq');
  const values = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)]));
  // Every value is a placeholder, which drizzle's value type cannot express per column.
  return db
    .insert(table)
    .values(values as SQLiteInsertValue<T>)
    .prepare();
}

/**
 * A placeholder usable in `update().set()`, whose types accept values and SQL but not a bare
 * placeholder; wrapped in `sql`, it binds the same way.
 */
export function bound(name: string) {
  return sql`${sql.placeholder(name)}`;
}
