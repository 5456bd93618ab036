import { listOperations } from '../api/list-operations.ts';
import { inEveryVersion, pingResponseSchema } from '../wire/response-schemas.ts';
import type { HttpOperation, Route } from './route.ts';

/** The engine operations as routes, each row of the operation table once, in the table's order. */
function engineRoutes(): Route[] {
  const byPattern = new Map<string, Record<string, HttpOperation>>();
  for (const { name, row } of listOperations()) {
    const takesBody = row.args.includes('body');
    const takesQuery = row.args.includes('query');
    if (takesQuery && row.querySchema === undefined) throw new Error(`${name} takes a query but has no querySchema`);
    // The parameters are the parse schema's keys: what the parser reads is what HTTP passes.
    const queryParameters = takesQuery ? Object.keys(row.querySchema?.shape ?? {}) : [];
    const operation: HttpOperation = {
      summary: row.summary,
      keys: row.keys,
      since: row.since,
      body: takesBody,
      requestSchema: row.requestSchema,
      responseSchemas: row.responseSchemas,
      ...(takesQuery ? { queryParameters } : {}),
      ...(row.completeWithoutCursor === undefined ? {} : { completeWithoutCursor: row.completeWithoutCursor }),
      operation: { name, args: row.args, query: queryParameters },
      ...(row.csv === undefined ? {} : { csv: row.csv as (body: unknown) => string }),
      ...(row.files === undefined ? {} : { files: row.files }),
    };
    const operations = byPattern.get(row.path) ?? {};
    operations[row.method] = operation;
    byPattern.set(row.path, operations);
  }
  return [...byPattern].map(([pattern, operations]) => ({ pattern, operations }));
}

/**
 * Every route of the service interface (docs/interface.md §4): the operation table's, then the
 * two that are HTTP's own (the ping and this document). The router (`handleRequest`) applies
 * the rules; the OpenAPI document is generated from the same list, so the two cannot drift.
 */
export const ROUTES: readonly Route[] = [
  ...engineRoutes(),
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
