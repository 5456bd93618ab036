/**
 * Statements built once with drizzle's query builder and run many times through node-postgres
 * as named prepared statements: drizzle writes the SQL from `schema.ts` (so a renamed column
 * does not compile), node-postgres parses each one once per connection.
 *
 * @module
 */
import {
  and,
  eq,
  getTableColumns,
  getTableName,
  is,
  Param,
  Placeholder,
  sql,
  type InferInsertModel,
} from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';

/** A statement ready to run: its SQL and the placeholder name of each `$n`, in order. */
export interface Statement {
  /** The prepared statement's name on every connection. */
  readonly name: string;
  readonly text: string;
  /** Per `$n`: the placeholder's name, or a literal the query builder put there (`limit(1)`). */
  readonly parameters: readonly (string | { readonly literal: unknown })[];
}

/** The values of a statement's placeholders, by name. */
export type Values = Readonly<Record<string, unknown>>;

/**
 * The parameters of one row's INSERT: every column of the table but the `seq` PostgreSQL
 * assigns, none optional, so a row builder that forgets a column does not compile. Key columns
 * take the UTF-8 bytes of the text (`keyOf`); money totals may be bigints.
 */
export type RowOf<T extends PgTable> = {
  readonly [K in Exclude<keyof InferInsertModel<T>, 'seq'>]-?: Buffer | string | number | bigint | null;
};

/**
 * Compiles a drizzle query whose values are all `sql.placeholder(name)`s. The placeholder
 * values are bound as given: key columns get `Buffer`s from the caller, not strings.
 */
export function compile(name: string, query: { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql: text, params } = query.toSQL();
  const parameters = params.map((param) => {
    const value = is(param, Param) ? param.value : param;
    return is(value, Placeholder) ? value.name : { literal: value };
  });
  return { name: `taxkit_${name}`, text, parameters };
}

/** The `values` array of `statement` for `values`; a missing placeholder is a bug, so it throws. */
export function bind(statement: Statement, values: Values): unknown[] {
  return statement.parameters.map((name) => {
    if (typeof name !== 'string') return name.literal;
    const value = values[name];
    if (value === undefined) throw new Error(`Statement ${statement.name} needs a value for ${name}.`);
    return value;
  });
}

/** `account_id = :accountId AND mode = :mode`, the first condition of every query. */
export function tenantIs(table: { readonly accountId: PgColumn; readonly mode: PgColumn }) {
  return and(eq(table.accountId, sql.placeholder('accountId')), eq(table.mode, sql.placeholder('mode')));
}

/** An INSERT of every column of `table` (but `seq`), each bound to the placeholder of the same name. */
export function insertAll<T extends PgTable>(db: NodePgDatabase, table: T) {
  const names = Object.keys(getTableColumns(table)).filter((name) => name !== 'seq');
  const values = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)]));
  // Every value is a placeholder, which drizzle's value type cannot express per column.
  return db.insert(table).values(values as PgInsertValue<T>);
}

/** A placeholder usable in `update().set()`, whose types accept SQL but not a bare placeholder. */
export function bound(name: string) {
  return sql`${sql.placeholder(name)}`;
}

/**
 * An INSERT of one row into `table` that happens only when no row of the tenant matches
 * `unlessColumn = :unlessValue` (`INSERT … SELECT … WHERE NOT EXISTS`): a check and a write in
 * one auto-committed statement, one round trip instead of four. Each value is cast to its
 * column's type, which a bare `SELECT $1` could not tell PostgreSQL.
 */
export function insertUnless<T extends PgTable>(name: string, table: T, unlessColumn: PgColumn): Statement {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key !== 'seq');
  const parameters = columns.map(([key]) => key);
  const unlessKey = columns.find(([, column]) => column === unlessColumn)?.[0];
  if (unlessKey === undefined) throw new Error(`Statement ${name}: the column is not one of the table's.`);
  const at = (key: string) => `$${parameters.indexOf(key) + 1}`;
  const table_ = `"${getTableName(table)}"`;
  const text =
    `insert into ${table_} (${columns.map(([, column]) => `"${column.name}"`).join(', ')}) ` +
    `select ${columns.map(([key, column]) => `${at(key)}::${column.getSQLType()}`).join(', ')} ` +
    `where not exists (select 1 from ${table_} where "account_id" = ${at('accountId')}::text ` +
    `and "mode" = ${at('mode')}::text and "${unlessColumn.name}" = ${at(unlessKey)}::${unlessColumn.getSQLType()})`;
  return { name: `taxkit_${name}`, text, parameters };
}

/**
 * {@link insertUnless} for many rows in one statement: each parameter is an array holding that
 * column's value for every row (`unnest`), a row goes in only when no row of its tenant already
 * has its `unlessColumn` value, and a row that would break a unique index is skipped instead of
 * failing the statement (`ON CONFLICT DO NOTHING`). It returns the tenant and `id` of each row
 * it inserted; a row not returned was skipped, and the caller learns why by writing it alone.
 * The existence check reads the state before the statement: rows of one call must not share
 * an `unlessColumn` value.
 */
export function insertManyUnless<T extends PgTable>(name: string, table: T, unlessColumn: PgColumn): Statement {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key !== 'seq');
  const table_ = `"${getTableName(table)}"`;
  const names = columns.map(([, column]) => `"${column.name}"`).join(', ');
  const text =
    `insert into ${table_} (${names}) select ${names} from unnest(` +
    `${columns.map(([, column], index) => `$${index + 1}::${column.getSQLType()}[]`).join(', ')}) as r(${names}) ` +
    `where not exists (select 1 from ${table_} t where t."account_id" = r."account_id" ` +
    `and t."mode" = r."mode" and t."${unlessColumn.name}" = r."${unlessColumn.name}") ` +
    'on conflict do nothing returning "account_id", "mode", "id"';
  return { name: `taxkit_${name}`, text, parameters: columns.map(([key]) => key) };
}
