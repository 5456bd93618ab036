import type { z } from 'zod';
import type { CallContext } from '../engine-deps.ts';
import { API_VERSIONS, type ApiVersion } from '../wire/api-version.ts';
import { PLATFORM_SINCE } from '../wire/version-rules.ts';
import { calculationRequestSchema } from '../wire/calculation-request.ts';
import { customerRequestSchema } from '../wire/customer-request.ts';
import { merchantCreateSchema, merchantUpdateSchema } from '../wire/merchant-request.ts';
import { platformCalculationRequestSchema } from '../wire/platform-calculation-request.ts';
import { platformTransactionRequestSchema } from '../wire/platform-transaction-request.ts';
import { productRequestSchema } from '../wire/product-request.ts';
import {
  calculationResponseSchemas,
  customerListResponseSchema,
  customerResponseSchema,
  deletedCustomerResponseSchema,
  deletedMerchantResponseSchema,
  deletedProductResponseSchema,
  deletedTransactionResponseSchema,
  merchantListResponseSchema,
  merchantResponseSchema,
  pingResponseSchema,
  platformCalculationResponseSchemas,
  platformTransactionsResponseSchemas,
  productListResponseSchema,
  productResponseSchema,
  refundListResponseSchemas,
  refundResponseSchemas,
  transactionResponseSchemas,
} from '../wire/response-schemas.ts';
import { refundRequestSchema } from '../wire/refund-request.ts';
import { refundReversalRequestSchema } from '../wire/refund-reversal-request.ts';
import { transactionRequestSchema } from '../wire/transaction-request.ts';
import type { Caller } from './create-key-ring.ts';
import type { CompleteHttpEngine, ListQuery } from './http-engine.ts';

/**
 * Which keys an operation takes. `secret-or-public` is POST /tax/calculations only: the hosted API
 * leaves open which endpoints take public keys (docs/interface.md §5.4), and a calculation is the one call a
 * browser needs for a checkout estimate; it reads no stored record and records no sale.
 */
export type KeyRule = 'none' | 'secret' | 'secret-or-public';

export interface OperationInput {
  /** Every resource method is there: `createHttpApp` fills the ones a partial engine lacks. */
  readonly engine: CompleteHttpEngine;
  /** The path parameter (`:id`), decoded; '' on routes without one. */
  readonly id: string;
  readonly query: Readonly<Record<string, string | undefined>>;
  /** The JSON object body of operations with `body: true`; `{}` otherwise. */
  readonly body: Record<string, unknown>;
  /** Tenant and version; both set on every operation that takes a key. */
  readonly context: CallContext;
  /** The authenticated caller; `undefined` on operations that take no key. */
  readonly caller: Caller | undefined;
  readonly nowMs: number;
  /** The OpenAPI document, built on first use. */
  readonly openApi: () => unknown;
}

export interface Operation {
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly keys: KeyRule;
  /** Oldest X-API-Version the operation exists in (400 UNSUPPORTED_API_VERSION before it). */
  readonly since?: ApiVersion;
  /** Whether the operation reads a JSON object body. */
  readonly body?: boolean;
  /** The schema the engine validates the body with, for the OpenAPI document. */
  readonly requestSchema?: z.ZodType;
  /**
   * The schema of the success body in each version the operation exists in, for the OpenAPI
   * document; absent only where the body is not a record (GET /openapi.json itself).
   */
  readonly responseSchemas?: ResponseSchemas;
  /** Query parameters, for the OpenAPI document. */
  readonly queryParameters?: readonly string[];
  /** Limited per (key, client IP) by the ping rate limit. */
  readonly rateLimited?: boolean;
  /** Extra response headers on success. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly run: (input: OperationInput) => Promise<unknown> | unknown;
}

/** Success-body schemas by X-API-Version (from src/wire/response-schemas.ts). */
export type ResponseSchemas = Readonly<Partial<Record<ApiVersion, z.ZodType>>>;

/** One response schema for every version from `since` on: stored records answer alike in all of them. */
function inEveryVersion(schema: z.ZodType, since: ApiVersion = API_VERSIONS[0]): ResponseSchemas {
  return Object.fromEntries(API_VERSIONS.filter((version) => version >= since).map((version) => [version, schema]));
}

export type Method = 'GET' | 'POST' | 'DELETE';

export interface Route {
  /** `/tax/transactions/:id/refunds`; at most one `:id`. */
  readonly pattern: string;
  readonly operations: Readonly<Partial<Record<Method, Operation>>>;
}

/** The query of every list operation: the same `cursor` and `limit` for products, customers and merchants. */
function listQuery(query: OperationInput['query']): ListQuery {
  const cursor = query.cursor;
  const limit = query.limit;
  return {
    ...(cursor === undefined || cursor === '' ? {} : { cursor }),
    ...(limit === undefined || limit === '' ? {} : { limit }),
  };
}

/**
 * Every route of the service interface (docs/interface.md §4), with what each operation
 * needs. The router (`handleRequest`) applies the rules; the OpenAPI document is generated from
 * the same table, so the two cannot drift apart.
 *
 * Every operation answers 200 on success, creates and deletes included (docs/decisions.md).
 */
export const ROUTES: readonly Route[] = [
  {
    pattern: '/tax/calculations',
    operations: {
      POST: {
        summary: 'Calculate tax for a customer location and line items (records no sale).',
        keys: 'secret-or-public',
        body: true,
        requestSchema: calculationRequestSchema,
        responseSchemas: calculationResponseSchemas,
        run: ({ engine, body, context }) => engine.calculations.create(body, context),
      },
    },
  },
  {
    pattern: '/tax/calculations/:id/replay',
    operations: {
      POST: {
        summary:
          'taxkit extension: recompute a stored calculation with the rate snapshot it used (same line items and totals).',
        keys: 'secret',
        responseSchemas: calculationResponseSchemas,
        run: ({ engine, id, context }) => engine.calculations.replay(id, context),
      },
    },
  },
  {
    pattern: '/tax/transactions',
    operations: {
      POST: {
        summary: 'Record a sale from a calculation.',
        keys: 'secret',
        body: true,
        requestSchema: transactionRequestSchema,
        responseSchemas: transactionResponseSchemas,
        run: ({ engine, body, context }) => engine.transactions.create(body, context),
      },
    },
  },
  {
    pattern: '/tax/transactions/:id',
    operations: {
      GET: {
        summary: 'Retrieve a transaction.',
        keys: 'secret',
        responseSchemas: transactionResponseSchemas,
        run: ({ engine, id, context }) => engine.transactions.get(id, context),
      },
      DELETE: {
        summary: 'Delete a transaction (soft: kept for audit, gone from reads).',
        keys: 'secret',
        responseSchemas: inEveryVersion(deletedTransactionResponseSchema),
        run: ({ engine, id, context }) => engine.transactions.delete(id, context),
      },
    },
  },
  {
    pattern: '/tax/transactions/:id/refunds',
    operations: {
      GET: {
        summary: "List a transaction's refunds, oldest first, a page at a time.",
        keys: 'secret',
        queryParameters: ['cursor', 'limit'],
        responseSchemas: refundListResponseSchemas,
        run: ({ engine, id, query, context }) => engine.transactions.listRefunds(id, listQuery(query), context),
      },
    },
  },
  {
    pattern: '/tax/refunds',
    operations: {
      POST: {
        summary: 'Refund a transaction, fully or partially.',
        keys: 'secret',
        body: true,
        requestSchema: refundRequestSchema,
        responseSchemas: refundResponseSchemas,
        run: ({ engine, body, context }) => engine.refunds.create(body, context),
      },
    },
  },
  {
    pattern: '/tax/refund_reversals',
    operations: {
      POST: {
        summary: 'Reverse a refund.',
        keys: 'secret',
        body: true,
        requestSchema: refundReversalRequestSchema,
        responseSchemas: refundResponseSchemas,
        run: ({ engine, body, context }) => engine.refundReversals.create(body, context),
      },
    },
  },
  {
    pattern: '/tax/products',
    operations: {
      POST: {
        summary: 'Create a product with a tax category.',
        keys: 'secret',
        body: true,
        requestSchema: productRequestSchema,
        responseSchemas: inEveryVersion(productResponseSchema),
        run: ({ engine, body, context }) => engine.products.create(body, context),
      },
      GET: {
        summary: 'List products, 50 per page; `cursor` is the previous last_product_id.',
        keys: 'secret',
        queryParameters: ['cursor', 'limit'],
        responseSchemas: inEveryVersion(productListResponseSchema),
        run: ({ engine, query, context }) => engine.products.list(listQuery(query), context),
      },
    },
  },
  {
    pattern: '/tax/products/:id',
    operations: {
      GET: {
        summary: 'Retrieve a product by reference_product_id.',
        keys: 'secret',
        responseSchemas: inEveryVersion(productResponseSchema),
        run: ({ engine, id, context }) => engine.products.get(id, context),
      },
      DELETE: {
        summary: 'Delete a product.',
        keys: 'secret',
        responseSchemas: inEveryVersion(deletedProductResponseSchema),
        run: ({ engine, id, context }) => engine.products.delete(id, context),
      },
    },
  },
  {
    pattern: '/tax/customers',
    operations: {
      POST: {
        summary: 'Create a customer.',
        keys: 'secret',
        body: true,
        requestSchema: customerRequestSchema,
        responseSchemas: inEveryVersion(customerResponseSchema),
        run: ({ engine, body, context }) => engine.customers.create(body, context),
      },
      GET: {
        summary: 'List customers; `cursor` is the previous last_customer_id.',
        keys: 'secret',
        queryParameters: ['cursor', 'limit'],
        responseSchemas: inEveryVersion(customerListResponseSchema),
        run: ({ engine, query, context }) => engine.customers.list(listQuery(query), context),
      },
    },
  },
  {
    pattern: '/tax/customers/:id',
    operations: {
      GET: {
        summary: "Retrieve a customer by id or the caller's reference_customer_id.",
        keys: 'secret',
        responseSchemas: inEveryVersion(customerResponseSchema),
        run: ({ engine, id, context }) => engine.customers.get(id, context),
      },
      DELETE: {
        summary: 'Delete a customer.',
        keys: 'secret',
        responseSchemas: inEveryVersion(deletedCustomerResponseSchema),
        run: ({ engine, id, context }) => engine.customers.delete(id, context),
      },
    },
  },
  {
    pattern: '/tax/merchants',
    operations: {
      POST: {
        summary: 'Create a merchant (a seller on the platform).',
        keys: 'secret',
        since: PLATFORM_SINCE,
        body: true,
        requestSchema: merchantCreateSchema,
        responseSchemas: inEveryVersion(merchantResponseSchema, PLATFORM_SINCE),
        run: ({ engine, body, context }) => engine.merchants.create(body, context),
      },
      GET: {
        summary: 'List merchants; `limit` 1..100 (default 10), `cursor` is the previous last_merchant_id.',
        keys: 'secret',
        since: PLATFORM_SINCE,
        queryParameters: ['cursor', 'limit'],
        responseSchemas: inEveryVersion(merchantListResponseSchema, PLATFORM_SINCE),
        run: ({ engine, query, context }) => engine.merchants.list(listQuery(query), context),
      },
    },
  },
  {
    pattern: '/tax/merchants/:id',
    operations: {
      GET: {
        summary: "Retrieve a merchant by id or the caller's reference_merchant_id.",
        keys: 'secret',
        since: PLATFORM_SINCE,
        responseSchemas: inEveryVersion(merchantResponseSchema, PLATFORM_SINCE),
        run: ({ engine, id, context }) => engine.merchants.get(id, context),
      },
      POST: {
        summary: 'Update a merchant; tax_ids replaces the whole list.',
        keys: 'secret',
        since: PLATFORM_SINCE,
        body: true,
        requestSchema: merchantUpdateSchema,
        responseSchemas: inEveryVersion(merchantResponseSchema, PLATFORM_SINCE),
        run: ({ engine, id, body, context }) => engine.merchants.update(id, body, context),
      },
      DELETE: {
        summary: 'Delete a merchant.',
        keys: 'secret',
        since: PLATFORM_SINCE,
        responseSchemas: inEveryVersion(deletedMerchantResponseSchema, PLATFORM_SINCE),
        run: ({ engine, id, context }) => engine.merchants.delete(id, context),
      },
    },
  },
  {
    pattern: '/tax/platform/calculations',
    operations: {
      POST: {
        summary: "Calculate tax on a merchant's sale through the platform (amount is per unit).",
        keys: 'secret',
        since: PLATFORM_SINCE,
        body: true,
        requestSchema: platformCalculationRequestSchema,
        responseSchemas: platformCalculationResponseSchemas,
        run: ({ engine, body, context }) => engine.platform.calculations.create(body, context),
      },
    },
  },
  {
    pattern: '/tax/platform/transactions',
    operations: {
      POST: {
        summary: 'Record the transactions of a platform sale (order, and fee for payment processors).',
        keys: 'secret',
        since: PLATFORM_SINCE,
        body: true,
        requestSchema: platformTransactionRequestSchema,
        responseSchemas: platformTransactionsResponseSchemas,
        run: ({ engine, body, context }) => engine.platform.transactions.create(body, context),
      },
    },
  },
  {
    pattern: '/tax/ping',
    operations: {
      GET: {
        summary: 'Health check; needs a secret key; echoes the requested API version.',
        keys: 'secret',
        rateLimited: true,
        headers: { 'Cache-Control': 'no-cache, no-store' },
        responseSchemas: inEveryVersion(pingResponseSchema),
        run: ({ caller, context, nowMs }) => ({
          status: 'ok',
          env: caller?.tenant.mode === 'live' ? 'prod' : 'test',
          timestamp: new Date(nowMs).toISOString(),
          api_version: context.version,
        }),
      },
    },
  },
  {
    pattern: '/openapi.json',
    operations: {
      GET: {
        summary: 'This OpenAPI 3.1 document (no key needed).',
        keys: 'none',
        run: ({ openApi }) => openApi(),
      },
    },
  },
];
