import { keyedError } from '../core/errors.ts';
import { buildTransaction, type TransactionInput } from '../core/ledger/build-transaction.ts';
import { notFound } from '../core/not-found.ts';
import type { Refund, Tenant, Transaction } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { callTime } from './call-time.ts';
import { decideFiling } from './decide-filing.ts';
import { type ListedPage, loadPage, type PageRequest } from './load-page.ts';

/**
 * Refunds per page when the caller gives no `limit`. Small: a refund of a 1,000-line sale is
 * about 600 kB of JSON, and an unpaginated list of 200 of them was 121 MB per request.
 */
export const REFUND_PAGE_SIZE = 10;

/**
 * Refunds serialized per turn of the event loop when the HTTP list is read whole: one. A
 * 1,000-line refund is about 600 kB of JSON; with 200 of them (117 MB) the longest stall of
 * the server was about 50 ms at one a turn, 130–210 ms at two to ten
 * (bench/refund-list-stall.ts).
 */
export const REFUNDS_PER_STREAMED_PAGE = 1;

/** A sale to record, as the wire layer parses it: which calculation, and what the caller says about the sale. */
export interface RecordSaleInput extends TransactionInput {
  readonly calculationId: string;
}

/**
 * Records a calculation as a sale: locate the calculation (CALCULATION_NOT_FOUND keyed
 * `calculationId`), build the transaction (it must not have expired), persist it (the store
 * keeps one transaction per calculation and per reference order id).
 */
export async function createTransaction(
  deps: EngineDeps,
  tenant: Tenant,
  input: RecordSaleInput,
): Promise<Transaction> {
  const { nowMs, now } = callTime(deps, tenant);
  const calculation = await deps.store.getCalculation(tenant, input.calculationId);
  if (calculation === undefined) {
    throw keyedError('CALCULATION_NOT_FOUND', ['calculationId'], `No calculation ${input.calculationId}.`);
  }
  // The input as it is (buildTransaction reads only the sale's fields), not a copy without
  // `calculationId`: a rest copy is a generic property copy on every sale.
  const built = buildTransaction(calculation, input, deps.ids.next('tr', nowMs), now);
  // Without filing rules the sale is filed in its own currency: no await on the common path.
  const transaction = deps.filing === undefined ? built : await decideFiling(deps, built, now);
  await deps.store.insertTransactions(tenant, [transaction]);
  return transaction;
}

/** The live transaction with that id; 404 TRANSACTION_NOT_FOUND keyed `transactionId`. */
export async function getTransaction(deps: EngineDeps, tenant: Tenant, id: string): Promise<Transaction> {
  const transaction = await deps.store.getTransaction(tenant, id);
  if (transaction === undefined) throw transactionNotFound(id);
  return transaction;
}

/** Soft-deletes the transaction; the record stays for audit. */
export async function deleteTransaction(deps: EngineDeps, tenant: Tenant, id: string): Promise<Transaction> {
  const deleted = await deps.store.deleteTransaction(tenant, id, callTime(deps, tenant).now);
  if (deleted === undefined) throw transactionNotFound(id);
  return deleted;
}

/**
 * The transaction's refunds, reversed ones included, oldest first: one page when the request
 * names a cursor or a limit, every refund otherwise (the hosted API's list has no cursor, and
 * its clients read it as complete). The whole list is read a page at a time, with a turn of
 * the event loop between pages.
 */
export async function listRefunds(
  deps: EngineDeps,
  tenant: Tenant,
  transactionId: string,
  request: PageRequest,
): Promise<ListedPage<Refund>> {
  await getTransaction(deps, tenant, transactionId);
  if ((request.after === undefined || request.after === '') && request.limit === undefined) {
    return listAllRefunds(deps, tenant, transactionId);
  }
  return loadPage(
    request,
    REFUND_PAGE_SIZE,
    (options) => deps.store.listRefunds(tenant, transactionId, options),
    (refund) => refund.id,
  );
}

async function listAllRefunds(deps: EngineDeps, tenant: Tenant, transactionId: string): Promise<ListedPage<Refund>> {
  const items: Refund[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await deps.store.listRefunds(tenant, transactionId, {
      ...(after === undefined ? {} : { after }),
      limit: REFUND_PAGE_SIZE,
    });
    items.push(...page.items);
    after = page.items.at(-1)?.id ?? after;
    if (!page.hasMore || page.items.length === 0) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { items, hasMore: false, lastId: items.at(-1)?.id ?? null };
}

function transactionNotFound(id: string) {
  return notFound('transaction', id, ['transactionId']);
}
