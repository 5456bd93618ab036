import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { createPlatformTransactions } from '../operations/platform-transactions.ts';
import { withFields } from '../wire/field-map.ts';
import { parsePlatformTransactionRequest, platformTransactionFields } from '../wire/platform-transaction-request.ts';
import { serializeTransactionList } from '../wire/serialize-lists.ts';
import { requirePlatformVersion } from '../wire/version-rules.ts';
import { callScope } from './call-scope.ts';

export interface PlatformTransactionsResource {
  /**
   * POST /tax/platform/transactions (2026-01-01+): records a platform calculation; answers
   * `{ object: 'list', transactions }` — an order, plus a fee for payment processors.
   */
  create(body: unknown, context?: CallContext): Promise<Record<string, unknown>>;
}

export function createPlatformTransactionsResource(deps: EngineDeps): PlatformTransactionsResource {
  // The version gate, parse the wire body -> the engine operation on domain objects -> serialize.
  return {
    async create(body, context) {
      const { tenant, version } = callScope(deps, context);
      requirePlatformVersion(version, 'POST /tax/platform/transactions');
      const input = parsePlatformTransactionRequest(body);
      const transactions = await withFields(platformTransactionFields, () =>
        createPlatformTransactions(deps, tenant, input),
      );
      return serializeTransactionList(transactions, version, tenant.mode);
    },
  };
}
