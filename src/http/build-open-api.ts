import { z } from 'zod';
import { API_VERSIONS, type ApiVersion, DEFAULT_API_VERSION } from '../wire/api-version.ts';
import { productCategorySchema } from '../wire/product-category-schema.ts';
import type { HttpOperation as Operation, Method, Route } from './route.ts';

type Json = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of `routes` (served at GET /openapi.json). Request bodies are
 * generated from the zod schemas the engine validates with, so the document describes what the
 * server accepts rather than what someone remembered to write down. Success bodies are generated
 * the same way, from the response schemas in src/wire/response-schemas.ts that the test suite
 * checks every real answer against.
 *
 * A body's fields depend on X-API-Version (docs/interface.md §9), and OpenAPI cannot pick a
 * response schema by a header's value. So each 200 response's `schema` is the body of the
 * version a caller gets without the header (the default version, or the operation's first
 * version when it needs a later one), and the vendor extension `x-schemas-by-api-version` maps
 * every version the operation exists in to its body schema. A `oneOf` over the versions was
 * not an option: several versions answer with the same shape, so a body would match more than
 * one branch and fail `oneOf`. Versions that answer alike share one component schema.
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
        param: {
          type: 'string',
          description:
            'taxkit extension: the request field the error is about, as a path (`customer.address.address_postal_code`, `order_details.line_items[0].amount`); absent when the error is about no one field.',
        },
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
      '200': describeSuccess(operation, operationId, schemas),
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

/** The 200 response of `operation`, its body schemas added to `schemas` (see buildOpenApi). */
function describeSuccess(operation: Operation, operationId: string, schemas: Json): Json {
  const headers = { 'X-Request-ID': { $ref: '#/components/headers/RequestId' } };
  const byVersion = Object.entries(operation.responseSchemas ?? {}) as [ApiVersion, z.ZodType][];
  const [first] = byVersion;
  if (first === undefined) {
    return { description: 'Success.', headers, content: { 'application/json': { schema: { type: 'object' } } } };
  }
  const base = `${operationId[0]?.toUpperCase()}${operationId.slice(1)}Response`;
  // Group the versions by the JSON Schema they generate, so alike answers share one component.
  const groups = new Map<string, { versions: ApiVersion[]; schema: z.ZodType }>();
  for (const [version, schema] of byVersion) {
    const key = JSON.stringify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { versions: [version], schema });
    else group.versions.push(version);
  }
  const refs: Partial<Record<ApiVersion, Json>> = {};
  for (const { versions, schema } of groups.values()) {
    const name = groups.size === 1 ? base : `${base}_${versions[0]?.replaceAll('-', '_')}`;
    schemas[name] = toSchema(schema, name, schemas, 'output');
    for (const version of versions) refs[version] = { $ref: `#/components/schemas/${name}` };
  }
  const shown = refs[DEFAULT_API_VERSION] === undefined ? first[0] : DEFAULT_API_VERSION;
  return {
    description:
      groups.size === 1
        ? 'Success; the same body in every X-API-Version the operation exists in.'
        : `Success. The schema is the body of X-API-Version ${shown}; \`x-schemas-by-api-version\` gives the body of every version.`,
    headers,
    content: { 'application/json': { schema: refs[shown] } },
    'x-schemas-by-api-version': refs,
  };
}

/**
 * zod emits recursive parts (metadata's JSON values) as `$defs` of the schema itself, with
 * `#/$defs/…` references that would point at the document root once embedded; they are moved
 * to `components.schemas` under the request's name and the references rewritten.
 */
function toSchema(schema: z.ZodType, name: string, schemas: Json, io: 'input' | 'output' = 'input'): Json {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
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
