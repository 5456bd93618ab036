import type { Refund, Tenant, Transaction } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { TransactionKind } from '../ports/transaction-kind.ts';
import type { ListedPage } from './load-page.ts';

/** Records per page of a ledger list when the caller gives no `limit`. */
export const LEDGER_LIST_PAGE_SIZE = 50;

/** A page of the ledger by period, as the wire layer parses it (Unix seconds, inclusive). */
export interface LedgerListInput {
  readonly from?: number | undefined;
  readonly to?: number | undefined;
  readonly after?: string | undefined;
  readonly limit?: number | undefined;
  readonly filters?: {
    readonly kind?: TransactionKind | undefined;
    readonly customerId?: string | undefined;
    readonly referenceOrderId?: string | undefined;
  };
}

/** One page of live transactions processed in the period, oldest first. */
export async function listTransactions(
  deps: EngineDeps,
  tenant: Tenant,
  input: LedgerListInput,
): Promise<ListedPage<Transaction>> {
  const page = await deps.store.listTransactions(tenant, { ...queryOf(input), ...input.filters });
  return listed(page, input);
}

/** One page of refunds made in the period, reversed ones included, oldest first. */
export async function listRefundsMade(
  deps: EngineDeps,
  tenant: Tenant,
  input: LedgerListInput,
): Promise<ListedPage<Refund>> {
  return listed(await deps.store.listRefundsProcessed(tenant, queryOf(input)), input);
}

/** One page of refunds reversed in the period, by when they were reversed. */
export async function listRefundsReversed(
  deps: EngineDeps,
  tenant: Tenant,
  input: LedgerListInput,
): Promise<ListedPage<Refund>> {
  return listed(await deps.store.listRefundsReversed(tenant, queryOf(input)), input);
}

function queryOf(input: LedgerListInput) {
  return { from: input.from, to: input.to, after: input.after, limit: input.limit ?? LEDGER_LIST_PAGE_SIZE };
}

/** The page with its next cursor: its last id; on an empty page the request's cursor, else null (as every list). */
function listed<T extends { readonly id: string }>(
  page: { readonly items: readonly T[]; readonly hasMore: boolean },
  input: LedgerListInput,
): ListedPage<T> {
  const last = page.items.at(-1);
  return { items: page.items, hasMore: page.hasMore, lastId: last === undefined ? (input.after ?? null) : last.id };
}
