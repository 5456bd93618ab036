import { z } from 'zod';
import { API_VERSIONS, DEFAULT_API_VERSION } from '../wire/api-version.ts';
import { productCategorySchema } from '../wire/product-category-schema.ts';
import type { Method, Operation, Route } from './route-table.ts';

type Json = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of `routes` (served at GET /openapi.json). Request bodies are
 * generated from the zod schemas the engine validates with, so the document describes what the
 * server accepts rather than what someone remembered to write down. Responses are described as
 * JSON objects: their fields depend on X-API-Version (docs/interface.md §9), which one schema cannot say.
 */
export function buildOpenApi(routes: readonly Route[]): Json {
  const schemas: Json = {
    ProductCategory: productCategorySchema(),
    ErrorFlat: {
      description: 'Error body from X-API-Version 2026-01-01 (docs/interface.md §7).',
      type: 'object',
      properties: {
        code: { type: 'integer', description: 'The HTTP status.' },
        type: { type: 'string', description: 'SCREAMING_SNAKE_CASE error type.' },
        message: { type: 'string' },
      },
      required: ['code', 'type', 'message'],
    },
    ErrorNested: {
      description:
        'Error body up to X-API-Version 2025-05-12. `code`/`message` and `error_code`/`error_message` (the hosted API’s published schema) carry the same values.',
      type: 'object',
      properties: {
        error: {
          type: 'object',
          properties: {
            code: { type: 'string', description: 'lower_snake_case error type.' },
            message: { type: 'string' },
            error_code: { type: 'string' },
            error_message: { type: 'string' },
            error_meta: { type: 'object', properties: { field: { type: 'string' } } },
          },
          required: ['code', 'message', 'error_code', 'error_message'],
        },
      },
      required: ['error'],
    },
  };
  const paths: Json = {};
  for (const route of routes) {
    const item: Json = {};
    for (const [method, operation] of Object.entries(route.operations) as [Method, Operation][]) {
      item[method.toLowerCase()] = describeOperation(route, method, operation, schemas);
    }
    paths[route.pattern.replace(':id', '{id}')] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'taxkit',
      version: API_VERSIONS.at(-1),
      description:
        'Sales tax, VAT and GST calculations, transactions and refunds: a local implementation of the tax calculation service interface. Every success is 200; every response carries X-Request-ID.',
    },
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key: sk_test_…/sk_live_… (secret) or, on POST /tax/calculations only, pk_test_…/pk_live_… (public).',
        },
      },
      parameters: {
        ApiVersion: {
          name: 'X-API-Version',
          in: 'header',
          required: false,
          description: 'Dated API version; picks request rules, response fields and the error format.',
          schema: { type: 'string', enum: [...API_VERSIONS], default: DEFAULT_API_VERSION },
        },
      },
      headers: {
        RequestId: { description: 'Unique id of this request.', schema: { type: 'string' } },
      },
      responses: {
        Error: {
          description: 'An error, in the format of the requested X-API-Version.',
          headers: { 'X-Request-ID': { $ref: '#/components/headers/RequestId' } },
          content: {
            'application/json': {
              schema: {
                oneOf: [{ $ref: '#/components/schemas/ErrorFlat' }, { $ref: '#/components/schemas/ErrorNested' }],
              },
            },
          },
        },
      },
      schemas,
    },
  };
}

function describeOperation(route: Route, method: Method, operation: Operation, schemas: Json): Json {
  const operationId = operationIdOf(route, method);
  const parameters: Json[] = [];
  if (operation.keys !== 'none') parameters.push({ $ref: '#/components/parameters/ApiVersion' });
  if (route.pattern.includes(':id')) {
    parameters.push({ name: 'id', in: 'path', required: true, schema: { type: 'string' } });
  }
  for (const name of operation.queryParameters ?? []) {
    parameters.push({ name, in: 'query', required: false, schema: { type: 'string' } });
  }
  const description = [
    operation.since === undefined ? '' : `Needs X-API-Version ${operation.since} or later.`,
    operation.keys === 'secret-or-public' ? 'Takes a secret or a public key.' : '',
    operation.rateLimited === true ? 'Rate limited per API key and client IP (429 with Retry-After).' : '',
  ]
    .filter((text) => text !== '')
    .join(' ');
  const described: Json = {
    operationId,
    summary: operation.summary,
    ...(description === '' ? {} : { description }),
    ...(operation.keys === 'none' ? { security: [] } : {}),
    parameters,
    responses: {
      '200': {
        description: 'Success.',
        headers: { 'X-Request-ID': { $ref: '#/components/headers/RequestId' } },
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      ...(operation.keys === 'none' ? {} : { '4XX': { $ref: '#/components/responses/Error' } }),
      '5XX': { $ref: '#/components/responses/Error' },
    },
  };
  if (operation.body === true) {
    const name = `${operationId[0]?.toUpperCase()}${operationId.slice(1)}Request`;
    schemas[name] =
      operation.requestSchema === undefined ? { type: 'object' } : toSchema(operation.requestSchema, name, schemas);
    described.requestBody = {
      required: true,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
    };
  }
  return described;
}

/**
 * zod emits recursive parts (metadata's JSON values) as `$defs` of the schema itself, with
 * `#/$defs/…` references that would point at the document root once embedded; they are moved
 * to `components.schemas` under the request's name and the references rewritten.
 */
function toSchema(schema: z.ZodType, name: string, schemas: Json): Json {
  const generated = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  const { $schema: _dialect, $defs: defs = {}, ...rest } = generated;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== 'object' || value === null) return value;
    const out: Json = {};
    for (const [key, entry] of Object.entries(value)) {
      out[key] =
        key === '$ref' && typeof entry === 'string' && entry.startsWith('#/$defs/')
          ? `#/components/schemas/${name}_${entry.slice('#/$defs/'.length)}`
          : rewrite(entry);
    }
    return out;
  };
  for (const [defName, def] of Object.entries(defs as Json)) schemas[`${name}_${defName}`] = rewrite(def);
  return rewrite(rest) as Json;
}

/** `POST /tax/refund_reversals` → `postRefundReversals`; `GET /tax/transactions/:id/refunds` → `getTransactionsIdRefunds`. */
function operationIdOf(route: Route, method: Method): string {
  const words = route.pattern
    .split(/[/_.]/)
    .filter((word) => word !== '' && word !== 'tax')
    .map((word) => (word === ':id' ? 'Id' : `${word[0]?.toUpperCase()}${word.slice(1)}`));
  return `${method.toLowerCase()}${words.join('')}`;
}
