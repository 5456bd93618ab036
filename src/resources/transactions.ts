import { TaxError } from '../core/errors.ts';
import { serializeRefundList } from '../wire/serialize-lists.ts';
import { notFound } from '../core/not-found.ts';
import { buildTransaction } from '../core/ledger/build-transaction.ts';
import type { Metadata, Tenant } from '../core/types.ts';
import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { parseBody } from '../wire/parse-body.ts';
import { serializeDeletedTransaction, serializeTransaction } from '../wire/serialize-transaction.ts';
import { transactionRequestSchema, type TransactionRequest } from '../wire/transaction-request.ts';
import { callScope, callTime } from './call-scope.ts';
import type { ListRequest } from '../wire/list-request.ts';
import { listPage } from './list-page.ts';

/**
 * Refunds per page when the caller gives no `limit`. Small: a refund of a 1,000-line sale is
 * about 600 kB of JSON, and an unpaginated list of 200 of them was 121 MB per request.
 */
export const REFUND_PAGE_SIZE = 10;

export interface TransactionsResource {
  /**
   * POST /tax/transactions: records a calculation as a sale (docs/interface.md §4.2). One transaction per
   * calculation and per `reference_order_id`; the calculation must not have expired.
   *
   * @example
   * const transaction = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'order-1001' });
   * transaction.id; // "tr_…"
   */
  create(request: TransactionRequest | unknown, context?: CallContext): Promise<Record<string, unknown>>;
  /** GET /tax/transactions/{id}; TRANSACTION_NOT_FOUND when missing or deleted. */
  get(id: string, context?: CallContext): Promise<Record<string, unknown>>;
  /** DELETE /tax/transactions/{id}: a soft delete; the record stays for audit (docs/decisions.md). */
  delete(id: string, context?: CallContext): Promise<Record<string, unknown>>;
  /**
   * GET /tax/transactions/{id}/refunds: its refunds, reversed ones included, oldest first, a
   * page at a time: `limit` (1..100, default 10) and `cursor` (the `last_refund_id` of the
   * previous page); `has_more` says whether another page follows.
   */
  listRefunds(id: string, query?: ListRequest | unknown, context?: CallContext): Promise<Record<string, unknown>>;
}

export function createTransactionsResource(deps: EngineDeps): TransactionsResource {
  return {
    async create(body, context) {
      const { tenant, version } = callScope(deps, context);
      const request = parseBody(transactionRequestSchema, body);
      const { nowMs, now } = callTime(deps);
      const calculation = await deps.store.getCalculation(tenant, request.calculation_id);
      if (calculation === undefined) {
        throw new TaxError('CALCULATION_NOT_FOUND', `No calculation ${request.calculation_id}.`, {
          details: { field: 'calculation_id' },
        });
      }
      const input = {
        referenceOrderId: request.reference_order_id,
        processedAt: request.transaction_processed_at,
        metadata: (request.metadata ?? {}) as Metadata,
      };
      const transaction = buildTransaction(calculation, input, deps.ids.next('tr', nowMs), now);
      await deps.store.insertTransactions(tenant, [transaction]);
      return serializeTransaction(transaction, version, tenant.mode);
    },

    async get(id, context) {
      const { tenant, version } = callScope(deps, context);
      return serializeTransaction(await requireTransaction(deps, tenant, id), version, tenant.mode);
    },

    async delete(id, context) {
      const { tenant } = callScope(deps, context);
      const deleted = await deps.store.deleteTransaction(tenant, id, callTime(deps).now);
      if (deleted === undefined) throw transactionNotFound(id);
      return serializeDeletedTransaction(deleted);
    },

    async listRefunds(id, query, context) {
      const { tenant, version } = callScope(deps, context);
      await requireTransaction(deps, tenant, id);
      const page = await listPage(
        query,
        REFUND_PAGE_SIZE,
        (options) => deps.store.listRefunds(tenant, id, options),
        (refund) => refund.id,
      );
      return serializeRefundList(page, version, tenant.mode);
    },
  };
}

async function requireTransaction(deps: EngineDeps, tenant: Tenant, id: string) {
  const transaction = await deps.store.getTransaction(tenant, id);
  if (transaction === undefined) throw transactionNotFound(id);
  return transaction;
}

function transactionNotFound(id: string): TaxError {
  return notFound('transaction', id, 'transaction_id');
}
