import type { Page, Refund, Tenant, Transaction } from '../../src/core/types.ts';
import { clampLedgerLimit, type LedgerQuery, type TransactionQuery } from '../../src/ports/store.ts';
import type { PostgresRunner } from './create-postgres-runner.ts';
import { keyOf, recordsOf, tenantOf } from './record-rows.ts';
import type { Statement, Values } from './statement-parts.ts';

/** The filters of a transaction read: a condition on a parameter of the same name, and how its value is bound. */
const TRANSACTION_FILTERS = {
  kind: {
    condition: `CASE WHEN type = 'fee' THEN 'fee' WHEN merchant_id IS NULL THEN 'sale' ELSE 'platform_order' END = @kind`,
    bind: (value: string): unknown => value,
  },
  customerId: { condition: 'customer_id = @customerId', bind: keyOf },
  referenceOrderId: { condition: 'reference_order_id = @referenceOrderId', bind: keyOf },
} as const;

type Filter = keyof typeof TRANSACTION_FILTERS;

/**
 * The ledger's reads by period (`LedgerQuery`), as in the SQLite store: a tenant's
 * transactions by `processed_at`, refunds by `processed_at` and by `reversed_at`, each served
 * by its index on (account, mode, time, id); the page continues after the cursor row's (time,
 * id), and an id the table does not have gives no rows. One named statement per combination of
 * filters, made on first use (there are at most a few dozen).
 */
export function prepareLedgerReads(run: PostgresRunner) {
  const statements = new Map<string, Statement>();
  const statementOf = (text: string): Statement => {
    let statement = statements.get(text);
    if (statement === undefined) {
      const parameters: string[] = [];
      const numbered = text.replace(/@(\w+)/g, (_, name: string) => {
        const at = parameters.indexOf(name);
        if (at !== -1) return `$${at + 1}`;
        parameters.push(name);
        return `$${parameters.length}`;
      });
      statement = { name: `taxkit_ledger_read_${statements.size}`, text: numbered, parameters };
      statements.set(text, statement);
    }
    return statement;
  };

  const page = async <T>(
    table: 'transactions' | 'refunds',
    time: 'processed_at' | 'reversed_at',
    tenant: Tenant,
    query: LedgerQuery,
    conditions: readonly string[],
    parameters: Values,
  ): Promise<Page<T>> => {
    const limit = clampLedgerLimit(query.limit);
    const where = ['account_id = @accountId', 'mode = @mode', `${time} IS NOT NULL`, ...conditions];
    if (query.from !== undefined) where.push(`${time} >= @from`);
    if (query.to !== undefined) where.push(`${time} <= @to`);
    if (query.after !== undefined) {
      where.push(
        `(${time}, id) > (SELECT c.${time}, c.id FROM ${table} AS c WHERE c.account_id = @accountId AND c.mode = @mode AND c.id = @after)`,
      );
    }
    const text = `SELECT body FROM ${table} WHERE ${where.join(' AND ')} ORDER BY ${time}, id LIMIT @limit`;
    const { rows } = await run.read(statementOf(text), {
      ...parameters,
      ...tenantOf(tenant),
      ...(query.from === undefined ? {} : { from: query.from }),
      ...(query.to === undefined ? {} : { to: query.to }),
      ...(query.after === undefined ? {} : { after: keyOf(query.after) }),
      limit: limit + 1,
    });
    return { items: recordsOf<T>(rows.slice(0, limit)), hasMore: rows.length > limit };
  };

  return {
    listTransactions(tenant: Tenant, query: TransactionQuery): Promise<Page<Transaction>> {
      const conditions = ['deleted_at IS NULL'];
      const parameters: Record<string, unknown> = {};
      for (const filter of Object.keys(TRANSACTION_FILTERS) as Filter[]) {
        const value = query[filter];
        if (value === undefined) continue;
        conditions.push(TRANSACTION_FILTERS[filter].condition);
        parameters[filter] = TRANSACTION_FILTERS[filter].bind(value);
      }
      return page('transactions', 'processed_at', tenant, query, conditions, parameters);
    },
    listRefundsProcessed(tenant: Tenant, query: LedgerQuery): Promise<Page<Refund>> {
      return page('refunds', 'processed_at', tenant, query, [], {});
    },
    listRefundsReversed(tenant: Tenant, query: LedgerQuery): Promise<Page<Refund>> {
      return page('refunds', 'reversed_at', tenant, query, [], {});
    },
  };
}
