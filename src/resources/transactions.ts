import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { createTransaction, deleteTransaction, getTransaction, listRefunds } from '../operations/transactions.ts';
import { withFields } from '../wire/field-map.ts';
import { type ListRequest, parseListQuery } from '../wire/list-request.ts';
import { serializeRefundList } from '../wire/serialize-lists.ts';
import { serializeDeletedTransaction, serializeTransaction } from '../wire/serialize-transaction.ts';
import { parseTransactionRequest, transactionFields, type TransactionRequest } from '../wire/transaction-request.ts';
import { callScope } from './call-scope.ts';

export { REFUND_PAGE_SIZE } from '../operations/transactions.ts';

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
  // Each method: parse the wire body -> the engine operation on domain objects -> serialize.
  return {
    async create(body, context) {
      const { tenant, version } = callScope(deps, context);
      const input = parseTransactionRequest(body);
      const transaction = await withFields(transactionFields, () => createTransaction(deps, tenant, input));
      return serializeTransaction(transaction, version, tenant.mode);
    },

    async get(id, context) {
      const { tenant, version } = callScope(deps, context);
      const transaction = await withFields(transactionFields, () => getTransaction(deps, tenant, id));
      return serializeTransaction(transaction, version, tenant.mode);
    },

    async delete(id, context) {
      const { tenant } = callScope(deps, context);
      const deleted = await withFields(transactionFields, () => deleteTransaction(deps, tenant, id));
      return serializeDeletedTransaction(deleted);
    },

    async listRefunds(id, query, context) {
      const { tenant, version } = callScope(deps, context);
      const request = parseListQuery(query);
      const page = await withFields(transactionFields, () => listRefunds(deps, tenant, id, request));
      return serializeRefundList(page, version, tenant.mode);
    },
  };
}
