import type { Tenant, Transaction } from '../../src/core/types.ts';
import type { PostgresRunner } from './create-postgres-runner.ts';
import type { Statements } from './prepare-statements.ts';
import { transactionRow } from './record-rows.ts';

/** Writes one sale on its own, with the port's errors (the store's single-sale path). */
export type WriteSaleAlone = (tenant: Tenant, transaction: Transaction) => Promise<void>;

/** Group commit of single sales: see {@link createSaleGroups}. */
export type SaleGroups = (tenant: Tenant, transaction: Transaction) => Promise<void>;

interface Waiting {
  readonly tenant: Tenant;
  readonly transaction: Transaction;
  readonly resolve: () => void;
  readonly reject: (reason: unknown) => void;
}

/** Most sales in one statement: bounds its parameters' size and a group's time holding locks. */
const MAX_GROUP = 256;

/**
 * Group commit for sales recorded one per call (the common `POST /tax/transactions`). The sales
 * that arrive during one turn of the event loop (the bodies of concurrent requests read
 * together) are inserted by one auto-committed statement, so one round trip and one WAL flush
 * make all of them durable, and each call is answered only after that commit. A sale alone in
 * its turn is written as before.
 *
 * Exactly-once and uniqueness rest on the same statement and indexes as a sale written alone:
 * a row goes in only when its calculation is not recorded yet, and a row that would break a
 * unique index (its order reference, its id, its calculation as the same type, across every
 * instance) is skipped. Each skipped sale is then written alone after the group, which answers
 * it with the error it would have had (or records it, if what it clashed with was rolled back).
 * Two sales of one calculation in one group: the second waits for the group and is written
 * alone, since the statement's check cannot see its own rows. A failing statement is atomic:
 * none of its group is written, and each call gets its error (STORAGE_UNAVAILABLE: 503 with
 * Retry-After over HTTP).
 */
export function createSaleGroups(run: PostgresRunner, s: Statements, writeAlone: WriteSaleAlone): SaleGroups {
  let queue: Waiting[] = [];

  function flush(): void {
    const waiting = queue;
    queue = [];
    for (let from = 0; from < waiting.length; from += MAX_GROUP) {
      void commitGroup(waiting.slice(from, from + MAX_GROUP));
    }
  }

  async function commitGroup(group: Waiting[]): Promise<void> {
    if (group.length === 1) {
      const [only] = group as [Waiting];
      await settle(only, () => writeAlone(only.tenant, only.transaction));
      return;
    }
    const inGroup: Waiting[] = [];
    const later: Waiting[] = [];
    const calculations = new Set<string>();
    for (const each of group) {
      const calculation = tenantKey(each.tenant, each.transaction.calculationId);
      if (calculations.has(calculation)) later.push(each);
      else {
        calculations.add(calculation);
        inGroup.push(each);
      }
    }
    let inserted: Set<string>;
    try {
      const result = await run.write(s.insertUnrecordedTransactions, columnsOf(inGroup));
      inserted = new Set(
        result.rows.map((row: { account_id: string; mode: string; id: Buffer }) =>
          tenantKey({ accountId: row.account_id, mode: row.mode } as Tenant, row.id.toString('utf8')),
        ),
      );
    } catch (error) {
      for (const each of group) each.reject(error);
      return;
    }
    for (const each of inGroup) {
      if (inserted.has(tenantKey(each.tenant, each.transaction.id))) each.resolve();
      else later.push(each);
    }
    // Rare (a clash, a repeated calculation): one at a time, each with its own answer.
    for (const each of later) await settle(each, () => writeAlone(each.tenant, each.transaction));
  }

  return (tenant, transaction) =>
    new Promise<void>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ tenant, transaction, resolve, reject });
    });
}

async function settle(waiting: Waiting, write: () => Promise<void>): Promise<void> {
  try {
    await write();
    waiting.resolve();
  } catch (error) {
    waiting.reject(error);
  }
}

/** One key per tenant and id: the account id's length makes the joined text unambiguous. */
function tenantKey(tenant: Tenant, id: string): string {
  return `${tenant.accountId.length}:${tenant.mode}:${tenant.accountId}${id}`;
}

/** The statement's parameters: per column, the values of every row in order. */
function columnsOf(group: readonly Waiting[]): Record<string, unknown[]> {
  const columns: Record<string, unknown[]> = {};
  for (const { tenant, transaction } of group) {
    for (const [name, value] of Object.entries(transactionRow(tenant, transaction))) {
      const column = columns[name];
      if (column === undefined) columns[name] = [value];
      else column.push(value);
    }
  }
  return columns;
}
