import type Database from 'better-sqlite3';
import type { Page, Refund, Tenant, Transaction } from '../../src/core/types.ts';
import { clampLedgerLimit, type LedgerQuery, type TransactionQuery } from '../../src/ports/store.ts';

/** The filters of a transaction read, each as a condition on a parameter of the same name. */
const TRANSACTION_FILTERS = {
  kind: `CASE WHEN type = 'fee' THEN 'fee' WHEN merchant_id IS NULL THEN 'sale' ELSE 'platform_order' END = @kind`,
  customerId: 'customer_id = @customerId',
  referenceOrderId: 'reference_order_id = @referenceOrderId',
} as const;

type Filter = keyof typeof TRANSACTION_FILTERS;

/**
 * The ledger's reads by period (`LedgerQuery`): a tenant's transactions by `processed_at`,
 * refunds by `processed_at` and by `reversed_at`, each served by its index on (account, mode,
 * time, id). The cursor is a row of the same table (deleted or not): the page continues after
 * its (time, id), and an id the table does not have gives no rows. Statements are prepared on
 * first use, one per combination of filters.
 */
export function prepareLedgerReads(client: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  const statement = (text: string): Database.Statement => {
    let prepared = statements.get(text);
    if (prepared === undefined) {
      prepared = client.prepare(text);
      statements.set(text, prepared);
    }
    return prepared;
  };

  const page = <T>(
    table: 'transactions' | 'refunds',
    time: 'processed_at' | 'reversed_at',
    tenant: Tenant,
    query: LedgerQuery,
    conditions: readonly string[],
    parameters: Record<string, unknown>,
  ): Page<T> => {
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
    const rows = statement(text).all({
      ...parameters,
      accountId: tenant.accountId,
      mode: tenant.mode,
      ...(query.from === undefined ? {} : { from: query.from }),
      ...(query.to === undefined ? {} : { to: query.to }),
      ...(query.after === undefined ? {} : { after: query.after }),
      limit: limit + 1,
    }) as { body: string }[];
    return {
      items: rows.slice(0, limit).map((row) => JSON.parse(row.body) as T),
      hasMore: rows.length > limit,
    };
  };

  return {
    listTransactions(tenant: Tenant, query: TransactionQuery): Page<Transaction> {
      const conditions = ['deleted_at IS NULL'];
      const parameters: Record<string, unknown> = {};
      for (const filter of Object.keys(TRANSACTION_FILTERS) as Filter[]) {
        const value = query[filter];
        if (value === undefined) continue;
        conditions.push(TRANSACTION_FILTERS[filter]);
        parameters[filter] = value;
      }
      return page('transactions', 'processed_at', tenant, query, conditions, parameters);
    },
    listRefundsProcessed(tenant: Tenant, query: LedgerQuery): Page<Refund> {
      return page('refunds', 'processed_at', tenant, query, [], {});
    },
    listRefundsReversed(tenant: Tenant, query: LedgerQuery): Page<Refund> {
      return page('refunds', 'reversed_at', tenant, query, [], {});
    },
  };
}

/** What {@link prepareLedgerReads} returns. */
export type LedgerReads = ReturnType<typeof prepareLedgerReads>;
