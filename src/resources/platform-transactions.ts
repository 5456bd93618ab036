import { TaxError } from '../core/errors.ts';
import { serializeTransactionList } from '../wire/serialize-lists.ts';
import { buildPlatformTransactions } from '../core/ledger/build-platform-transactions.ts';
import type { Metadata } from '../core/types.ts';
import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { requirePlatformVersion } from '../wire/version-rules.ts';
import { parseBody } from '../wire/parse-body.ts';
import { platformTransactionRequestSchema } from '../wire/platform-transaction-request.ts';
import { callScope, callTime } from './call-scope.ts';

export interface PlatformTransactionsResource {
  /**
   * POST /tax/platform/transactions (2026-01-01+): records a platform calculation; answers
   * `{ object: 'list', transactions }` — an order, plus a fee for payment processors.
   */
  create(body: unknown, context?: CallContext): Promise<Record<string, unknown>>;
}

export function createPlatformTransactionsResource(deps: EngineDeps): PlatformTransactionsResource {
  return {
    async create(body, context) {
      const { tenant, version } = callScope(deps, context);
      requirePlatformVersion(version, 'POST /tax/platform/transactions');
      const request = parseBody(platformTransactionRequestSchema, body);
      const { nowMs, now } = callTime(deps);
      const calculation = await deps.store.getCalculation(tenant, request.platform_calculation_id);
      if (calculation === undefined) {
        throw new TaxError('CALCULATION_NOT_FOUND', `No platform calculation ${request.platform_calculation_id}.`, {
          details: { field: 'platform_calculation_id' },
        });
      }
      const transactions = buildPlatformTransactions(
        calculation,
        {
          referenceOrderId: request.reference_order_id,
          referencePaymentId: request.reference_payment_id ?? '',
          processedAt: request.transaction_processed_at,
          metadata: (request.metadata ?? {}) as Metadata,
        },
        { order: deps.ids.next('tr', nowMs), fee: deps.ids.next('tr', nowMs) },
        now,
      );
      await deps.store.insertTransactions(tenant, transactions);
      return serializeTransactionList(transactions, version, tenant.mode);
    },
  };
}
